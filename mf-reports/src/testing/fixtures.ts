import type { Employee, PermissionKey } from 'shared-contracts';

/** Everything the reports section needs: the dashboard and the reports (the lists a figure links to need their own keys). */
export const REPORTS_KEYS: PermissionKey[] = ['show_index', 'show_reports', 'show_families'];

/** The logged-in employee of a test (a manager unless told otherwise). */
export function employee(permissions: PermissionKey[] = REPORTS_KEYS): Employee {
  return {
    id: 1,
    name: 'منيرة التقارير',
    email: 'muneera@example.org',
    active: true,
    permissions,
    role: null,
  };
}
