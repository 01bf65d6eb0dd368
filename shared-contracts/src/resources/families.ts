import { NOUNS } from '../core/plural';
import { EXPORT_ACTIVITY_FIELDS, defineResource } from '../core/resource';

/** A family's fields, as its forms and its activity rows name them. */
const FAMILY_FIELDS = {
  file_number: 'رقم الملف',
  status: 'الحالة',
  status_reason: 'سبب الحالة',
  head_name: 'اسم رب الأسرة',
  primary_phone: 'الجوال الأساسي',
  alt_phone: 'الجوال البديل',
  city: 'المدينة',
  district: 'الحي',
  address: 'العنوان',
  national_address_short_code: 'العنوان الوطني المختصر',
  housing_type: 'نوع السكن',
  housing_ownership: 'ملكية السكن',
  monthly_rent: 'الإيجار الشهري',
  income_sources: 'مصادر الدخل',
  categories: 'الفئات',
  needs: 'الاحتياجات',
  consent_data_processing: 'الموافقة على معالجة البيانات',
  consent_share_with_partners: 'الموافقة على المشاركة مع الجهات',
  assigned_researcher_id: 'الباحث الاجتماعي',
  researcher: 'الباحث الاجتماعي',
  next_reassessment_date: 'موعد إعادة التقييم',
  notes: 'ملاحظات',
  members: 'الأفراد',
} as const;

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
      // Personal data (docs/personal-data.md): with the families, the records they protect.
      manage_personal_data: 'إدارة البيانات الشخصية للأسر (الموافقات وسجل الاطلاع)',
      anonymise_families: 'إخفاء هوية الأسر ومحو بياناتها الشخصية',
    },
  },
  routes: [
    {
      pageId: 'families.list',
      path: '/families',
      permissions: ['show_families'],
      owner: 'mf-beneficiaries',
      title: 'الأسر',
      header: {
        description: 'الأسر المسجلة وحالاتها. ابحث بالاسم أو رقم الملف أو الهوية أو الجوال.',
      },
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
      header: { description: 'جميع أفراد الأسر المسجلة، مع التصفية حسب العمر والجنس والحالة.' },
      sidebar: { label: 'أفراد الأسر', icon: 'members', group: 'beneficiaries', order: 21 },
    },
    {
      pageId: 'families.import',
      path: '/families/import',
      permissions: ['import_families'],
      owner: 'mf-beneficiaries',
      title: 'استيراد الأسر',
      header: {
        description:
          'أدخل سجل الأسر من جدول بيانات: يُتحقق من كل صف، وتُراجع التكرارات، ثم تُنشأ الأسر.',
      },
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
    family: {
      label: 'أسرة',
      link: { pageId: 'families.show', withId: true },
      // and an export of the register: its filters, row count and format
      // and its erasure (docs/personal-data.md#erasure): the officer's reason, nothing of the family
      fields: { ...FAMILY_FIELDS, ...EXPORT_ACTIVITY_FIELDS, anonymise_reason: 'سبب التجهيل' },
    },
    family_member: {
      label: 'فرد أسرة',
      link: null,
      fields: {
        relationship: 'صلة القرابة',
        full_name: 'الاسم الكامل',
        full_name_en: 'الاسم بالإنجليزية',
        national_id: 'رقم الهوية',
        id_type: 'نوع الهوية',
        id_expiry_date: 'تاريخ انتهاء الهوية',
        gender: 'الجنس',
        birth_date: 'تاريخ الميلاد',
        marital_status: 'الحالة الاجتماعية',
        health_status: 'الحالة الصحية',
        disabilities: 'الإعاقات',
        education_level: 'المستوى التعليمي',
        employment_status: 'الحالة الوظيفية',
        occupation: 'المهنة',
        monthly_income: 'الدخل الشهري',
        is_pregnant: 'حامل',
        is_lactating: 'مرضع',
        phone: 'الجوال',
        active: 'عضو نشط في الأسرة',
        family: 'الأسرة (رقم الملف)',
        reason: 'السبب',
        effective_date: 'تاريخ السريان',
      },
    },
    family_import: {
      label: 'استيراد أسر',
      link: { pageId: 'families.import.show', withId: true },
      // A decision is logged per row, as `row_<number>`: labelled by `familyImportDecisionLabel`.
      fields: { file_name: 'اسم الملف', total_rows: 'عدد الصفوف', status: 'الحالة' },
    },
  },
  fields: FAMILY_FIELDS,
});
