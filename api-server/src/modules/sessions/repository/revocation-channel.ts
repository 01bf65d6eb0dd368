import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import type { Database } from '../../../db/tables';
import type { SessionCache } from './session-cache';

/**
 * Session-cache invalidation across API processes on one PostgreSQL: a logout,
 * password change or deactivation in one process is published with NOTIFY after its commit, and
 * every process LISTENing forgets the cached session at once. One channel per schema, so test
 * schemas (and two installations on one server) do not hear each other.
 *
 * The cache only serves while this process is listening: until the first LISTEN succeeds, and
 * whenever the connection drops until it is back, the cache is suspended and every request reads
 * the database, so a missed notification can never leave a revoked token accepted.
 */

const RECONNECT_MS = 1000;
const revocationSchema = z.object({
  kind: z.enum(['token', 'employee']),
  id: z.number().int().positive(),
});

/** A valid identifier (≤ 63 bytes) whatever the schema name's length. */
export function revocationChannel(schema: string): string {
  return `ataa_sessions_${createHash('sha256').update(schema).digest('hex').slice(0, 24)}`;
}

export interface RevocationListener {
  close(): Promise<void>;
}

export async function listenForRevocations(options: {
  connectionString: string;
  schema: string;
  db: Kysely<Database>;
  cache: SessionCache;
  log: FastifyBaseLogger;
}): Promise<RevocationListener> {
  const { cache, log, db } = options;
  const channel = revocationChannel(options.schema);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  cache.suspend();
  cache.onForget = (revocation) => {
    sql`select pg_notify(${channel}, ${JSON.stringify(revocation)})`
      .execute(db)
      .catch((error: unknown) => {
        // The other processes keep the session cached for at most AUTH_CACHE_TTL_MS.
        log.warn({ err: error }, 'publishing a session revocation failed');
      });
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: 5000,
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      cache.suspend();
      next.end().catch(() => undefined);
      if (closed) return;
      log.warn(
        { err: error },
        'session revocation channel lost: session cache off until it is back',
      );
      retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry.unref();
    };
    next.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      let parsed: ReturnType<typeof revocationSchema.safeParse> | undefined;
      try {
        parsed = revocationSchema.safeParse(JSON.parse(message.payload));
      } catch {
        parsed = undefined;
      }
      // An unreadable message: forget everything rather than risk keeping what it named.
      if (parsed?.success) cache.apply(parsed.data);
      else cache.clear();
    });
    next.on('error', (error) => lost(error));
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`listen "${channel}"`);
    } catch (error) {
      client = next;
      lost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    cache.resume();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      cache.onForget = undefined;
      const current = client;
      client = undefined;
      cache.suspend();
      await current?.end().catch(() => undefined);
    },
  };
}
