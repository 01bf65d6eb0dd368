import { sql } from 'kysely';
import {
  addAuditColumns,
  addCreatedColumns,
  addUniqueNameColumns,
  createIndexes,
  createRecordTable,
  dropTables,
  sqlList,
  type MigrationDb,
} from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * Survey types, templates with their versions and questions, surveys, responses and answers.
 * A version's questions are deleted only with a draft version (nothing answers
 * a draft); answers refer to the exact question row (`restrict`), so a published version can
 * never lose what was answered. Plain DDL: the same on PGlite and PostgreSQL. `group_id` has no
 * foreign key: it points at a season, a service type or a seminar by `group_kind`.
 */
export const surveysMigration: NamedMigration = {
  name: '2026_11_24_surveys_tables',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'survey_types')
      .$call(addUniqueNameColumns)
      .addColumn('description', 'text')
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
      .$call(addAuditColumns)
      .execute();

    await createRecordTable(db, 'survey_templates')
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('search_text', 'text', (col) => col.notNull())
      .addColumn('purpose', 'text', (col) =>
        col
          .notNull()
          .check(
            sql`purpose in (${sqlList(['satisfaction', 'needs_assessment', 'seminar_feedback', 'other'])})`,
          ),
      )
      .addColumn('target', 'text', (col) =>
        col
          .notNull()
          .check(sql`target in (${sqlList(['family', 'member', 'seminar', 'service'])})`),
      )
      .addColumn('description', 'text')
      .addColumn('status', 'text', (col) =>
        col
          .notNull()
          .defaultTo('draft')
          .check(sql`status in (${sqlList(['draft', 'published', 'retired'])})`),
      )
      .$call(addAuditColumns)
      .execute();

    await createRecordTable(db, 'survey_template_versions')
      .addColumn('template_id', 'integer', (col) =>
        col.notNull().references('survey_templates.id').onDelete('cascade'),
      )
      .addColumn('version', 'integer', (col) => col.notNull().check(sql`version > 0`))
      .addColumn('status', 'text', (col) =>
        col.notNull().check(sql`status in (${sqlList(['draft', 'published', 'superseded'])})`),
      )
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('target', 'text', (col) => col.notNull())
      .addColumn('published_at', 'timestamptz')
      .addColumn('published_by', 'integer', (col) => col.references('employees.id'))
      .$call(addCreatedColumns)
      .addUniqueConstraint('survey_template_versions_uq', ['template_id', 'version'])
      .execute();

    await createRecordTable(db, 'survey_questions')
      .addColumn('version_id', 'integer', (col) =>
        col.notNull().references('survey_template_versions.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('label', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('required', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('help_text', 'text')
      .addColumn('min', 'double precision')
      .addColumn('max', 'double precision')
      .addColumn('min_length', 'integer')
      .addColumn('max_length', 'integer')
      .addColumn('options', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('show_if_key', 'text')
      .addColumn('show_if_equals', 'text')
      .addUniqueConstraint('survey_questions_key_uq', ['version_id', 'key'])
      .execute();

    await createRecordTable(db, 'surveys')
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('search_text', 'text', (col) => col.notNull())
      .addColumn('survey_type_id', 'integer', (col) =>
        col.notNull().references('survey_types.id').onDelete('restrict'),
      )
      .addColumn('template_id', 'integer', (col) =>
        col.notNull().references('survey_templates.id').onDelete('restrict'),
      )
      .addColumn('template_version_id', 'integer', (col) =>
        col.notNull().references('survey_template_versions.id').onDelete('restrict'),
      )
      .addColumn('group_kind', 'text', (col) =>
        col.notNull().check(sql`group_kind in (${sqlList(['season', 'service_type', 'seminar'])})`),
      )
      .addColumn('group_id', 'integer', (col) => col.notNull())
      .addColumn('starts_on', 'date', (col) => col.notNull())
      .addColumn('ends_on', 'date', (col) => col.notNull())
      .addColumn('status', 'text', (col) =>
        col
          .notNull()
          .defaultTo('open')
          .check(sql`status in (${sqlList(['open', 'closed'])})`),
      )
      .addColumn('description', 'text')
      .$call(addAuditColumns)
      .addCheckConstraint('surveys_period', sql`ends_on >= starts_on`)
      .execute();
    await createIndexes(db, 'surveys', { surveys_template_idx: ['template_id'] });

    await createRecordTable(db, 'survey_responses')
      .addColumn('survey_id', 'integer', (col) =>
        col.notNull().references('surveys.id').onDelete('restrict'),
      )
      .addColumn('template_version_id', 'integer', (col) =>
        col.notNull().references('survey_template_versions.id').onDelete('restrict'),
      )
      .addColumn('family_id', 'integer', (col) =>
        col.notNull().references('families.id').onDelete('restrict'),
      )
      .addColumn('member_id', 'integer', (col) =>
        col.references('family_members.id').onDelete('set null'),
      )
      .addColumn('respondent_key', 'text', (col) => col.notNull())
      .addColumn('collected_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('collected_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('survey_responses_respondent_uq', ['survey_id', 'respondent_key'])
      .execute();
    await createIndexes(db, 'survey_responses', { survey_responses_family_idx: ['family_id'] });

    await createRecordTable(db, 'survey_answers')
      .addColumn('response_id', 'integer', (col) =>
        col.notNull().references('survey_responses.id').onDelete('cascade'),
      )
      .addColumn('question_id', 'integer', (col) =>
        col.notNull().references('survey_questions.id').onDelete('restrict'),
      )
      .addColumn('value', 'jsonb', (col) => col.notNull())
      .addUniqueConstraint('survey_answers_uq', ['response_id', 'question_id'])
      .execute();
    await createIndexes(db, 'survey_answers', { survey_answers_question_idx: ['question_id'] });
  },
  async down(db: MigrationDb) {
    await dropTables(
      db,
      'survey_answers',
      'survey_responses',
      'surveys',
      'survey_questions',
      'survey_template_versions',
      'survey_templates',
      'survey_types',
    );
  },
};
