import { sql } from 'kysely';
import { createIndexes, type MigrationDb } from '../../../db/ddl';
import type { ModuleBaselinePart } from '../../../db/migrations';

/** Its share of `0001_foundation`: the API tokens (sessions). */
export const apiTokensBaseline: ModuleBaselinePart = {
  baselineStep: 'api_tokens',
  async up(db: MigrationDb) {
    await db.schema
      .createTable('api_tokens')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
      .addColumn('employee_id', 'integer', (col) =>
        col.notNull().references('employees.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await createIndexes(db, 'api_tokens', { api_tokens_employee_id_idx: ['employee_id'] });
  },
};
