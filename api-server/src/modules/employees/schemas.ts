import type { EmployeeSortField } from 'shared-contracts/admin';

/** The request and response schemas are the declaration's (`employeeEndpoints`, shared-contracts). */
export type { EmployeeSortField };

export interface EmployeeListFilters {
  active?: boolean;
}

export const EMPLOYEE_MESSAGES = {
  notFound: 'الموظف غير موجود',
  duplicateEmail: 'البريد الإلكتروني مستخدم من قبل',
  created: 'تمت إضافة الموظف بنجاح',
  updated: 'تم تحديث بيانات الموظف بنجاح',
  cannotDeactivateSelf: 'لا يمكنك إيقاف حسابك بنفسك',
  cannotDropOwnAdminPermission: 'لا يمكنك إزالة صلاحية إدارة الموظفين والصلاحيات من حسابك',
  cannotDemoteSelf: 'لا يمكنك إزالة دور مدير النظام من حسابك',
  superAdminOnly: 'منح دور مدير النظام أو سحبه أو تعديل حساب مدير النظام متاح لمدير النظام فقط',
} as const;
