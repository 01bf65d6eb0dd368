import { sql } from 'kysely';
import {
  addAuditColumns,
  addNameColumns,
  createIndexes,
  createRecordTable,
  createUniqueNameIndex,
  type MigrationDb,
} from '../../../db/ddl';
import type { ModuleBaselinePart } from '../../../db/migrations';

/** Its share of `0002_beneficiaries`: organisations and their agreements. */
export const organisationsBaseline: ModuleBaselinePart = {
  baselineStep: 'organisations',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'organisations')
      .$call(addNameColumns)
      .addColumn('name_en', 'text')
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('registration_number', 'text')
      .addColumn('contact_person', 'text')
      .addColumn('phone', 'text')
      .addColumn('email', 'text')
      .addColumn('city', 'text')
      .addColumn('website', 'text')
      .addColumn('status', 'text', (col) =>
        col.notNull().check(sql`status in ('active', 'inactive')`),
      )
      .addColumn('notes', 'text')
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .$call(addAuditColumns)
      .execute();
    await createUniqueNameIndex(db, 'organisations');
    await sql`create unique index organisations_registration_number_uq on organisations (registration_number) where registration_number is not null`.execute(
      db,
    );
    await sql`create index organisations_search_text_trgm on organisations using gin (search_text gin_trgm_ops)`.execute(
      db,
    );

    await createRecordTable(db, 'organisation_agreements')
      .addColumn('organisation_id', 'integer', (col) =>
        col.notNull().references('organisations.id').onDelete('cascade'),
      )
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('start_date', 'date', (col) => col.notNull())
      .addColumn('end_date', 'date', (col) => col.notNull())
      .addColumn('value', 'numeric(12, 2)')
      .addColumn('notes', 'text')
      .addCheckConstraint('organisation_agreements_dates', sql`end_date >= start_date`)
      .execute();
    await createIndexes(db, 'organisation_agreements', {
      organisation_agreements_org_idx: ['organisation_id'],
    });
  },
};
