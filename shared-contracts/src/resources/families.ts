import { NOUNS } from '../core/plural';
import { defineResource } from '../core/resource';

/** Families and their members (the members list is a page of its own). */
export const familiesResource = defineResource({
  name: 'families',
  order: 20,
  noun: NOUNS.family,
  owner: 'mf-beneficiaries',
  permissions: {
    section: 'الأسر',
    keys: {
      show_families: 'عرض الأسر',
      create_families: 'إضافة الأسر',
      edit_families: 'تعديل الأسر',
      import_families: 'استيراد الأسر',
    },
  },
  routes: [
    {
      pageId: 'families.list',
      path: '/families',
      permissions: ['show_families'],
      owner: 'mf-beneficiaries',
      title: 'الأسر',
      sidebar: { label: 'الأسر', icon: 'families', group: 'beneficiaries', order: 20 },
    },
    {
      pageId: 'families.create',
      path: '/families/create',
      permissions: ['create_families'],
      owner: 'mf-beneficiaries',
      title: 'تسجيل أسرة',
    },
    {
      pageId: 'families.edit',
      path: '/families/edit/:id',
      permissions: ['edit_families'],
      owner: 'mf-beneficiaries',
    },
    {
      pageId: 'families.show',
      path: '/families/show/:id',
      permissions: ['show_families'],
      owner: 'mf-beneficiaries',
    },
    {
      pageId: 'families.members',
      path: '/families/members',
      permissions: ['show_families'],
      owner: 'mf-beneficiaries',
      title: 'أفراد الأسر',
      sidebar: { label: 'أفراد الأسر', icon: 'members', group: 'beneficiaries', order: 21 },
    },
    {
      pageId: 'families.import',
      path: '/families/import',
      permissions: ['import_families'],
      owner: 'mf-beneficiaries',
      title: 'استيراد الأسر',
      sidebar: { label: 'استيراد الأسر', icon: 'download', group: 'beneficiaries', order: 21.5 },
    },
    {
      pageId: 'families.import.show',
      path: '/families/import/:id',
      permissions: ['import_families'],
      owner: 'mf-beneficiaries',
    },
  ],
  pages: 'listed',
  activity: {
    family: { label: 'أسرة', link: { pageId: 'families.show', withId: true } },
    family_member: { label: 'فرد أسرة', link: null },
    family_import: { label: 'استيراد أسر', link: { pageId: 'families.import.show', withId: true } },
  },
  fields: {},
});
