import { PERMISSION_KEYS, type Employee } from 'shared-contracts';
import {
  type ActivityLogEntry,
  type AdminEmployee,
  type PermissionGroup,
} from 'shared-contracts/admin';

export const superAdmin: Employee = {
  id: 1,
  name: 'مدير النظام',
  email: 'admin@ataa.local',
  active: true,
  permissions: [...PERMISSION_KEYS],
  role: 'Super Admin',
  roles: [{ slug: 'super-admin', name: 'Super Admin' }],
  created_at: '2025-01-01T08:00:00.000Z',
  updated_at: '2025-01-01T08:00:00.000Z',
  last_login_at: '2025-03-01T09:30:00.000Z',
};

/** Holds show_permissions_employees but is not a super admin (the seed's hr@ataa.local). */
export const hrManager: Employee = {
  id: 5,
  name: 'سعد الموارد',
  email: 'hr@ataa.local',
  active: true,
  permissions: ['show_index', 'show_permissions_employees'],
  role: 'مسؤول شؤون الموظفين',
  roles: [{ slug: 'مسؤول-شؤون-الموظفين', name: 'مسؤول شؤون الموظفين' }],
  created_at: '2025-01-02T08:00:00.000Z',
  updated_at: '2025-01-02T08:00:00.000Z',
  last_login_at: null,
};

export const researcher: Employee = {
  id: 2,
  name: 'نورة الباحثة',
  email: 'researcher@ataa.local',
  active: true,
  permissions: ['show_index', 'show_families', 'create_families', 'edit_families'],
  role: 'باحثة اجتماعية',
  roles: [{ slug: 'باحثة-اجتماعية', name: 'باحثة اجتماعية' }],
  created_at: '2025-01-03T08:00:00.000Z',
  updated_at: '2025-01-03T08:00:00.000Z',
  last_login_at: '2025-02-20T07:15:00.000Z',
};

export const inactiveClerk: Employee = {
  id: 6,
  name: 'خالد الاستقبال',
  email: 'inactive@ataa.local',
  active: false,
  permissions: [],
  role: 'موظف استقبال',
  roles: [{ slug: 'موظف-استقبال', name: 'موظف استقبال' }],
  created_at: '2025-01-04T08:00:00.000Z',
  updated_at: '2025-01-04T08:00:00.000Z',
  last_login_at: null,
};

export const updateEntry: ActivityLogEntry = {
  id: 42,
  occurred_at: '2025-03-01T10:00:00.000Z',
  employee_id: 1,
  employee_name: 'مدير النظام',
  action: 'update',
  entity_type: 'employee',
  entity_id: '2',
  entity_label: 'نورة الباحثة',
  changes: {
    active: [true, false],
    permissions: [['show_index'], ['show_index', 'show_families']],
    password: ['[تم التغيير]', '[تم التغيير]'],
  },
  ip: '192.168.1.20',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
};

export const loginEntry: ActivityLogEntry = {
  id: 41,
  occurred_at: '2025-03-01T09:30:00.000Z',
  employee_id: 2,
  employee_name: 'نورة الباحثة',
  action: 'login',
  entity_type: 'employee',
  entity_id: '2',
  entity_label: 'نورة الباحثة',
  changes: null,
  ip: '10.0.0.7',
  user_agent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/127.0',
};

/**
 * An employee as the employees endpoints answer: the individual keys, the groups and
 * the effective union with its sources.
 */
export function adminRecord(
  employee: Employee,
  groups: readonly { id: number; name: string; permissions: readonly string[] }[] = [],
): AdminEmployee {
  const effective = PERMISSION_KEYS.filter(
    (key) =>
      employee.permissions.includes(key) || groups.some((group) => group.permissions.includes(key)),
  );
  return {
    ...employee,
    group_ids: groups.map((group) => group.id),
    groups: groups.map((group) => ({ id: group.id, name: group.name })),
    effective_permissions: effective,
    permission_sources: effective.map((key) => ({
      key,
      individual: employee.permissions.includes(key),
      groups: groups
        .filter((group) => group.permissions.includes(key))
        .map((group) => ({ id: group.id, name: group.name })),
    })),
  };
}

/** A permission group as the API answers it. */
export function groupRecord(
  id: number,
  name: string,
  permissions: readonly string[],
  members: readonly { id: number; name: string; active: boolean; role: string | null }[] = [],
): PermissionGroup {
  return {
    id,
    name,
    description: null,
    permissions: [...permissions],
    members_count: members.length,
    members: [...members],
    created_at: '2025-01-01T08:00:00.000Z',
    updated_at: '2025-01-01T08:00:00.000Z',
    updated_by: null,
  };
}
