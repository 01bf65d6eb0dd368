import { sql } from 'kysely';
import type { MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * The two queues a job reads an import's rows from, each as an index of its own: the rows still
 * to validate (no verdict yet) and the rows still to commit (`valid` or `duplicate`), in file
 * order. Without them each batch read every row of the import to find the next 200 (or 50), so a
 * file of 50,000 families read billions of rows over its validation and its commit. Partial
 * indexes: a row leaves each queue as its state moves on, and the indexes stay small.
 */
export const importsRowQueuesMigration: NamedMigration = {
  name: '2026_11_28_imports_row_queues',
  async up(db: MigrationDb) {
    await sql`create index family_import_rows_to_validate
      on family_import_rows (import_id, row_number) where state is null`.execute(db);
    await sql`create index family_import_rows_to_commit
      on family_import_rows (import_id, row_number) where state in ('valid', 'duplicate')`.execute(
      db,
    );
  },
  async down(db: MigrationDb) {
    await sql`drop index family_import_rows_to_commit`.execute(db);
    await sql`drop index family_import_rows_to_validate`.execute(db);
  },
};
