import { sql } from 'kysely';
import {
  createIndexes,
  createRecordTable,
  dropTables,
  sqlList,
  type MigrationDb,
} from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

// Spelled out, not read from the contracts: a shipped migration must not change when they do.
const PURPOSES = sqlList(['data_processing', 'partner_sharing', 'media', 'sms_contact']);
const METHODS = sqlList(['signed_form', 'verbal_witnessed', 'electronic', 'registration']);

/**
 * The consent ledger (docs/personal-data.md), and each family's two consent boxes of the family
 * form moved into it as its first records: `consent_data_processing` → `data_processing`,
 * `consent_share_with_partners` → `partner_sharing`, given on the day the form recorded it (else
 * the family's registration) by whoever it names, method `registration`. The columns stay, kept
 * in step by the API, for the readers that have them.
 */
export const consentsMigration: NamedMigration = {
  name: '2026_12_06_consents_tables',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'family_consents')
      .addColumn('family_id', 'integer', (col) =>
        col.notNull().references('families.id').onDelete('restrict'),
      )
      .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in (${PURPOSES})`))
      .addColumn('method', 'text', (col) => col.notNull().check(sql`method in (${METHODS})`))
      .addColumn('given_on', 'date', (col) => col.notNull())
      .addColumn('witness_name', 'text')
      .addColumn('document_id', 'integer', (col) => col.references('documents.id'))
      .addColumn('note', 'text')
      .addColumn('recorded_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('recorded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('withdrawn_on', 'date')
      .addColumn('withdrawn_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('withdrawal_reason', 'text')
      .addColumn('withdrawal_recorded_at', 'timestamptz')
      .addCheckConstraint(
        'family_consents_withdrawal',
        sql`(withdrawn_on is null) = (withdrawal_reason is null)`,
      )
      .execute();
    await createIndexes(db, 'family_consents', { family_consents_family_idx: ['family_id'] });
    await sql`create unique index family_consents_current_idx on family_consents (family_id, purpose) where withdrawn_on is null`.execute(
      db,
    );
    await sql`
      insert into family_consents (family_id, purpose, method, given_on, recorded_by, recorded_at)
      select f.id, p.purpose, 'registration',
             (coalesce(f.consent_date, f.created_at) at time zone 'Asia/Riyadh')::date,
             f.consent_by, coalesce(f.consent_date, f.created_at)
        from families f
        cross join lateral (values
          ('data_processing', f.consent_data_processing),
          ('partner_sharing', f.consent_share_with_partners)) as p(purpose, given)
       where p.given
       order by f.id, p.purpose`.execute(db);
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'family_consents');
  },
};
