import { useState, type FormEvent } from 'react';
import { profileUpdateSchema } from 'shared-contracts';
import { Button, FormActions, TextField, useToast } from 'shared-ui';
import { serverFormErrors, zodFormErrors, type FormErrors } from '../api/form-errors';
import { useUpdateProfile } from '../api/use-update-profile';

const FIELDS = ['name'] as const;
type Field = (typeof FIELDS)[number];

/** Changes the employee's own name. */
export function NameForm({ currentName }: { currentName: string }) {
  const [name, setName] = useState(currentName);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const update = useUpdateProfile();
  const { toast } = useToast();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = profileUpdateSchema.safeParse({ name });
    if (!parsed.success) {
      setErrors(zodFormErrors(parsed.error, FIELDS));
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync({ name: parsed.data.name });
      toast({ title: 'تم حفظ الاسم', description: 'ظهر اسمك الجديد في النظام.' });
    } catch (error) {
      const { fieldErrors, message } = serverFormErrors(error, FIELDS);
      setErrors(fieldErrors);
      toast({ variant: 'destructive', title: 'تعذر حفظ الاسم', description: message });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} aria-label="تعديل الاسم">
      <TextField
        label="الاسم"
        name="name"
        autoComplete="name"
        required
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <FormActions>
        <Button
          type="submit"
          loading={update.isPending}
          disabled={name.trim() === currentName.trim()}
        >
          حفظ الاسم
        </Button>
      </FormActions>
    </form>
  );
}
