import styled from 'styled-components';
import { isSuperAdmin } from 'shared-contracts';
import {
  roleLabel,
  type AdminEmployee as Employee,
  type EmployeeSortField,
} from 'shared-contracts/admin';
import {
  Badge,
  Button,
  formatDateTime,
  formatNumber,
  EMPTY_VALUE,
  LtrText,
  type DataTableColumn,
} from 'shared-ui';

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** Buttons of one table row. */
const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const NameCell = styled.span`
  display: inline-flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

export interface EmployeeColumnsOptions {
  /** The logged-in employee's id: their own row offers no deactivation (the API refuses it). */
  currentEmployeeId: number | undefined;
  actorIsSuperAdmin: boolean;
  /** The employee may call the update endpoint (edit, activate / deactivate). */
  canEdit: boolean;
  onEdit: (employee: Employee) => void;
  onToggleActive: (employee: Employee) => void;
}

/** The sortable columns (of the contract's `EMPLOYEE_SORT_FIELDS`) the table offers. */
export const SORTABLE_COLUMNS: readonly EmployeeSortField[] = ['name', 'email'];

/** The employees table's columns: name (with "you"), email, role, status, permissions, last login, actions. */
export function employeeColumns({
  currentEmployeeId,
  actorIsSuperAdmin,
  canEdit,
  onEdit,
  onToggleActive,
}: EmployeeColumnsOptions): DataTableColumn<Employee>[] {
  const columns: DataTableColumn<Employee>[] = [
    {
      id: 'name',
      header: 'الاسم',
      sortable: true,
      cell: (employee) => (
        <NameCell>
          {employee.name}
          {employee.id === currentEmployeeId ? <Badge tone="info">أنت</Badge> : null}
        </NameCell>
      ),
    },
    {
      id: 'email',
      header: 'البريد الإلكتروني',
      sortable: true,
      cell: (employee) => <LtrText>{employee.email}</LtrText>,
    },
    {
      id: 'role',
      header: 'الدور',
      cell: (employee) =>
        isSuperAdmin(employee) ? (
          <Badge tone="warning">{roleLabel(employee.role) || 'مدير النظام'}</Badge>
        ) : (
          roleLabel(employee.role) || EMPTY_VALUE
        ),
    },
    {
      id: 'active',
      header: 'الحالة',
      cell: (employee) =>
        employee.active ? <Badge tone="success">مفعل</Badge> : <Badge tone="danger">موقوف</Badge>,
    },
    {
      id: 'groups',
      header: 'المجموعات',
      truncate: true,
      cell: (employee) =>
        employee.groups.length === 0 ? (
          <Muted>بدون مجموعة</Muted>
        ) : (
          employee.groups.map((group) => group.name).join('، ')
        ),
    },
    {
      id: 'permissions',
      header: 'عدد الصلاحيات',
      label: 'عدد الصلاحيات الفعلية',
      align: 'center',
      // The effective keys (own ∪ groups'): what the employee can actually do.
      cell: (employee) => formatNumber(employee.effective_permissions.length),
    },
    {
      id: 'last_login_at',
      header: 'آخر دخول',
      nowrap: true,
      cell: (employee) => formatDateTime(employee.last_login_at ?? null),
    },
  ];
  if (!canEdit) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'الإجراءات',
      cell: (employee) => {
        // Only a super admin may edit a super admin (the API answers 403 otherwise).
        if (isSuperAdmin(employee) && !actorIsSuperAdmin) return <Muted>يديره مدير النظام</Muted>;
        const isSelf = employee.id === currentEmployeeId;
        return (
          <RowActions>
            <Button
              size="sm"
              variant="secondary"
              icon="edit"
              aria-label={`تعديل ${employee.name}`}
              onClick={() => onEdit(employee)}
            >
              تعديل
            </Button>
            {isSelf ? null : (
              <Button
                size="sm"
                variant={employee.active ? 'ghost' : 'secondary'}
                aria-label={`${employee.active ? 'إيقاف' : 'تفعيل'} ${employee.name}`}
                onClick={() => onToggleActive(employee)}
              >
                {employee.active ? 'إيقاف' : 'تفعيل'}
              </Button>
            )}
          </RowActions>
        );
      },
    },
  ];
}
