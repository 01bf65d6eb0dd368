import styled from 'styled-components';
import { PERMISSION_KEYS } from 'shared-contracts';
import { permissionLabel, type PermissionGroup } from 'shared-contracts/admin';
import { CheckboxField, Icon, Muted } from 'shared-ui';

const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space.md};
  margin: 0;
  min-inline-size: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
`;

const Legend = styled.legend`
  padding-inline: ${({ theme }) => theme.space.xs};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const ErrorText = styled.p`
  grid-column: 1 / -1;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.dangerText};
`;

/** "عرض الأسر، إضافة الأسر" (or "كل الصلاحيات"): what a group grants. */
export function groupKeysText(group: Pick<PermissionGroup, 'permissions'>): string {
  return group.permissions.length === PERMISSION_KEYS.length
    ? 'كل الصلاحيات'
    : group.permissions.map(permissionLabel).join('، ');
}

export interface EmployeeGroupsFieldProps {
  groups: readonly PermissionGroup[] | undefined;
  loading: boolean;
  failed: boolean;
  value: readonly number[];
  onChange: (next: number[]) => void;
  disabled?: boolean;
  note?: string;
  error?: string;
}

/** The permission groups as checkboxes, each with the keys it grants. */
export function EmployeeGroupsField({
  groups,
  loading,
  failed,
  value,
  onChange,
  disabled,
  note,
  error,
}: EmployeeGroupsFieldProps) {
  const selected = new Set(value);
  const toggle = (id: number, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onChange([...next].sort((a, b) => a - b));
  };
  return (
    <Fieldset aria-invalid={error ? true : undefined}>
      <Legend>مجموعات الصلاحيات</Legend>
      {note ? <Muted>{note}</Muted> : null}
      {loading ? <Muted>جارٍ تحميل المجموعات...</Muted> : null}
      {failed ? <Muted>تعذر تحميل مجموعات الصلاحيات</Muted> : null}
      {groups?.length === 0 ? <Muted>لا توجد مجموعات صلاحيات بعد.</Muted> : null}
      {groups?.map((group) => (
        <CheckboxField
          key={group.id}
          label={group.name}
          hint={groupKeysText(group)}
          name="group_ids"
          value={group.id}
          checked={selected.has(group.id)}
          disabled={disabled}
          onChange={(event) => toggle(group.id, event.target.checked)}
        />
      ))}
      {error ? (
        <ErrorText>
          <Icon name="alert" size={16} />
          {error}
        </ErrorText>
      ) : null}
    </Fieldset>
  );
}
