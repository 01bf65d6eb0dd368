import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { PERMISSION_KEYS, pathTo, type PermissionKey } from 'shared-contracts';
import {
  grantableKeys,
  permissionGroupInputSchema,
  permissionGroupToInput,
  PERMISSION_GROUP_MESSAGES,
  type PermissionGroup,
} from 'shared-contracts/admin';
import {
  Card,
  FormGrid,
  RecordForm,
  SectionTitle,
  TextAreaField,
  TextField,
  bindFields,
  useCurrentEmployee,
  useRecordFormSave,
  useSchemaForm,
} from 'shared-ui';
import { PermissionsChecklist } from '../../../lib/permissions-checklist';
import { useSaveGroup } from '../api/permission-groups-api';

const EMPTY = { name: '', description: '', permissions: [] as PermissionKey[] };

/**
 * Create (`group` null) or edit a permission group: its name, what it is for, and its keys as
 * the grouped checklist with each key's Arabic meaning and the pages it opens. The keys the
 * employee may not grant (`grantableKeys`, the API's own rule) are shown disabled; a group
 * they belong to cannot be changed by them at all.
 */
export function PermissionGroupForm({ group }: { group: PermissionGroup | null }) {
  const { data: me } = useCurrentEmployee();
  const saveGroup = useSaveGroup(group?.id ?? null);
  const form = useSchemaForm(permissionGroupInputSchema, {
    defaultValues: group ? permissionGroupToInput(group) : EMPTY,
  });
  const fieldProps = bindFields(form.register, form.formState.errors);
  const isMember =
    group !== null &&
    me !== undefined &&
    (group.members ?? []).some((member) => member.id === me.id);
  const grantable = useMemo(() => (me && !isMember ? grantableKeys(me) : []), [me, isMember]);
  const note = isMember
    ? PERMISSION_GROUP_MESSAGES.ownGroup
    : me && grantable.length < PERMISSION_KEYS.length
      ? 'الصلاحيات المعطلة لا يضيفها إلى مجموعة أو يسحبها إلا من يملكها، وصلاحية إدارة الموظفين والصلاحيات لمدير النظام فقط.'
      : undefined;

  const save = useRecordFormSave({
    form,
    save: saveGroup,
    errorTitle: 'تعذر حفظ مجموعة الصلاحيات',
    onSaved: (answer) => ({
      toast: {
        title: group ? 'حُفظت تعديلات المجموعة' : 'أُضيفت مجموعة الصلاحيات',
        description:
          group && group.members_count > 0
            ? `${answer.data.name}: تسري على أعضائها من طلبهم التالي`
            : answer.data.name,
      },
      to: pathTo('permissions.list'),
    }),
  });

  return (
    <RecordForm
      form={form}
      save={save}
      label={group ? 'تعديل مجموعة الصلاحيات' : 'إضافة مجموعة صلاحيات'}
      submitLabel={group ? 'حفظ التعديلات' : 'إضافة المجموعة'}
      cancelTo={pathTo('permissions.list')}
    >
      <Card as="section" aria-labelledby="group-basics">
        <SectionTitle id="group-basics">بيانات المجموعة</SectionTitle>
        <FormGrid>
          <TextField label="اسم المجموعة" required autoComplete="off" {...fieldProps('name')} />
          <div data-span="full">
            <TextAreaField label="الوصف" rows={2} {...fieldProps('description')} />
          </div>
        </FormGrid>
      </Card>
      <Controller
        control={form.control}
        name="permissions"
        render={({ field, fieldState }) => (
          <PermissionsChecklist
            legend="صلاحيات المجموعة"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            grantable={grantable}
            note={note}
            showPages
          />
        )}
      />
    </RecordForm>
  );
}
