import type { Kysely } from 'kysely';
import type { NamedMigration } from '../../../db/migrations/types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe the schema as it was
type AnyDb = Kysely<any>;

/**
 * The indexes the survey and seminar reports read through: a survey's responses in a period
 * (`survey_id`, `collected_at` range), the surveys whose run overlaps a period, and the seminars
 * of an axis (type and start already have theirs).
 */
export const engagementReportIndexesMigration: NamedMigration = {
  name: '2026_11_25_reports_engagement_indexes',
  async up(db: AnyDb) {
    await db.schema
      .createIndex('survey_responses_survey_collected_idx')
      .on('survey_responses')
      .columns(['survey_id', 'collected_at'])
      .execute();
    await db.schema
      .createIndex('surveys_period_idx')
      .on('surveys')
      .columns(['starts_on', 'ends_on'])
      .execute();
    await db.schema.createIndex('seminars_axis_idx').on('seminars').column('axis_id').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('seminars_axis_idx').ifExists().execute();
    await db.schema.dropIndex('surveys_period_idx').ifExists().execute();
    await db.schema.dropIndex('survey_responses_survey_collected_idx').ifExists().execute();
  },
};
