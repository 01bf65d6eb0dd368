import { defineResource } from '../core/resource';

/** The overview page: one key, no records of its own. */
export const dashboardResource = defineResource({
  name: 'dashboard',
  order: 10,
  noun: null,
  owner: 'mf-reports',
  permissions: { section: 'لوحة التحكم', keys: { show_index: 'عرض لوحة التحكم' } },
  routes: [
    {
      pageId: 'dashboard',
      path: '/dashboard',
      permissions: ['show_index'],
      owner: 'mf-reports',
      title: 'لوحة التحكم',
      sidebar: { label: 'نظرة عامة', icon: 'dashboard', order: 10 },
    },
  ],
  pages: 'listed',
  activity: {},
});
