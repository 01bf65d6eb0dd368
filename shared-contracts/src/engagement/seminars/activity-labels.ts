import { defineFieldVisibility } from '../../core/field-visibility';
import { AUDIENCE_FIELD_LABELS } from './audience';
import { SEMINAR_FIELD_LABELS } from './seminar';
import { SEMINAR_TYPE_FIELD_LABELS } from './seminar-type';

/**
 * The seminars domain's activity-log vocabulary, spread into the log's central tables
 * (admin/activity-log.ts, admin/activity-format.ts, and the API's entity read access):
 * the Arabic name of each entity type it logs, the Arabic name of every field it logs per entity
 * type, and who may read each entity type's rows where another record's history shows them.
 */
export const SEMINARS_ACTIVITY_ENTITY_LABELS: Readonly<Record<string, string>> = {
  seminar_type: 'نوع ندوة',
  seminar: 'ندوة',
  seminar_audience: 'تسجيل في ندوة',
};

export const SEMINARS_ACTIVITY_FIELD_LABELS: Readonly<
  Record<string, Readonly<Record<string, string>>>
> = {
  seminar_type: SEMINAR_TYPE_FIELD_LABELS,
  seminar: SEMINAR_FIELD_LABELS,
  seminar_audience: AUDIENCE_FIELD_LABELS,
};

/** A registration shows on its family's timeline: only to those who may open the seminars. */
export const SEMINARS_ACTIVITY_ENTITY_ACCESS = defineFieldVisibility({
  seminar_type: ['show_seminars'],
  seminar: ['show_seminars'],
  seminar_audience: ['show_seminars'],
});
