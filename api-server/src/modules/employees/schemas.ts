import { z } from 'zod';
import {
  employeeCreateSchema,
  employeeListQuerySchema,
  employeeSchema,
  employeeUpdateSchema,
  listMetaSchema,
  type EmployeeSortField,
} from 'shared-contracts';

/** The request schemas are the forms' schemas (DESIGN §3); only the envelopes are local. */
export { employeeCreateSchema, employeeListQuerySchema, employeeUpdateSchema };
export type { EmployeeSortField };

export interface EmployeeListFilters {
  active?: boolean;
}

export const employeeEnvelopeSchema = z.object({ message: z.string().optional(), data: employeeSchema });
export const employeeListEnvelopeSchema = z.object({ data: z.array(employeeSchema), meta: listMetaSchema });

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
