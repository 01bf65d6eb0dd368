import { useState, type FormEvent } from 'react';
import { ARABIC_MESSAGES, profileUpdateSchema } from 'shared-contracts';
import { Button, FormActions, FormGrid, PasswordField, useToast } from 'shared-ui';
import { serverFormErrors, zodFormErrors, type FormErrors } from '../api/form-errors';
import { useUpdateProfile } from '../api/use-update-profile';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = { current_password: '', password: '', password_confirmation: '' };

/** Changes the employee's own password: current, new and its confirmation (profileUpdateSchema). */
export function PasswordForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const update = useUpdateProfile();
  const { toast } = useToast();

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // All three are needed here, even though the shared schema lets a name-only update omit them.
    const missing: FormErrors<Field> = {};
    for (const field of FIELDS) if (values[field] === '') missing[field] = ARABIC_MESSAGES.required;
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    const parsed = profileUpdateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(zodFormErrors(parsed.error, FIELDS));
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
      setValues(EMPTY);
      toast({
        title: 'تم تغيير كلمة المرور',
        description: 'استخدم كلمة المرور الجديدة عند تسجيل الدخول القادم.',
      });
    } catch (error) {
      const { fieldErrors, message } = serverFormErrors(error, FIELDS);
      setErrors(fieldErrors);
      toast({ variant: 'destructive', title: 'تعذر تغيير كلمة المرور', description: message });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} aria-label="تغيير كلمة المرور">
      <FormGrid>
        <div data-span="full">
          <PasswordField
            label="كلمة المرور الحالية"
            name="current_password"
            autoComplete="current-password"
            required
            value={values.current_password}
            error={errors.current_password}
            onChange={set('current_password')}
          />
        </div>
        <PasswordField
          label="كلمة المرور الجديدة"
          name="password"
          autoComplete="new-password"
          required
          hint="8 أحرف على الأقل"
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        <PasswordField
          label="تأكيد كلمة المرور الجديدة"
          name="password_confirmation"
          autoComplete="new-password"
          required
          value={values.password_confirmation}
          error={errors.password_confirmation}
          onChange={set('password_confirmation')}
        />
      </FormGrid>
      <FormActions>
        <Button type="submit" loading={update.isPending}>
          تغيير كلمة المرور
        </Button>
      </FormActions>
    </form>
  );
}
