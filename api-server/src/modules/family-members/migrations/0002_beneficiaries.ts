import { sql } from 'kysely';
import { createIndexes, createRecordTable, type MigrationDb } from '../../../db/ddl';
import type { ModuleBaselinePart } from '../../../db/migrations';

/** Its share of `0002_beneficiaries`: members moved from one family to another. */
export const memberMovesBaseline: ModuleBaselinePart = {
  baselineStep: 'member_moves',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'member_moves')
      .addColumn('from_member_id', 'integer', (col) =>
        col.notNull().references('family_members.id'),
      )
      .addColumn('to_member_id', 'integer', (col) => col.notNull().references('family_members.id'))
      .addColumn('from_family_id', 'integer', (col) => col.notNull().references('families.id'))
      .addColumn('to_family_id', 'integer', (col) => col.notNull().references('families.id'))
      .addColumn('from_relationship', 'text', (col) => col.notNull())
      .addColumn('to_relationship', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('effective_date', 'date', (col) => col.notNull())
      .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('by', 'integer', (col) => col.references('employees.id'))
      .execute();
    await createIndexes(db, 'member_moves', {
      member_moves_from_family_idx: ['from_family_id'],
      member_moves_to_family_idx: ['to_family_id'],
    });
  },
};
