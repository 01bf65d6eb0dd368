/**
 * The employees' roles (one vocabulary): the values the employee form offers and the
 * Arabic name shown for each. The API stores the role as written; `Super Admin` is the value
 * docs/shell.md#permissions and the API read as the super admin, so it is stored as is and always
 * shown in Arabic.
 */
export const SUPER_ADMIN_ROLE_CODE = 'Super Admin';

export const EMPLOYEE_ROLES = [
  { code: SUPER_ADMIN_ROLE_CODE, label: 'مدير النظام' },
  { code: 'مدير الجمعية', label: 'مدير الجمعية' },
  { code: 'باحثة اجتماعية', label: 'باحثة اجتماعية' },
  { code: 'باحث اجتماعي', label: 'باحث اجتماعي' },
  { code: 'محاسب', label: 'محاسب' },
  { code: 'منسقة خدمات', label: 'منسقة خدمات' },
  { code: 'مسؤول شؤون الموظفين', label: 'مسؤول شؤون الموظفين' },
  { code: 'موظف استقبال', label: 'موظف استقبال' },
  { code: 'أمين مستودع', label: 'أمين مستودع' },
] as const;

/** A stored role for people: the table's Arabic name, else the role as stored. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return '';
  const known = EMPLOYEE_ROLES.find(
    (item) => item.code.toLowerCase() === role.trim().toLowerCase(),
  );
  return known ? known.label : role;
}
