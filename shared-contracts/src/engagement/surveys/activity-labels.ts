import { defineFieldVisibility } from '../../core/field-visibility';

/**
 * The surveys domain's activity-log vocabulary, spread into the log's central tables
 * (admin/activity-log.ts and the API's entity read access): the Arabic name of each entity type
 * it logs, and who may read each entity type's rows where another record's history shows them.
 * The Arabic name of every field it logs is in its declaration (`resources/surveys.ts`).
 */
export const SURVEYS_ACTIVITY_ENTITY_LABELS: Readonly<Record<string, string>> = {
  survey_type: 'نوع استبيان',
  survey_template: 'قالب استبيان',
  survey: 'استبيان',
  survey_response: 'رد على استبيان',
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
