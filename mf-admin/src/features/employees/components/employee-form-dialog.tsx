import { useId, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import { PASSWORD_MESSAGES, PERMISSION_KEYS, readApiError } from 'shared-contracts';
import {
  EMPLOYEE_ROLES,
  PERMISSION_GROUP_MESSAGES,
  type AdminEmployee,
  EMPLOYEE_RULE_MESSAGES,
  grantableKeys,
  passwordResetRefusal,
  roleLabel,
} from 'shared-contracts/admin';
import {
  Button,
  CheckboxField,
  ConfirmDialog,
  Dialog,
  FormErrorSummary,
  FormGrid,
  PasswordField,
  SelectField,
  TextField,
  type SelectOption,
  applyServerErrors,
  useCurrentEmployee,
  useIsSuperAdmin,
  useSchemaForm,
  useToast,
} from 'shared-ui';
import { useAllGroups, useSaveEmployee } from '../api/employees-api';
import { EffectivePermissions, keySources } from './effective-permissions';
import { EmployeeGroupsField } from './employee-groups-field';
import {
  EMPLOYEE_FORM_FIELDS,
  SUPER_ADMIN_ROLE,
  employeeFormSchema,
  employeeToFormValues,
  emptyEmployeeForm,
} from './employee-form-values';
import { PermissionsChecklist } from '../../../lib/permissions-checklist';

const PERMISSION_KEY_COUNT = PERMISSION_KEYS.length;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/**
 * The roles offered (chosen from a list, not typed): the contracts' table; only a super
 * admin is offered the super admin role; an employee's current role stays offered even when the
 * table no longer lists it, so editing never drops it silently.
 */
function roleOptions(actorIsSuperAdmin: boolean, current: string | null): SelectOption[] {
  const options: SelectOption[] = EMPLOYEE_ROLES.filter(
    (role) => actorIsSuperAdmin || role.code !== SUPER_ADMIN_ROLE,
  ).map((role) => ({ value: role.code, label: role.label }));
  if (current && !options.some((option) => option.value === current))
    options.push({ value: current, label: roleLabel(current) });
  return options;
}
export interface EmployeeFormDialogProps {
  /** The employee to edit; `null` adds a new one. */
  employee: AdminEmployee | null;
  onClose: () => void;
  /** A new employee was added (the list then shows the newest first, where it is). */
  onCreated?: () => void;
}

/**
 * Add or edit an employee (mounted while open; the page gives it a key per employee so the form
 * starts fresh). Validated with the shared schemas before sending; the server's 422 / 409 field
 * errors land on their fields, anything else (403, network) above the form. Closing with
 * unsaved changes asks first.
 */
export function EmployeeFormDialog({ employee, onClose, onCreated }: EmployeeFormDialogProps) {
  const formId = useId();
  const { toast } = useToast();
  const { data: me } = useCurrentEmployee();
  const actorIsSuperAdmin = useIsSuperAdmin();
  const isSelf = employee !== null && me?.id === employee.id;
  const save = useSaveEmployee();
  const [formError, setFormError] = useState<string[]>([]);
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  const groups = useAllGroups();
  const groupList = groups.data?.data;
  const schema = useMemo(
    () => employeeFormSchema(employee, { actor: me, groups: groupList ?? [] }),
    [employee, me, groupList],
  );
  // The same rules the schema checks, shown before anyone types: keys the actor may not grant
  // or remove are disabled, and one's own permissions are not editable at all.
  const grantable = useMemo(() => (me && !isSelf ? grantableKeys(me) : []), [me, isSelf]);
  const permissionsNote = isSelf
    ? EMPLOYEE_RULE_MESSAGES.cannotChangeOwnPermissions
    : grantable.length < PERMISSION_KEY_COUNT
      ? 'الصلاحيات المعطلة لا يمنحها أو يسحبها إلا من يملكها، وصلاحية إدارة الموظفين والصلاحيات لمدير النظام فقط.'
      : undefined;
  const passwordRefusal = employee && me && !isSelf ? passwordResetRefusal(me, employee) : null;

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useSchemaForm(schema, {
    defaultValues: employee ? employeeToFormValues(employee) : emptyEmployeeForm(),
  });

  // The effective permissions as they will be after saving, with their sources.
  const [watchedKeys, watchedGroups] = useWatch({ control, name: ['permissions', 'group_ids'] });
  const sources = keySources(
    watchedKeys,
    (groupList ?? []).filter((group) => watchedGroups.includes(group.id)),
  );

  const onSubmit = handleSubmit(async (changes) => {
    setFormError([]);
    try {
      const saved = await save.mutateAsync(changes);
      toast({
        title: employee ? 'تم تحديث بيانات الموظف' : 'تمت إضافة الموظف',
        description: saved.name,
      });
      if (!employee) onCreated?.();
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
                  passwordRefusal ??
                  (employee
                    ? `اتركه فارغاً للإبقاء على كلمة المرور الحالية (${PASSWORD_MESSAGES.lengthHint}). تغييرها ينهي جلسات الموظف المفتوحة على الأجهزة الأخرى.`
                    : PASSWORD_MESSAGES.lengthHint)
                }
                error={errors.password?.message}
                {...register('password')}
              />
              <SelectField
                label="الدور"
                placeholder="بدون دور"
                options={roleOptions(actorIsSuperAdmin, employee?.role ?? null)}
                error={errors.role?.message}
                {...register('role')}
              />
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
                  grantable={grantable}
                  note={permissionsNote}
                  legend="الصلاحيات الفردية"
                />
              )}
            />
            <Controller
              control={control}
              name="group_ids"
              render={({ field, fieldState }) => (
                <EmployeeGroupsField
                  groups={groupList}
                  loading={groups.isPending}
                  failed={groups.isError}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={isSelf}
                  note={
                    isSelf
                      ? PERMISSION_GROUP_MESSAGES.ownGroups
                      : 'يملك الموظف صلاحيات كل مجموعة ينتمي إليها إضافة إلى صلاحياته الفردية.'
                  }
                  error={fieldState.error?.message}
                />
              )}
            />
            <EffectivePermissions sources={sources} headingId={`${formId}-effective`} />
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
