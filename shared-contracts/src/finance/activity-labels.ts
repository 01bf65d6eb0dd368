import { defineFieldVisibility } from '../core/field-visibility';
import { FINANCIAL_CATEGORY_FIELD_LABELS } from './category';
import { FINANCIAL_RECORD_FIELD_LABELS } from './record';

/**
 * The finance domain's activity-log vocabulary, spread into the log's central tables
 * (admin/activity-log.ts, admin/activity-format.ts, and the API's entity read access):
 * the Arabic name of each entity type it logs, the Arabic name of every field it logs per entity
 * type, and who may read each entity type's rows where another record's history shows them.
 */
export const FINANCE_ACTIVITY_ENTITY_LABELS: Readonly<Record<string, string>> = {
  financial_record: 'قيد مالي',
  financial_category: 'تصنيف مالي',
  financial_report: 'التقرير المالي',
};

/** An export's logged fields (`recordExport`: the filters, the row count, the format). */
const EXPORT_FIELD_LABELS = {
  filters: 'عوامل التصفية',
  rows: 'عدد الصفوف',
  format: 'صيغة الملف',
  search: 'البحث',
  sort: 'الترتيب حسب',
  order: 'اتجاه الترتيب',
} as const;

/** The records list's filters, as an export's logged `filters` names them. */
const RECORD_FILTER_LABELS = {
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

export const FINANCE_ACTIVITY_FIELD_LABELS: Readonly<
  Record<string, Readonly<Record<string, string>>>
> = {
  financial_record: {
    ...FINANCIAL_RECORD_FIELD_LABELS,
    ...RECORD_FILTER_LABELS,
    ...EXPORT_FIELD_LABELS,
  },
  financial_category: FINANCIAL_CATEGORY_FIELD_LABELS,
  // The report is only exported: its period and the export's fields.
  financial_report: {
    ...EXPORT_FIELD_LABELS,
    from: 'من تاريخ',
    to: 'إلى تاريخ',
    top: 'عدد الأسر الأكثر استفادة',
  },
};

/**
 * A financial record linked to a family shows on that family's timeline: only a `show_financial`
 * holder reads it there, as on the record itself.
 */
export const FINANCE_ACTIVITY_ENTITY_ACCESS = defineFieldVisibility({
  financial_record: ['show_financial'],
  financial_category: ['show_financial'],
  financial_report: ['show_financial'],
});
