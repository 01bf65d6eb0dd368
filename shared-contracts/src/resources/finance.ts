import { NOUNS } from '../core/plural';
import { EXPORT_ACTIVITY_FIELDS, defineResource, standardRoutes } from '../core/resource';

/** A financial record's fields, as its form, its page and its activity rows name them. */
const RECORD_FIELDS = {
  direction: 'النوع',
  amount: 'المبلغ',
  occurred_on: 'التاريخ',
  category: 'التصنيف',
  status: 'الحالة',
  cancel_reason: 'سبب الإلغاء',
  restricted_purpose: 'الغرض المقيد',
  payment_method: 'طريقة الدفع',
  reference_number: 'رقم المرجع أو الشيك',
  receipt_number: 'رقم الإيصال',
  family: 'الأسرة',
  organisation: 'الجهة',
  season: 'البرنامج الموسمي',
  service: 'الخدمة',
  notes: 'ملاحظات',
  reverses: 'القيد الأصلي المعكوس',
  reversed_by: 'القيد العكسي',
  reversal_reason: 'سبب القيد العكسي',
} as const;

/** The records list's filters, as an export's logged `filters` names them. */
const RECORD_FILTER_FIELDS = {
  category_id: 'التصنيف',
  payment_method: 'طريقة الدفع',
  family_id: 'الأسرة',
  organisation_id: 'الجهة',
  season_id: 'البرنامج الموسمي',
  service_id: 'الخدمة',
  from: 'من تاريخ',
  to: 'إلى تاريخ',
  amount_min: 'أقل مبلغ',
  amount_max: 'أعلى مبلغ',
  restricted: 'أموال مقيدة',
  zakat: 'زكاة',
  created_at: 'تاريخ الإدخال',
} as const;

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
      header: {
        description:
          'الإيرادات والمصروفات وحالاتها. القيد المكتمل لا يُعدَّل؛ يُصحَّح بقيد عكسي يظهر بجانبه.',
      },
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
      header: { description: 'تصنيفات الإيرادات والمصروفات التي تُسجَّل تحتها القيود المالية.' },
    },
  ],
  pages: 'listed',
  activity: {
    financial_record: {
      label: 'قيد مالي',
      link: { pageId: 'financial.show', withId: true },
      fields: { ...RECORD_FIELDS, ...RECORD_FILTER_FIELDS, ...EXPORT_ACTIVITY_FIELDS },
    },
    financial_category: {
      label: 'تصنيف مالي',
      link: { pageId: 'financial.categories', withId: false },
      fields: {
        name: 'اسم التصنيف',
        direction: 'النوع',
        is_zakat: 'زكاة',
        active: 'مفعّل',
        description: 'الوصف',
      },
    },
    // The report is only exported: its period and the export's fields.
    financial_report: {
      label: 'التقرير المالي',
      link: null,
      fields: {
        ...EXPORT_ACTIVITY_FIELDS,
        from: 'من تاريخ',
        to: 'إلى تاريخ',
        top: 'عدد الأسر الأكثر استفادة',
      },
    },
  },
  fields: RECORD_FIELDS,
});
