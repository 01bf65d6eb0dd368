import { EMPLOYEE_RULE_MESSAGES, type EmployeeSortField } from 'shared-contracts/admin';

/** The request and response schemas are the declaration's (`employeeEndpoints`, shared-contracts). */
export type { EmployeeSortField };

export interface EmployeeListFilters {
  active?: boolean;
  groupId?: number;
  role?: string;
}

export const EMPLOYEE_MESSAGES = {
  notFound: 'الموظف غير موجود',
  duplicateEmail: 'البريد الإلكتروني مستخدم من قبل',
  created: 'تمت إضافة الموظف بنجاح',
  updated: 'تم تحديث بيانات الموظف بنجاح',
  // Who may change what: the shared rules' messages (shared-contracts/admin, employee-rules.ts).
  ...EMPLOYEE_RULE_MESSAGES,
} as const;
