import type { PermissionKey } from 'shared-contracts';

export interface PermissionKeySection {
  title: string;
  keys: readonly PermissionKey[];
}

/**
 * (Sections of the checklist, not the permission groups employees belong to.)
 * The permission keys grouped as the sidebar groups the pages, so an administrator finds
 * "families: show / create / edit" together. A test checks every key of PERMISSION_KEYS appears
 * exactly once, so a key added to the contract cannot silently vanish from the form.
 */
export const PERMISSION_KEY_SECTIONS: readonly PermissionKeySection[] = [
  { title: 'لوحة التحكم', keys: ['show_index'] },
  { title: 'الأسر', keys: ['show_families', 'create_families', 'edit_families'] },
  { title: 'الجهات', keys: ['show_orgs', 'create_orgs', 'edit_orgs'] },
  { title: 'البرامج الموسمية', keys: ['show_seasonal', 'create_seasonal', 'edit_seasonal'] },
  { title: 'الخدمات', keys: ['show_services', 'show_axise', 'show_departments'] },
  { title: 'المالية والتقارير', keys: ['show_financial', 'show_reports'] },
  {
    title: 'الندوات والاستبيانات',
    keys: ['show_seminars', 'show_surveys', 'show_survey_templates'],
  },
  { title: 'الإدارة والإعدادات', keys: ['show_permissions_employees', 'show_calorie_settings'] },
];
