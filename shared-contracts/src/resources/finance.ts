import { NOUNS } from '../core/plural';
import { defineResource, standardRoutes } from '../core/resource';

/** Finance: its entries, categories and report, all under one key. */
export const financeResource = defineResource({
  name: 'finance',
  order: 40,
  noun: NOUNS.entry,
  owner: 'mf-finance',
  permissions: { section: 'المالية والتقارير', keys: { show_financial: 'إدارة المالية' } },
  routes: [
    // Create, edit, show and the category list were not in the first route list; finance needs
    // them (one key, show_financial, for all of finance).
    ...standardRoutes({
      pageIdPrefix: 'financial',
      path: '/financial',
      owner: 'mf-finance',
      keys: { show: 'show_financial', create: 'show_financial', edit: 'show_financial' },
      title: 'المالية',
      sidebar: { label: 'المالية', icon: 'finance', order: 40 },
    }),
    {
      pageId: 'financial.report',
      path: '/financial/report',
      permissions: ['show_financial'],
      owner: 'mf-finance',
      title: 'التقرير المالي',
    },
    {
      pageId: 'financial.categories',
      path: '/financial/categories',
      permissions: ['show_financial'],
      owner: 'mf-finance',
      title: 'التصنيفات المالية',
    },
  ],
  pages: 'listed',
  activity: {
    financial_record: { label: 'قيد مالي', link: { pageId: 'financial.show', withId: true } },
    financial_category: {
      label: 'تصنيف مالي',
      link: { pageId: 'financial.categories', withId: false },
    },
    financial_report: { label: 'التقرير المالي', link: null },
  },
  fields: {},
});
