import type { ColumnType } from 'kysely';
import type { ClientEventKind, RemoteName } from 'shared-contracts';
import type { BigIntId, NullableText } from '../../db/tables';

// Migration 2026_11_27_client_events_tables.
declare module '../../db/tables' {
  interface Database {
    client_events: ClientEventsTable;
    client_event_quota: ClientEventQuotaTable;
  }
}

/** One report of a browser about a remote: a load, a failed load or a render error. */
export interface ClientEventsTable {
  id: BigIntId;
  remote: RemoteName;
  version: string;
  kind: ClientEventKind;
  /** the route table's pattern (`/families/show/:id`), never an address with ids */
  route: string;
  /** scrubbed of addresses, emails and long numbers, at most 500 characters */
  message: NullableText;
  /** api_tokens.id of the session that reported it */
  session_id: ColumnType<string | number, number, never>;
  received_at: ColumnType<Date, Date, never>;
}

/** Reports of one session in its current one-minute window (the per-session rate limit). */
export interface ClientEventQuotaTable {
  session_id: ColumnType<string | number, number, never>;
  window_started_at: Date;
  events: number;
}
