import { sql } from 'kysely';
import type { ClientEventKind, ClientEventSummaryRow, RemoteName } from 'shared-contracts';
import type { Executor } from '../../db/tables';
import './tables';

export interface NewClientEvent {
  remote: RemoteName;
  version: string;
  kind: ClientEventKind;
  route: string;
  message: string | null;
  sessionId: number;
  receivedAt: Date;
}

export async function insertClientEvent(db: Executor, event: NewClientEvent): Promise<void> {
  await db
    .insertInto('client_events')
    .values({
      remote: event.remote,
      version: event.version,
      kind: event.kind,
      route: event.route,
      message: event.message,
      session_id: event.sessionId,
      received_at: event.receivedAt,
    })
    .execute();
}

/**
 * Counts one more report of a session and answers how many it has sent in its window. One
 * statement (insert or update, then returned), so parallel requests on several API processes
 * never read the same count.
 */
export async function countSessionReport(
  db: Executor,
  sessionId: number,
  now: Date,
  windowStart: Date,
): Promise<number> {
  const row = await db
    .insertInto('client_event_quota')
    .values({ session_id: sessionId, window_started_at: now, events: 1 })
    .onConflict((conflict) =>
      conflict.column('session_id').doUpdateSet({
        events: sql<number>`case when client_event_quota.window_started_at <= ${windowStart} then 1 else client_event_quota.events + 1 end`,
        window_started_at: sql<Date>`case when client_event_quota.window_started_at <= ${windowStart} then ${now} else client_event_quota.window_started_at end`,
      }),
    )
    .returning('events')
    .executeTakeFirstOrThrow();
  return Number(row.events);
}

/** Per remote and version since `since`: sessions, loads, load failures, render errors. */
export async function summariseClientEvents(
  db: Executor,
  since: Date,
): Promise<ClientEventSummaryRow[]> {
  const rows = await db
    .selectFrom('client_events')
    .select([
      'remote',
      'version',
      sql<number>`count(distinct session_id)::int`.as('sessions'),
      sql<number>`(count(*) filter (where kind = 'loaded'))::int`.as('loads'),
      sql<number>`(count(*) filter (where kind = 'load_failed'))::int`.as('load_failures'),
      sql<number>`(count(*) filter (where kind = 'render_error'))::int`.as('render_errors'),
    ])
    .where('received_at', '>=', since)
    .groupBy(['remote', 'version'])
    .orderBy('remote')
    .orderBy('version')
    .execute();
  return rows.map((row) => ({
    remote: row.remote,
    version: row.version,
    sessions: Number(row.sessions),
    loads: Number(row.loads),
    load_failures: Number(row.load_failures),
    render_errors: Number(row.render_errors),
  }));
}

/** Deletes reports older than `before` and quota rows idle since then. */
export async function deleteClientEventsBefore(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('client_events').where('received_at', '<', before).execute();
  await db.deleteFrom('client_event_quota').where('window_started_at', '<', before).execute();
}
