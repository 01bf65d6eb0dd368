import { NOUNS } from '../core/plural';
import { EXPORT_ACTIVITY_FIELDS, defineResource } from '../core/resource';

/** The activity log's page: super administrators only, so no key of its own. */
export const activityLogResource = defineResource({
  name: 'activity-log',
  order: 71,
  noun: NOUNS.record,
  owner: 'mf-admin',
  permissions: { section: 'الإدارة والإعدادات', keys: {} },
  routes: [
    {
      pageId: 'activity-tracking',
      path: '/activity-tracking',
      permissions: [],
      superAdminOnly: true,
      owner: 'mf-admin',
      title: 'تتبع نشاط الموظفين',
      sidebar: { label: 'تتبع نشاط الموظفين', icon: 'activity', order: 71 },
    },
  ],
  pages: 'listed',
  activity: {
    // Only its exports are logged: their filters (by their query names), rows and format.
    activity_log: {
      label: 'سجل النشاط',
      link: null,
      fields: {
        ...EXPORT_ACTIVITY_FIELDS,
        employee_id: 'رقم الموظف',
        family_id: 'رقم الأسرة',
        action: 'الإجراء',
        entity_type: 'نوع السجل',
        entity_id: 'رقم السجل',
        from: 'من تاريخ',
        to: 'إلى تاريخ',
      },
    },
  },
});
