import { defineNoun } from '../core/plural';
import { defineResource, standardRoutes } from '../core/resource';

/**
 * __TITLE__ (`__PATH__`): the declaration the permission list, the checklist, the route table,
 * the sidebar and the activity log read. Its schemas and endpoints: `./__NAME__-contracts.ts`.
 */
export const __CAMEL__Resource = defineResource({
  name: '__NAME__',
  order: __ORDER__,
  noun: defineNoun(__NOUN__),
  owner: '__REMOTE__',
  permissions: {
    section: '__TITLE__',
    keys: {
      show___KEY__: 'عرض __PLURAL_GEN__',
      create___KEY__: 'إضافة __PLURAL_GEN__',
      edit___KEY__: 'تعديل __PLURAL_GEN__',
    },
  },
  routes: standardRoutes({
    pageIdPrefix: '__NAME__',
    path: '__PATH__',
    owner: '__REMOTE__',
    keys: { show: 'show___KEY__', create: 'create___KEY__', edit: 'edit___KEY__' },
    title: '__TITLE__',
    sidebar: { label: '__TITLE__', icon: '__ICON__', order: __ORDER__ },
  }),
  pages: 'conventional',
  activity: {
    __ENTITY__: { label: '__SINGULAR__', link: { pageId: '__NAME__.show', withId: true } },
  },
  fields: { name: 'الاسم', description: 'الوصف', active: 'مفعّل' },
});
