import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CLIENT_EVENTS_PER_MINUTE,
  CLIENT_EVENT_RETENTION_DAYS,
  countOf,
  scrubClientMessage,
  type ClientEventInput,
  type ClientEventSummaryRow,
} from 'shared-contracts';
import type { Database } from '../../db/tables';
import { HttpError, notFound } from '../../http/errors';
import {
  countSessionReport,
  deleteClientEventsBefore,
  insertClientEvent,
  summariseClientEvents,
} from './repository';

export const CLIENT_EVENT_MESSAGES = {
  accepted: 'تم تسجيل الحدث',
} as const;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function tooManyReports(retryAfterSeconds: number): HttpError {
  const wait = countOf(Math.max(1, retryAfterSeconds), 'second', { case: 'oblique' });
  return new HttpError(
    429,
    `تجاوزت هذه الجلسة عدد التقارير المسموح به، حاول مرة أخرى بعد ${wait}`,
    undefined,
    {
      'retry-after': String(Math.max(1, retryAfterSeconds)),
    },
  );
}

/** Old reports go at most once an hour per process, on the way of a report or a summary. */
let lastPruneAt = 0;
async function pruneOldReports(db: Kysely<Database>, now: Date): Promise<void> {
  if (now.getTime() - lastPruneAt < 60 * MINUTE_MS) return;
  lastPruneAt = now.getTime();
  await deleteClientEventsBefore(
    db,
    new Date(now.getTime() - CLIENT_EVENT_RETENTION_DAYS * DAY_MS),
  );
}

/**
 * Records one report of a signed-in session. Past `CLIENT_EVENTS_PER_MINUTE` in the session's
 * minute the report is refused (429) and nothing of it is kept; the count and the row are written
 * in one transaction.
 */
export async function recordClientEvent(
  db: Kysely<Database>,
  input: ClientEventInput,
  sessionId: number,
  now = new Date(),
): Promise<void> {
  const windowStart = new Date(now.getTime() - MINUTE_MS);
  await db.transaction().execute(async (trx) => {
    const sent = await countSessionReport(trx, sessionId, now, windowStart);
    if (sent > CLIENT_EVENTS_PER_MINUTE) throw tooManyReports(60);
    await insertClientEvent(trx, {
      remote: input.remote,
      version: input.version,
      kind: input.kind,
      route: input.route,
      message: scrubClientMessage(input.message),
      sessionId,
      receivedAt: now,
    });
  });
  await pruneOldReports(db, now);
}

/** The figures since `since` (the last 24 hours by default). */
export async function clientEventSummary(
  db: Kysely<Database>,
  since: string | undefined,
  now = new Date(),
): Promise<{ since: string; rows: ClientEventSummaryRow[] }> {
  const from = since ? new Date(since) : new Date(now.getTime() - DAY_MS);
  await pruneOldReports(db, now);
  return { since: from.toISOString(), rows: await summariseClientEvents(db, from) };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The monitor token check (the gateway's automatic stop and `pnpm release status`): the request's
 * `x-release-monitor-token` must equal RELEASE_MONITOR_TOKEN; with none configured nothing passes.
 * A refusal is a plain 404: to anyone without the token the route does not exist.
 */
export function assertMonitorToken(
  sent: string | string[] | undefined,
  configured = process.env.RELEASE_MONITOR_TOKEN,
): void {
  const given = Array.isArray(sent) ? sent[0] : sent;
  if (
    !configured ||
    configured.length < 16 ||
    !given ||
    !timingSafeEqual(digest(given), digest(configured))
  ) {
    throw notFound();
  }
}
