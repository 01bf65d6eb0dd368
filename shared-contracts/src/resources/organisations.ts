import { NOUNS } from '../core/plural';
import { defineResource, standardRoutes } from '../core/resource';

/** The organisations (جهات) families are referred by: the worked example of a standard resource. */
export const organisationsResource = defineResource({
  name: 'organisations',
  order: 22,
  noun: NOUNS.organisation,
  owner: 'mf-beneficiaries',
  permissions: {
    section: 'الجهات',
    keys: { show_orgs: 'عرض الجهات', create_orgs: 'إضافة الجهات', edit_orgs: 'تعديل الجهات' },
  },
  routes: standardRoutes({
    pageIdPrefix: 'orgs',
    path: '/orgs',
    owner: 'mf-beneficiaries',
    keys: { show: 'show_orgs', create: 'create_orgs', edit: 'edit_orgs' },
    title: 'الجهات',
    header: { description: 'الجهات المانحة والشريكة والحكومية والموردون.' },
    sidebar: { label: 'الجهات', icon: 'organisations', group: 'beneficiaries', order: 22 },
  }),
  pages: 'listed',
  activity: { organisation: { label: 'جهة', link: { pageId: 'orgs.show', withId: true } } },
  fields: {
    name: 'الاسم',
    name_en: 'الاسم بالإنجليزية',
    type: 'النوع',
    registration_number: 'رقم السجل',
    contact_person: 'مسؤول التواصل',
    phone: 'الجوال',
    email: 'البريد الإلكتروني',
    city: 'المدينة',
    website: 'الموقع الإلكتروني',
    status: 'الحالة',
    notes: 'ملاحظات',
    agreements: 'الاتفاقيات',
  },
});
