import { sql } from 'kysely';
import {
  addAuditColumns,
  addUniqueNameColumns,
  createIndexes,
  createRecordTable,
  dropTables,
  sqlList,
  type MigrationDb,
} from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

// Spelled out, not read from the contracts: a shipped migration must not change when they do.
const STATUSES = sqlList(['pending', 'completed', 'cancelled', 'refunded']);
const DIRECTIONS = sqlList(['income', 'expense']);
const METHODS = sqlList(['cash', 'bank_transfer', 'cheque', 'card', 'in_kind']);

/** The seeded categories as they shipped (reference data, on every database, demo or not). */
const SEEDED_CATEGORIES: readonly {
  code: string;
  name: string;
  name_normalized: string;
  direction: string;
  is_zakat: boolean;
}[] = [
  { code: 'zakat', name: 'زكاة', name_normalized: 'زكاه', direction: 'income', is_zakat: true },
  { code: 'sadaqa', name: 'صدقة', name_normalized: 'صدقه', direction: 'income', is_zakat: false },
  {
    code: 'general_donation',
    name: 'تبرع عام',
    name_normalized: 'تبرع عام',
    direction: 'income',
    is_zakat: false,
  },
  { code: 'grant', name: 'منحة', name_normalized: 'منحه', direction: 'income', is_zakat: false },
  {
    code: 'waqf_revenue',
    name: 'إيرادات الأوقاف',
    name_normalized: 'ايرادات الاوقاف',
    direction: 'income',
    is_zakat: false,
  },
  {
    code: 'zakat_disbursement',
    name: 'صرف الزكاة للمستحقين',
    name_normalized: 'صرف الزكاه للمستحقين',
    direction: 'expense',
    is_zakat: true,
  },
  {
    code: 'cash_aid',
    name: 'مساعدات نقدية',
    name_normalized: 'مساعدات نقديه',
    direction: 'expense',
    is_zakat: false,
  },
  {
    code: 'in_kind_aid',
    name: 'مساعدات عينية',
    name_normalized: 'مساعدات عينيه',
    direction: 'expense',
    is_zakat: false,
  },
  {
    code: 'operations',
    name: 'مصاريف تشغيلية',
    name_normalized: 'مصاريف تشغيليه',
    direction: 'expense',
    is_zakat: false,
  },
  {
    code: 'salaries',
    name: 'رواتب',
    name_normalized: 'رواتب',
    direction: 'expense',
    is_zakat: false,
  },
];

/**
 * The finance tables: the editable categories (with the ten seeded
 * ones, reference data every database needs) and the financial records. A record refers to its
 * category (`restrict`: a used category is deactivated, never deleted) and, optionally, to a
 * family, organisation, season and service (`restrict` too: money once linked stays explainable).
 * A reversing entry refers to the record it reverses; the unique index allows one reversal per
 * record, and the check keeps amounts positive except on reversing entries (negative).
 */
export const financeMigration: NamedMigration = {
  name: '2026_11_24_finance_tables',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'financial_categories')
      .addColumn('code', 'text', (col) => col.unique())
      .$call(addUniqueNameColumns)
      .addColumn('direction', 'text', (col) =>
        col.notNull().check(sql`direction in (${DIRECTIONS})`),
      )
      .addColumn('is_zakat', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('description', 'text')
      .$call(addAuditColumns)
      .execute();
    await db
      .insertInto('financial_categories')
      .values(SEEDED_CATEGORIES.map((category) => ({ ...category })))
      .execute();

    await createRecordTable(db, 'financial_records')
      .addColumn('direction', 'text', (col) =>
        col.notNull().check(sql`direction in (${DIRECTIONS})`),
      )
      .addColumn('amount', 'numeric(14, 2)', (col) => col.notNull())
      .addColumn('occurred_on', 'date', (col) => col.notNull())
      .addColumn('category_id', 'integer', (col) =>
        col.notNull().references('financial_categories.id').onDelete('restrict'),
      )
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${STATUSES})`))
      .addColumn('cancel_reason', 'text')
      .addColumn('cancelled_at', 'timestamptz')
      .addColumn('cancelled_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('payment_method', 'text', (col) =>
        col.notNull().check(sql`payment_method in (${METHODS})`),
      )
      .addColumn('restricted_purpose', 'text')
      .addColumn('reference_number', 'text')
      .addColumn('receipt_number', 'text')
      .addColumn('family_id', 'integer', (col) =>
        col.references('families.id').onDelete('restrict'),
      )
      .addColumn('organisation_id', 'integer', (col) =>
        col.references('organisations.id').onDelete('restrict'),
      )
      .addColumn('season_id', 'integer', (col) => col.references('seasons.id').onDelete('restrict'))
      .addColumn('service_id', 'integer', (col) =>
        col.references('services.id').onDelete('restrict'),
      )
      .addColumn('notes', 'text')
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('reverses_id', 'integer', (col) =>
        col.references('financial_records.id').onDelete('restrict'),
      )
      .$call(addAuditColumns)
      .addCheckConstraint(
        'financial_records_amount_sign',
        sql`(reverses_id is null and amount > 0) or (reverses_id is not null and amount < 0)`,
      )
      .addCheckConstraint(
        'financial_records_cancel_reason',
        sql`status <> 'cancelled' or cancel_reason is not null`,
      )
      .execute();
    await sql`create unique index financial_records_reverses_idx on financial_records (reverses_id) where reverses_id is not null`.execute(
      db,
    );
    await createIndexes(db, 'financial_records', {
      financial_records_occurred_idx: ['occurred_on', 'id'],
      financial_records_category_idx: ['category_id'],
    });
    // The optional links: only the records that have one.
    await sql`create index financial_records_family_idx on financial_records (family_id) where family_id is not null`.execute(
      db,
    );
    await sql`create index financial_records_organisation_idx on financial_records (organisation_id) where organisation_id is not null`.execute(
      db,
    );
    await sql`create index financial_records_season_idx on financial_records (season_id) where season_id is not null`.execute(
      db,
    );
    await sql`create index financial_records_service_idx on financial_records (service_id) where service_id is not null`.execute(
      db,
    );
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'financial_records', 'financial_categories');
  },
};
