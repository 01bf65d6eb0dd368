import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables';
import type { AuthContext } from '../../../http/access-control';

/**
 * A short-lived cache of token → caller, so an authenticated read does not cost a database round
 * trip (with PGlite, one connection on the main thread, that round trip is the whole cost of
 * `GET /user`). Correctness rules:
 * - an entry never outlives its token's expiry, and lives at most `ttlMs` (default 10 s);
 * - logout, password changes and employee updates call `forgetToken` / `forgetEmployee` after
 *   their transaction commits, so in this process revocation takes effect at once;
 * - a lookup that started before such a change cannot re-insert what it read (the generation
 *   check below), so a stale record is never cached.
 * With several API processes on one PostgreSQL server, every `forget*` is also published
 * (`onForget`, wired to LISTEN/NOTIFY by revocation-channel.ts) and applied by the other
 * processes through `apply`, so a revocation counts everywhere within moments. While that
 * channel is down the cache is suspended (every request reads the database), never stale.
 */
export interface CachedSession {
  auth: AuthContext;
  tokenExpiresAt: number;
}

/** What one process tells the others to forget. */
export type SessionRevocation = { kind: 'token'; id: number } | { kind: 'employee'; id: number };

interface Entry extends CachedSession {
  cachedAt: number;
}

const DEFAULT_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private suspended = false;
  /** Called after every local `forgetToken` / `forgetEmployee`: the other processes' turn. */
  onForget: ((revocation: SessionRevocation) => void) | undefined;

  constructor(readonly ttlMs: number = DEFAULT_TTL_MS) {}

  /** Call before reading the database; pass the result to `set`. */
  currentGeneration(): number {
    return this.generation;
  }

  get(tokenHash: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.cachedAt >= this.ttlMs || now >= entry.tokenExpiresAt) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  set(tokenHash: string, session: CachedSession, now: number, generationAtLookup: number): void {
    if (this.ttlMs <= 0 || this.suspended || generationAtLookup !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first: Map keeps insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { ...session, cachedAt: now });
  }

  forgetToken(tokenId: number): void {
    this.apply({ kind: 'token', id: tokenId });
    this.onForget?.({ kind: 'token', id: tokenId });
  }

  forgetEmployee(employeeId: number): void {
    this.apply({ kind: 'employee', id: employeeId });
    this.onForget?.({ kind: 'employee', id: employeeId });
  }

  /** A revocation, local or from another process (not published again). */
  apply(revocation: SessionRevocation): void {
    this.generation += 1;
    for (const [hash, entry] of this.entries) {
      const id = revocation.kind === 'token' ? entry.auth.tokenId : entry.auth.employee.id;
      if (id === revocation.id) this.entries.delete(hash);
    }
  }

  /**
   * Off: forget everything and cache nothing until `resume` (the revocation channel is down, so
   * another process's logout could not reach this cache).
   */
  suspend(): void {
    this.suspended = true;
    this.clear();
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  resume(): void {
    this.suspended = false;
  }

  get isSuspended(): boolean {
    return this.suspended;
  }
}

const caches = new WeakMap<Kysely<Database>, SessionCache>();

function ttlFromEnv(): number {
  const raw = process.env.AUTH_CACHE_TTL_MS;
  const parsed = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : DEFAULT_TTL_MS;
}

/** One cache per database handle (one per app), so test apps never share sessions. */
export function sessionCacheFor(db: Kysely<Database>): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache(ttlFromEnv());
    caches.set(db, cache);
  }
  return cache;
}
