import { defineNoun } from '../core/plural';
import { defineResource } from '../core/resource';

/** A seminar's fields, as its form and its activity rows name them. */
const SEMINAR_FIELDS = {
  title: 'عنوان الندوة',
  seminar_type: 'نوع الندوة',
  axis: 'المحور',
  presenter: 'المقدم',
  venue: 'المكان',
  online_url: 'رابط الحضور عن بعد',
  starts_at: 'وقت البداية',
  ends_at: 'وقت النهاية',
  capacity: 'السعة (عدد المقاعد)',
  target_gender: 'الجنس المستهدف',
  target_age_min: 'أقل عمر مستهدف',
  target_age_max: 'أعلى عمر مستهدف',
  target_categories: 'فئات الأسر المستهدفة',
  description: 'الوصف',
  status: 'الحالة',
  status_reason: 'سبب الإلغاء',
} as const;

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
      header: {
        description:
          'الندوات التوعوية والدورات التدريبية، مواعيدها (ميلادي وهجري) وأعداد المسجلين فيها.',
      },
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
    seminar_type: {
      label: 'نوع ندوة',
      link: { pageId: 'seminars.types', withId: false },
      fields: {
        name: 'اسم نوع الندوة',
        description: 'الوصف',
        active: 'مفعّل',
      },
    },
    seminar: {
      label: 'ندوة',
      link: { pageId: 'seminars.show', withId: true },
      fields: {
        ...SEMINAR_FIELDS,
        // an export of the audience list or the sign-in sheet
        filters: 'التصفية',
        rows: 'عدد الصفوف',
        format: 'صيغة الملف',
        sheet: 'نوع الكشف',
      },
    },
    seminar_audience: {
      label: 'تسجيل في ندوة',
      link: null,
      fields: {
        seminar: 'الندوة',
        person: 'الاسم',
        family: 'الأسرة',
        phone: 'رقم الجوال',
        state: 'حالة التسجيل',
        position: 'الترتيب',
        waiting_position: 'الترتيب في قائمة الانتظار',
        attendance: 'الحضور',
        override_note: 'سبب التسجيل خارج الفئة المستهدفة',
        promoted: 'نُقل من قائمة الانتظار',
      },
    },
  },
  fields: SEMINAR_FIELDS,
});
