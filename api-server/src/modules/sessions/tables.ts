import type { BigIntId, CreatedAt, NullableTimestamp } from '../../db/tables';

// Migration 0001.
declare module '../../db/tables' {
  interface Database {
    api_tokens: ApiTokensTable;
  }
}

export interface ApiTokensTable {
  id: BigIntId;
  /** SHA-256 hex of the token; the token itself is never stored. */
  token_hash: string;
  employee_id: number;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
}
