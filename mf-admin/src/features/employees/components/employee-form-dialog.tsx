import { useId, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import styled from 'styled-components';
import { readApiError, type Employee } from 'shared-contracts';
import {
  Button,
  CheckboxField,
  ConfirmDialog,
  Dialog,
  FormErrorSummary,
  FormGrid,
  PasswordField,
  TextField,
  applyServerErrors,
  useCurrentEmployee,
  useIsSuperAdmin,
  useSchemaForm,
  useToast,
} from 'shared-ui';
import { useSaveEmployee } from '../api/employees-api';
import {
  EMPLOYEE_FORM_FIELDS,
  SUPER_ADMIN_ROLE,
  employeeFormSchema,
  employeeToFormValues,
  emptyEmployeeForm,
} from './employee-form-values';
import { PermissionsChecklist } from './permissions-checklist';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Suggestion = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin-block-start: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface EmployeeFormDialogProps {
  /** The employee to edit; `null` adds a new one. */
  employee: Employee | null;
  onClose: () => void;
}

/**
 * Add or edit an employee (mounted while open; the page gives it a key per employee so the form
 * starts fresh). Validated with the shared schemas before sending; the server's 422 / 409 field
 * errors land on their fields, anything else (403, network) above the form. Closing with
 * unsaved changes asks first.
 */
export function EmployeeFormDialog({ employee, onClose }: EmployeeFormDialogProps) {
  const formId = useId();
  const roleSuggestionsId = useId();
  const { toast } = useToast();
  const { data: me } = useCurrentEmployee();
  const actorIsSuperAdmin = useIsSuperAdmin();
  const isSelf = employee !== null && me?.id === employee.id;
  const save = useSaveEmployee();
  const [formError, setFormError] = useState<string[]>([]);
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  const schema = useMemo(
    () =>
      employeeFormSchema(employee, {
        actorIsSuperAdmin,
        isSelf,
        currentRole: employee?.role ?? null,
      }),
    [actorIsSuperAdmin, isSelf, employee],
  );

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isDirty },
  } = useSchemaForm(schema, {
    defaultValues: employee ? employeeToFormValues(employee) : emptyEmployeeForm(),
  });

  const onSubmit = handleSubmit(async (changes) => {
    setFormError([]);
    try {
      const saved = await save.mutateAsync(changes);
      toast({
        title: employee ? 'تم تحديث بيانات الموظف' : 'تمت إضافة الموظف',
        description: saved.name,
      });
      onClose();
    } catch (error) {
      const { status, message, fieldErrors } = readApiError(error, 'تعذر حفظ بيانات الموظف');
      // 422 (validation, one's own account) and 409 (duplicate email) name their fields;
      // whatever names no field (and 403, network errors) is shown above the form.
      if (status === 422 || status === 409) {
        const { placed, unmatched } = applyServerErrors(setError, fieldErrors, {
          fields: EMPLOYEE_FORM_FIELDS,
        });
        if (unmatched.length > 0) setFormError(unmatched);
        else if (placed === 0) setFormError([message]);
      } else setFormError([message]);
    }
  });

  const requestClose = () => {
    if (save.isPending) return;
    if (isDirty) setConfirmDiscard(true);
    else onClose();
  };

  const title = employee ? `تعديل الموظف: ${employee.name}` : 'إضافة موظف';

  return (
    <>
      <Dialog
        open
        onClose={requestClose}
        title={title}
        size="lg"
        closeOnBackdrop={false}
        footer={
          <>
            <Button type="submit" form={formId} loading={save.isPending} icon="check">
              {employee ? 'حفظ التعديلات' : 'إضافة الموظف'}
            </Button>
            <Button variant="secondary" onClick={requestClose} disabled={save.isPending}>
              إلغاء
            </Button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} aria-label={title}>
          <Stack>
            <FormErrorSummary messages={formError} />
            <FormGrid>
              <TextField
                label="الاسم"
                required
                autoComplete="off"
                error={errors.name?.message}
                {...register('name')}
              />
              <TextField
                label="البريد الإلكتروني"
                type="email"
                dir="ltr"
                required
                autoComplete="off"
                error={errors.email?.message}
                {...register('email')}
              />
              <PasswordField
                label={employee ? 'كلمة المرور الجديدة' : 'كلمة المرور'}
                required={!employee}
                autoComplete="new-password"
                hint={
                  employee
                    ? 'اتركه فارغاً للإبقاء على كلمة المرور الحالية. تغييرها ينهي جلسات الموظف المفتوحة على الأجهزة الأخرى.'
                    : '8 أحرف على الأقل'
                }
                error={errors.password?.message}
                {...register('password')}
              />
              <div>
                <TextField
                  label="الدور"
                  autoComplete="off"
                  placeholder="مثال: باحثة اجتماعية"
                  list={actorIsSuperAdmin ? roleSuggestionsId : undefined}
                  error={errors.role?.message}
                  {...register('role')}
                />
                {/* Only a super admin may grant the role, so only they are offered it. */}
                {actorIsSuperAdmin ? (
                  <>
                    <datalist id={roleSuggestionsId}>
                      <option value={SUPER_ADMIN_ROLE} />
                    </datalist>
                    <Suggestion>
                      <span>اقتراح:</span>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`استخدام الدور ${SUPER_ADMIN_ROLE} (مدير النظام)`}
                        onClick={() =>
                          setValue('role', SUPER_ADMIN_ROLE, {
                            shouldDirty: true,
                            shouldValidate: false,
                          })
                        }
                      >
                        <bdi dir="ltr">{SUPER_ADMIN_ROLE}</bdi>
                      </Button>
                    </Suggestion>
                  </>
                ) : null}
              </div>
              <div data-span="full">
                <CheckboxField
                  label="الحساب مفعل"
                  hint={
                    isSelf
                      ? 'لا يمكنك إيقاف حسابك بنفسك.'
                      : 'الموظف الموقوف لا يستطيع الدخول إلى النظام.'
                  }
                  error={errors.active?.message}
                  {...register('active')}
                />
              </div>
            </FormGrid>
            <Controller
              control={control}
              name="permissions"
              render={({ field, fieldState }) => (
                <PermissionsChecklist
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Stack>
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirmDiscard}
        title="تجاهل التغييرات؟"
        message="لم تُحفظ التغييرات التي أدخلتها في النموذج. هل تريد إغلاقه دون حفظ؟"
        confirmLabel="تجاهل التغييرات"
        cancelLabel="متابعة التعديل"
        destructive
        onConfirm={() => {
          setConfirmDiscard(false);
          onClose();
        }}
        onCancel={() => setConfirmDiscard(false)}
      />
    </>
  );
}
