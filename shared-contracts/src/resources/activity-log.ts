import { NOUNS } from '../core/plural';
import { defineResource } from '../core/resource';

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
  activity: { activity_log: { label: 'سجل النشاط', link: null } },
  fields: {},
});
