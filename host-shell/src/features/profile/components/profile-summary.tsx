import styled from 'styled-components';
import { PERMISSION_LABELS, isPermissionKey, isSuperAdmin, type Employee } from 'shared-contracts';
import { roleLabel as roleName } from 'shared-contracts/admin';
import { Badge } from 'shared-ui';

const List = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.font.weight.medium};
    overflow-wrap: anywhere;
  }
`;

const Permissions = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function roleLabel(employee: Employee): string {
  if (employee.role) return roleName(employee.role);
  const names = (employee.roles ?? [])
    .map((item) => roleName(item.name ?? item.slug))
    .filter((name): name is string => Boolean(name));
  return names.length > 0 ? names.join('، ') : 'موظف';
}

export function AccountDetails({ employee }: { employee: Employee }) {
  return (
    <List>
      <dt>الاسم</dt>
      <dd>{employee.name}</dd>
      <dt>البريد الإلكتروني</dt>
      <dd>
        <bdi dir="ltr">{employee.email}</bdi>
      </dd>
      <dt>الدور</dt>
      <dd>{roleLabel(employee)}</dd>
      <dt>الحالة</dt>
      <dd>
        <Badge tone={employee.active ? 'success' : 'danger'}>
          {employee.active ? 'مفعّل' : 'غير مفعّل'}
        </Badge>
      </dd>
    </List>
  );
}

/** The employee's permission keys with their Arabic labels (unknown keys shown as they are). */
export function PermissionList({ employee }: { employee: Employee }) {
  const superAdmin = isSuperAdmin(employee);
  return (
    <>
      {superAdmin ? <Muted>مدير النظام: يملك أيضاً الوصول إلى تتبع نشاط الموظفين.</Muted> : null}
      {employee.permissions.length === 0 ? (
        <Muted>لا توجد صلاحيات ممنوحة لحسابك.</Muted>
      ) : (
        <Permissions aria-label="الصلاحيات">
          {employee.permissions.map((key) => (
            <li key={key}>
              <Badge tone="info">{isPermissionKey(key) ? PERMISSION_LABELS[key] : key}</Badge>
            </li>
          ))}
        </Permissions>
      )}
    </>
  );
}
