import { defineNoun } from '../core/plural';
import { defineResource } from '../core/resource';

/** Seminars, their audience and types. */
export const seminarsResource = defineResource({
  name: 'seminars',
  order: 50,
  noun: defineNoun({
    one: 'ندوة',
    two: 'ندوتان',
    few: 'ندوات',
    many: 'ندوة',
    other: 'ندوة',
    gender: 'feminine',
    zero: 'لا توجد ندوات',
  }),
  owner: 'mf-engagement',
  permissions: { section: 'الندوات والاستبيانات', keys: { show_seminars: 'إدارة الندوات' } },
  routes: [
    {
      pageId: 'seminars.list',
      path: '/seminar',
      permissions: ['show_seminars'],
      owner: 'mf-engagement',
      title: 'الندوات',
      sidebar: { label: 'الندوات', icon: 'seminars', order: 50 },
    },
    {
      pageId: 'seminars.create',
      path: '/seminar/create',
      permissions: ['show_seminars'],
      owner: 'mf-engagement',
    },
    {
      pageId: 'seminars.edit',
      path: '/seminar/edit/:id',
      permissions: ['show_seminars'],
      owner: 'mf-engagement',
    },
    {
      pageId: 'seminars.show',
      path: '/seminar/show/:id',
      permissions: ['show_seminars'],
      owner: 'mf-engagement',
    },
    {
      pageId: 'seminars.audience',
      path: '/seminar/audience/:id',
      permissions: ['show_seminars'],
      owner: 'mf-engagement',
      title: 'جمهور الندوة',
    },
    // The first route list had /seminar/types and /survey/types as titles only; engagement builds
    // them as pages.
    {
      pageId: 'seminars.types',
      path: '/seminar/types',
      permissions: ['show_seminars'],
      owner: 'mf-engagement',
      title: 'أنواع الندوات',
    },
  ],
  pages: 'listed',
  activity: {
    seminar_type: { label: 'نوع ندوة', link: { pageId: 'seminars.types', withId: false } },
    seminar: { label: 'ندوة', link: { pageId: 'seminars.show', withId: true } },
    seminar_audience: { label: 'تسجيل في ندوة', link: null },
  },
  fields: {},
});
