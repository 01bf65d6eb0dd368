import { sql } from 'kysely';
import {
  addAuditColumns,
  addNameColumns,
  addStatusChangeColumns,
  createIndexes,
  createRecordTable,
  inList,
  type MigrationDb,
} from '../../../db/ddl';
import type { ModuleBaselinePart } from '../../../db/migrations';

const SEASON_STATUSES = ['draft', 'approved', 'distributing', 'closed', 'cancelled'];
const BENEFICIARY_STATUSES = ['enrolled', 'received', 'excluded'];

/** Its share of `0002_beneficiaries`: seasons, enrolled families, handovers and their items. */
export const seasonsBaseline: ModuleBaselinePart = {
  baselineStep: 'seasons',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'seasons')
      .$call(addNameColumns)
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('hijri_year', 'integer', (col) => col.notNull())
      .addColumn('start_date', 'date', (col) => col.notNull())
      .addColumn('end_date', 'date', (col) => col.notNull())
      .addColumn('budget', 'numeric(12, 2)')
      .addColumn('funding_org_id', 'integer', (col) => col.references('organisations.id'))
      // { categories: string[], max_per_capita_income, member_min_age, member_max_age, statuses }
      .addColumn('eligibility', 'jsonb', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().check(inList('status', SEASON_STATUSES)))
      .$call(addStatusChangeColumns)
      .addColumn('notes', 'text')
      .$call(addAuditColumns)
      .addCheckConstraint('seasons_dates', sql`end_date >= start_date`)
      .execute();
    await createIndexes(db, 'seasons', { seasons_status_idx: ['status'] });

    await createRecordTable(db, 'season_beneficiaries')
      .addColumn('season_id', 'integer', (col) =>
        col.notNull().references('seasons.id').onDelete('cascade'),
      )
      .addColumn('family_id', 'integer', (col) => col.notNull().references('families.id'))
      .addColumn('status', 'text', (col) =>
        col.notNull().check(inList('status', BENEFICIARY_STATUSES)),
      )
      .addColumn('status_reason', 'text')
      .addColumn('voucher_code', 'text', (col) => col.notNull())
      .addColumn('enrolled_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('enrolled_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('status_changed_at', 'timestamptz')
      .addColumn('status_changed_by', 'integer', (col) => col.references('employees.id'))
      .addUniqueConstraint('season_beneficiaries_family_uq', ['season_id', 'family_id'])
      .addUniqueConstraint('season_beneficiaries_voucher_uq', ['season_id', 'voucher_code'])
      .execute();
    await createIndexes(db, 'season_beneficiaries', {
      season_beneficiaries_family_idx: ['family_id'],
    });

    await createRecordTable(db, 'distributions')
      .addColumn('season_id', 'integer', (col) =>
        col.notNull().references('seasons.id').onDelete('cascade'),
      )
      .addColumn('beneficiary_id', 'integer', (col) =>
        col.notNull().references('season_beneficiaries.id'),
      )
      .addColumn('family_id', 'integer', (col) => col.notNull().references('families.id'))
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('items', 'cash')`))
      .addColumn('cash_amount', 'numeric(12, 2)')
      .addColumn('distributed_at', 'date', (col) => col.notNull())
      .addColumn('received_by_name', 'text', (col) => col.notNull())
      .addColumn('received_by_national_id', 'text')
      .addColumn('handed_over_by', 'integer', (col) => col.notNull().references('employees.id'))
      .addColumn('voucher_code', 'text', (col) => col.notNull())
      .addColumn('notes', 'text')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await createIndexes(db, 'distributions', {
      distributions_season_idx: ['season_id', 'distributed_at'],
      distributions_beneficiary_idx: ['beneficiary_id'],
    });

    await createRecordTable(db, 'distribution_items')
      .addColumn('distribution_id', 'integer', (col) =>
        col.notNull().references('distributions.id').onDelete('cascade'),
      )
      .addColumn('item', 'text', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
      .execute();
    await createIndexes(db, 'distribution_items', {
      distribution_items_distribution_idx: ['distribution_id'],
    });
  },
};
