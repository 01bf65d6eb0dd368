import { defineFieldVisibility } from '../core/field-visibility';

/**
 * The finance domain's activity-log vocabulary, spread into the log's central tables
 * (admin/activity-log.ts and the API's entity read access): the Arabic name of each entity type
 * it logs, and who may read each entity type's rows where another record's history shows them.
 * The Arabic name of every field it logs is in its declaration (`resources/finance.ts`).
 */
export const FINANCE_ACTIVITY_ENTITY_LABELS: Readonly<Record<string, string>> = {
  financial_record: 'قيد مالي',
  financial_category: 'تصنيف مالي',
  financial_report: 'التقرير المالي',
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
