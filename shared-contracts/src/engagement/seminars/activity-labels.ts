import { defineFieldVisibility } from '../../core/field-visibility';

/**
 * The seminars domain's activity-log vocabulary, spread into the log's central tables
 * (admin/activity-log.ts and the API's entity read access): the Arabic name of each entity type
 * it logs, and who may read each entity type's rows where another record's history shows them.
 * The Arabic name of every field it logs is in its declaration (`resources/seminars.ts`).
 */
export const SEMINARS_ACTIVITY_ENTITY_LABELS: Readonly<Record<string, string>> = {
  seminar_type: 'نوع ندوة',
  seminar: 'ندوة',
  seminar_audience: 'تسجيل في ندوة',
};

/** A registration shows on its family's timeline: only to those who may open the seminars. */
export const SEMINARS_ACTIVITY_ENTITY_ACCESS = defineFieldVisibility({
  seminar_type: ['show_seminars'],
  seminar: ['show_seminars'],
  seminar_audience: ['show_seminars'],
});
