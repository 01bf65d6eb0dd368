import { sql } from 'kysely';
import {
  addAuditColumns,
  addCreatedColumns,
  addStatusChangeColumns,
  addUniqueNameColumns,
  createIndexes,
  createRecordTable,
  dropTables,
  sqlList,
  type MigrationDb,
} from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

// Spelled out, not read from the contracts: a shipped migration must not change when they do.
const STATUSES = sqlList(['planned', 'open', 'closed', 'held', 'cancelled']);
const LOCAL_TIME = sql.lit('^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$');

/**
 * Seminar types, seminars and their audience. Runs after the services
 * catalogue (a seminar's axis is a services axis). Plain DDL: the same on PGlite and PostgreSQL.
 */
export const seminarsMigration: NamedMigration = {
  name: '2026_11_24_seminars_tables',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'seminar_types')
      .$call(addUniqueNameColumns)
      .addColumn('description', 'text')
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .$call(addAuditColumns)
      .execute();

    await createRecordTable(db, 'seminars')
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('seminar_type_id', 'integer', (col) =>
        col.notNull().references('seminar_types.id').onDelete('restrict'),
      )
      .addColumn('axis_id', 'integer', (col) =>
        col.references('service_axes.id').onDelete('restrict'),
      )
      .addColumn('presenter', 'text')
      .addColumn('venue', 'text')
      .addColumn('online_url', 'text')
      .addColumn('starts_at', 'text', (col) => col.notNull().check(sql`starts_at ~ ${LOCAL_TIME}`))
      .addColumn('ends_at', 'text', (col) => col.notNull().check(sql`ends_at ~ ${LOCAL_TIME}`))
      .addColumn('capacity', 'integer', (col) => col.notNull().check(sql`capacity > 0`))
      .addColumn('target_gender', 'text', (col) =>
        col.check(sql`target_gender in ('male', 'female')`),
      )
      .addColumn('target_age_min', 'smallint', (col) =>
        col.check(sql`target_age_min between 0 and 120`),
      )
      .addColumn('target_age_max', 'smallint', (col) =>
        col.check(sql`target_age_max between 0 and 120`),
      )
      .addColumn('target_categories', sql`text[]`, (col) =>
        col.notNull().defaultTo(sql`'{}'::text[]`),
      )
      .addColumn('description', 'text')
      .addColumn('status', 'text', (col) =>
        col
          .notNull()
          .defaultTo('planned')
          .check(sql`status in (${STATUSES})`),
      )
      .$call(addStatusChangeColumns)
      .addColumn('last_position', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .$call(addAuditColumns)
      .addCheckConstraint('seminars_times', sql`ends_at > starts_at`)
      .addCheckConstraint(
        'seminars_ages',
        sql`target_age_min is null or target_age_max is null or target_age_max >= target_age_min`,
      )
      .addCheckConstraint('seminars_place', sql`venue is not null or online_url is not null`)
      .execute();
    await createIndexes(db, 'seminars', {
      seminars_starts_at_idx: ['starts_at'],
      seminars_status_idx: ['status'],
      seminars_type_idx: ['seminar_type_id'],
    });

    await createRecordTable(db, 'seminar_audience')
      .addColumn('seminar_id', 'integer', (col) =>
        col.notNull().references('seminars.id').onDelete('cascade'),
      )
      .addColumn('member_id', 'integer', (col) =>
        col.references('family_members.id').onDelete('set null'),
      )
      .addColumn('family_id', 'integer', (col) =>
        col.references('families.id').onDelete('set null'),
      )
      .addColumn('person_name', 'text', (col) => col.notNull())
      .addColumn('guest_phone', 'text')
      .addColumn('state', 'text', (col) =>
        col.notNull().check(sql`state in ('registered', 'waiting')`),
      )
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('attendance', 'text', (col) =>
        col.check(sql`attendance in ('attended', 'no_show')`),
      )
      .addColumn('attendance_at', 'timestamptz')
      .addColumn('attendance_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('promoted_at', 'timestamptz')
      .addColumn('override_note', 'text')
      .$call(addCreatedColumns)
      .addCheckConstraint(
        'seminar_audience_waiting_unmarked',
        sql`state = 'registered' or attendance is null`,
      )
      .execute();
    await sql`create unique index seminar_audience_order_idx on seminar_audience (seminar_id, position)`.execute(
      db,
    );
    await sql`create unique index seminar_audience_member_idx on seminar_audience (seminar_id, member_id) where member_id is not null`.execute(
      db,
    );
    await sql`create unique index seminar_audience_guest_idx on seminar_audience (seminar_id, guest_phone) where guest_phone is not null`.execute(
      db,
    );
    await createIndexes(db, 'seminar_audience', {
      seminar_audience_family_idx: ['family_id', 'attendance'],
    });
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'seminar_audience', 'seminars', 'seminar_types');
  },
};
