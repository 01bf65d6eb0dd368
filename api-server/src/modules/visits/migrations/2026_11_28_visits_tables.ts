import { sql } from 'kysely';
import {
  addAuditColumns,
  createIndexes,
  createRecordTable,
  dropTables,
  sqlList,
  type MigrationDb,
} from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

// Spelled out, not read from the contracts: a shipped migration must not change when they do.
const PURPOSES = sqlList([
  'first_assessment',
  'reassessment',
  'follow_up',
  'complaint',
  'emergency',
]);
const OUTCOMES = sqlList(['visited', 'not_home', 'refused', 'moved']);

/**
 * Field visits. A visit refers to its family (`restrict`: a family with visits is archived, never
 * deleted) and its researcher. Recorded means `outcome` and `visited_on` together; the checklist
 * only on a visit that took place.
 */
export const visitsMigration: NamedMigration = {
  name: '2026_11_28_visits_tables',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'visits')
      .addColumn('family_id', 'integer', (col) =>
        col.notNull().references('families.id').onDelete('restrict'),
      )
      .addColumn('researcher_id', 'integer', (col) => col.notNull().references('employees.id'))
      .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in (${PURPOSES})`))
      .addColumn('planned_date', 'date', (col) => col.notNull())
      .addColumn('visited_on', 'date')
      .addColumn('outcome', 'text', (col) => col.check(sql`outcome in (${OUTCOMES})`))
      .addColumn('notes', 'text')
      .addColumn('housing_condition', 'text')
      .addColumn('furniture', 'text')
      .addColumn('appliances', 'text')
      .addColumn('health_needs_seen', 'text')
      .addColumn('children_schooling', 'text')
      .$call(addAuditColumns)
      .addCheckConstraint('visits_recorded', sql`(outcome is null) = (visited_on is null)`)
      .execute();
    await createIndexes(db, 'visits', {
      visits_family_idx: ['family_id', 'planned_date'],
      visits_researcher_idx: ['researcher_id', 'planned_date'],
      visits_planned_date_idx: ['planned_date'],
    });
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'visits');
  },
};
