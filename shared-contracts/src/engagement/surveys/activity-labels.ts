import { defineFieldVisibility } from '../../core/field-visibility';
import { SURVEY_FIELD_LABELS } from './survey';
import { SURVEY_RESPONSE_FIELD_LABELS } from './survey-rate';
import { SURVEY_TEMPLATE_FIELD_LABELS } from './survey-template';
import { SURVEY_TYPE_FIELD_LABELS } from './survey-type';

/**
 * The surveys domain's activity-log vocabulary, spread into the log's central tables
 * (admin/activity-log.ts, admin/activity-format.ts, and the API's entity read access):
 * the Arabic name of each entity type it logs, the Arabic name of every field it logs per entity
 * type, and who may read each entity type's rows where another record's history shows them.
 */
export const SURVEYS_ACTIVITY_ENTITY_LABELS: Readonly<Record<string, string>> = {
  survey_type: 'نوع استبيان',
  survey_template: 'قالب استبيان',
  survey: 'استبيان',
  survey_response: 'رد على استبيان',
};

/** Export rows (action `export`) add the list's generic fields, labelled centrally. */
export const SURVEYS_ACTIVITY_FIELD_LABELS: Readonly<
  Record<string, Readonly<Record<string, string>>>
> = {
  survey_type: SURVEY_TYPE_FIELD_LABELS,
  survey_template: SURVEY_TEMPLATE_FIELD_LABELS,
  survey: SURVEY_FIELD_LABELS,
  survey_response: SURVEY_RESPONSE_FIELD_LABELS,
};

/**
 * A response appears on its family's timeline: read as on the survey itself, `show_surveys`;
 * templates with `show_survey_templates`.
 */
export const SURVEYS_ACTIVITY_ENTITY_ACCESS = defineFieldVisibility({
  survey_type: ['show_surveys'],
  survey: ['show_surveys'],
  survey_response: ['show_surveys'],
  survey_template: ['show_survey_templates'],
});
