import { NOUNS } from '../core/plural';
import { EXPORT_ACTIVITY_FIELDS, defineResource } from '../core/resource';

/** A field visit's fields, as its forms, its export and its activity rows name them. */
const VISIT_FIELDS = {
  family: 'الأسرة',
  researcher: 'الباحث الاجتماعي',
  purpose: 'الغرض من الزيارة',
  planned_date: 'موعد الزيارة',
  visited_on: 'تاريخ الزيارة',
  outcome: 'نتيجة الزيارة',
  notes: 'ملاحظات',
  housing_condition: 'حالة السكن',
  furniture: 'الأثاث',
  appliances: 'الأجهزة المنزلية',
  health_needs_seen: 'احتياجات صحية ملاحظة',
  children_schooling: 'انتظام الأطفال في الدراسة',
  next_reassessment_date: 'موعد إعادة التقييم التالي',
} as const;

/**
 * Field visits (الزيارات الميدانية): a researcher's visit to a family, planned then recorded.
 * They belong to the families section: reading them takes `show_families`, planning and
 * recording `edit_families`, so the resource adds no key of its own. Its schemas and endpoints:
 * `./visits-contracts.ts`; its decisions: docs/visits.md.
 */
export const visitsResource = defineResource({
  name: 'visits',
  order: 21,
  noun: NOUNS.visit,
  owner: 'mf-beneficiaries',
  permissions: { section: 'الأسر', keys: {} },
  routes: [
    {
      pageId: 'visits.list',
      path: '/visits',
      permissions: ['show_families'],
      owner: 'mf-beneficiaries',
      title: 'الزيارات الميدانية',
      header: {
        description:
          'زيارات الباحثين للأسر: المخططة والمنجزة. المتأخرة: مضى موعدها ولم تُسجل نتيجتها.',
      },
      sidebar: {
        label: 'الزيارات الميدانية',
        icon: 'calendar',
        group: 'beneficiaries',
        order: 21.7,
      },
    },
    {
      pageId: 'visits.route-sheet',
      path: '/visits/route-sheet',
      permissions: ['show_families'],
      owner: 'mf-beneficiaries',
      title: 'خط سير الزيارات',
    },
  ],
  pages: 'listed',
  activity: {
    visit: {
      label: 'زيارة ميدانية',
      link: null,
      // and an export of the list: its filters, row count and format
      fields: { ...VISIT_FIELDS, ...EXPORT_ACTIVITY_FIELDS },
    },
  },
  fields: VISIT_FIELDS,
});
