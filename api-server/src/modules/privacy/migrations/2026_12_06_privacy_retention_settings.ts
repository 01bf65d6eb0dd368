import { sql } from 'kysely';
import {
  RETENTION_DEFAULT_YEARS,
  RETENTION_MAX_YEARS,
  RETENTION_MIN_YEARS,
} from 'shared-contracts/resources/privacy-contracts';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * The retention setting, one row holding the default (docs/personal-data.md#retention), and an
 * index on the families the privacy page may list (archived or rejected, not anonymised), so its
 * list and the officer's task read those families only.
 */
export const privacyRetentionSettings: NamedMigration = {
  name: '2026_12_06_privacy_retention_settings',
  async up(db) {
    await db.schema
      .createTable('retention_settings')
      .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
      .addColumn('inactive_years', 'integer', (col) =>
        col
          .notNull()
          .check(
            sql`inactive_years between ${sql.lit(RETENTION_MIN_YEARS)} and ${sql.lit(RETENTION_MAX_YEARS)}`,
          ),
      )
      .addColumn('updated_at', 'timestamptz')
      .addColumn('updated_by', 'integer', (col) => col.references('employees.id'))
      .execute();
    await sql`insert into retention_settings (id, inactive_years) values (1, ${sql.lit(RETENTION_DEFAULT_YEARS)})`.execute(
      db,
    );
    await sql`create index families_retention_idx on families (id)
      where status in ('archived', 'rejected') and anonymised_at is null`.execute(db);
  },
  async down(db) {
    await sql`drop index if exists families_retention_idx`.execute(db);
    await db.schema.dropTable('retention_settings').execute();
  },
};
