import { defineResource } from '../core/resource';

/**
 * The releases page: each remote's stable and rollout versions with what browsers report about
 * them (docs/decisions/0014). Super administrators only, so no key of its own; it changes nothing
 * (releases are made with `pnpm release`), so it logs no activity.
 */
export const releasesResource = defineResource({
  name: 'releases',
  order: 72,
  noun: null,
  owner: 'mf-admin',
  permissions: { section: 'الإدارة والإعدادات', keys: {} },
  routes: [
    {
      pageId: 'releases',
      path: '/releases',
      permissions: [],
      superAdminOnly: true,
      owner: 'mf-admin',
      title: 'الإصدارات',
      header: {
        description:
          'الإصدار المستقر لكل قسم وطرحه التدريجي وما تبلغ عنه المتصفحات من تحميل وأخطاء.',
      },
      sidebar: { label: 'الإصدارات', icon: 'activity', group: 'settings', order: 82 },
    },
  ],
  pages: 'listed',
  activity: {},
});
