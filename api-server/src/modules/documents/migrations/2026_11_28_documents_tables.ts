import { sql } from 'kysely';
import {
  addCreatedColumns,
  createRecordTable,
  dropTables,
  sqlList,
  type MigrationDb,
} from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

// Spelled out, not read from the contracts: a shipped migration must not change when they do.
const KINDS = sqlList([
  'national_id',
  'family_card',
  'lease',
  'income_proof',
  'bank_statement',
  'medical_report',
  'disability_card',
  'receipt',
  'invoice',
  'photo',
  'other',
]);
const MIME_TYPES = sqlList(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);

/**
 * Documents: one row per uploaded file, attached to exactly one parent (a family, a service or a
 * financial record). The content lives in the file store under its SHA-256; a deleted document
 * keeps its row as a tombstone (who, when, why).
 */
export const documentsMigration: NamedMigration = {
  name: '2026_11_28_documents_tables',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'documents')
      .addColumn('family_id', 'integer', (col) =>
        col.references('families.id').onDelete('restrict'),
      )
      .addColumn('member_id', 'integer', (col) =>
        col.references('family_members.id').onDelete('set null'),
      )
      .addColumn('service_id', 'integer', (col) =>
        col.references('services.id').onDelete('restrict'),
      )
      .addColumn('financial_record_id', 'integer', (col) =>
        col.references('financial_records.id').onDelete('restrict'),
      )
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in (${KINDS})`))
      .addColumn('file_name', 'text', (col) => col.notNull())
      .addColumn('mime_type', 'text', (col) =>
        col.notNull().check(sql`mime_type in (${MIME_TYPES})`),
      )
      .addColumn('size', 'integer', (col) => col.notNull().check(sql`size > 0`))
      .addColumn('sha256', 'text', (col) => col.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
      .addColumn('thumbnail_sha256', 'text', (col) =>
        col.check(sql`thumbnail_sha256 ~ '^[0-9a-f]{64}$'`),
      )
      .addColumn('active_content', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('expires_on', 'date')
      .addColumn('note', 'text')
      .$call(addCreatedColumns)
      .addColumn('deleted_at', 'timestamptz')
      .addColumn('deleted_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('delete_reason', 'text')
      .addCheckConstraint(
        'documents_one_parent',
        sql`num_nonnulls(family_id, service_id, financial_record_id) = 1`,
      )
      .addCheckConstraint(
        'documents_member_in_family',
        sql`member_id is null or family_id is not null`,
      )
      .addCheckConstraint(
        'documents_tombstone',
        sql`(deleted_at is null) = (delete_reason is null)`,
      )
      .execute();
    await sql`create index documents_family_idx on documents (family_id, id) where family_id is not null`.execute(
      db,
    );
    await sql`create index documents_service_idx on documents (service_id, id) where service_id is not null`.execute(
      db,
    );
    await sql`create index documents_record_idx on documents (financial_record_id, id) where financial_record_id is not null`.execute(
      db,
    );
    // Whether another live document still holds a content (deletion) is one index probe.
    await sql`create index documents_live_sha_idx on documents (sha256) where deleted_at is null`.execute(
      db,
    );
    await sql`create index documents_live_thumbnail_idx on documents (thumbnail_sha256) where deleted_at is null and thumbnail_sha256 is not null`.execute(
      db,
    );
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'documents');
  },
};
