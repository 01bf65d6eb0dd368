import { createIndexes, dropIndexes, type MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * The indexes the survey and seminar reports read through: a survey's responses in a period
 * (`survey_id`, `collected_at` range), the surveys whose run overlaps a period, and the seminars
 * of an axis (type and start already have theirs).
 */
export const engagementReportIndexesMigration: NamedMigration = {
  name: '2026_11_25_reports_engagement_indexes',
  async up(db: MigrationDb) {
    await createIndexes(db, 'survey_responses', {
      survey_responses_survey_collected_idx: ['survey_id', 'collected_at'],
    });
    await createIndexes(db, 'surveys', { surveys_period_idx: ['starts_on', 'ends_on'] });
    await createIndexes(db, 'seminars', { seminars_axis_idx: ['axis_id'] });
  },
  async down(db: MigrationDb) {
    await dropIndexes(
      db,
      'seminars_axis_idx',
      'surveys_period_idx',
      'survey_responses_survey_collected_idx',
    );
  },
};
