/**
 * Every permission key of the product (docs/shell.md#the-employee). The UI guard, the sidebar and
 * the API's route declarations all read this one list; an unknown key is a type error everywhere.
 */
export const PERMISSION_KEYS = [
  'show_index',
  'show_families',
  'create_families',
  'edit_families',
  'show_orgs',
  'create_orgs',
  'edit_orgs',
  'show_seasonal',
  'create_seasonal',
  'edit_seasonal',
  'show_services',
  'show_axise',
  'show_departments',
  'show_financial',
  'show_seminars',
  'show_surveys',
  'show_survey_templates',
  'show_reports',
  'show_permissions_employees',
  'show_calorie_settings',
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** Arabic labels for the permissions screen, grouped the way staff think of them. */
export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  show_index: 'عرض لوحة التحكم',
  show_families: 'عرض الأسر',
  create_families: 'إضافة الأسر',
  edit_families: 'تعديل الأسر',
  show_orgs: 'عرض الجهات',
  create_orgs: 'إضافة الجهات',
  edit_orgs: 'تعديل الجهات',
  show_seasonal: 'عرض البرامج الموسمية',
  create_seasonal: 'إضافة البرامج الموسمية',
  edit_seasonal: 'تعديل البرامج الموسمية',
  show_services: 'إدارة الخدمات',
  show_axise: 'إدارة المحاور',
  show_departments: 'إدارة القطاعات',
  show_financial: 'إدارة المالية',
  show_seminars: 'إدارة الندوات',
  show_surveys: 'إدارة الاستبيانات',
  show_survey_templates: 'إدارة قوالب الاستبيانات',
  show_reports: 'عرض التقارير وأرشيفها',
  show_permissions_employees: 'إدارة الموظفين والصلاحيات',
  show_calorie_settings: 'إعدادات السعرات الحرارية',
};

export function isPermissionKey(value: unknown): value is PermissionKey {
  return typeof value === 'string' && (PERMISSION_KEYS as readonly string[]).includes(value);
}
