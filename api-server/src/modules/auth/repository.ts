import type { Kysely, Transaction } from 'kysely';
import { EMPLOYEE_ACCOUNT_COLUMNS, type Database, type EmployeeAccount } from '../../db/schema';
import type { AuthContext } from '../../http/access-control';
import type { RequestMeta } from '../../http/request-meta';
import { sessionCacheFor } from './session-cache';
import { hashToken, looksLikeToken } from './tokens';

type Executor = Kysely<Database> | Transaction<Database>;

/** Writing last_used_at on every request would turn each read into a write; once a minute is enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Token → employee in one indexed lookup (unique token_hash, primary key join). Expired and
 * revoked tokens do not match. A hit in the session cache skips the lookup; see session-cache.ts
 * for why a logout or revocation still counts at once.
 */
export async function authenticateToken(db: Kysely<Database>, token: string, now: Date): Promise<AuthContext | null> {
  if (!looksLikeToken(token)) return null;
  const tokenHash = hashToken(token);
  const cache = sessionCacheFor(db);
  const cached = cache.get(tokenHash, now.getTime());
  if (cached) return cached.auth;
  const generation = cache.currentGeneration();
  const row = await db
    .selectFrom('api_tokens as t')
    .innerJoin('employees as e', 'e.id', 't.employee_id')
    // Not the password hash: the caller's record travels with the request.
    .select(EMPLOYEE_ACCOUNT_COLUMNS.map((column) => `e.${column}` as const))
    .select(['t.id as token_id', 't.last_used_at as token_last_used_at', 't.expires_at as token_expires_at'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;

  const { token_id: tokenId, token_last_used_at: lastUsedAt, token_expires_at: expiresAt, ...employee } = row;
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
  }
  const auth: AuthContext = { tokenId: Number(tokenId), employee: employee satisfies EmployeeAccount };
  cache.set(tokenHash, { auth, tokenExpiresAt: expiresAt.getTime() }, now.getTime(), generation);
  return auth;
}

export async function insertToken(
  db: Executor,
  employeeId: number,
  token: string,
  expiresAt: Date,
  meta: RequestMeta,
): Promise<void> {
  await db
    .insertInto('api_tokens')
    .values({
      token_hash: hashToken(token),
      employee_id: employeeId,
      expires_at: expiresAt,
      ip: meta.ip,
      user_agent: meta.userAgent,
    })
    .execute();
}

export async function revokeToken(db: Executor, tokenId: number, now: Date): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** After a password change: every other session of that employee ends. */
export async function revokeEmployeeTokens(
  db: Executor,
  employeeId: number,
  now: Date,
  exceptTokenId?: number,
): Promise<void> {
  let query = db
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('employee_id', '=', employeeId)
    .where('revoked_at', 'is', null);
  if (exceptTokenId !== undefined) query = query.where('id', '!=', exceptTokenId);
  await query.execute();
}

export async function recordLoginAttempt(
  db: Executor,
  email: string,
  ip: string,
  success: boolean,
  at: Date,
): Promise<void> {
  await db.insertInto('login_attempts').values({ email, ip, success, at }).execute();
}
