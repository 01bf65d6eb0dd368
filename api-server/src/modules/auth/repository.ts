import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/tables';
import type { LoginThrottleTable } from './tables';
import { EMPLOYEE_ACCOUNT_COLUMNS, type EmployeeAccount } from '../employees';
import type { AuthContext } from '../../http/access-control';
import { hashToken, looksLikeToken, sessionCacheFor } from '../sessions';
import { groupPermissionsOf } from '../permission-groups';
import { effectivePermissions } from 'shared-contracts/admin';

/** Writing last_used_at on every request would turn each read into a write; once a minute is enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Token → employee in one indexed lookup (unique token_hash, primary key join), with the
 * effective permissions (own keys plus the groups'). Expired and
 * revoked tokens do not match. A hit in the session cache skips the lookup; see session-cache.ts
 * for why a logout or revocation still counts at once.
 */
export async function authenticateToken(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<AuthContext | null> {
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
    .select([
      't.id as token_id',
      't.last_used_at as token_last_used_at',
      't.expires_at as token_expires_at',
    ])
    // The keys held through permission groups, in the same round trip.
    .select(groupPermissionsOf('e.id').as('group_permissions'))
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;

  const {
    token_id: tokenId,
    token_last_used_at: lastUsedAt,
    token_expires_at: expiresAt,
    group_permissions: groupKeys,
    ...account
  } = row;
  // The caller's effective permissions: their own keys and their groups' (every access check reads these).
  const employee = {
    ...account,
    permissions: effectivePermissions(account.permissions, [{ permissions: groupKeys }]),
  };
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .updateTable('api_tokens')
      .set({ last_used_at: now })
      .where('id', '=', tokenId)
      .execute();
  }
  const auth: AuthContext = {
    tokenId: Number(tokenId),
    employee: employee satisfies EmployeeAccount,
  };
  cache.set(tokenHash, { auth, tokenExpiresAt: expiresAt.getTime() }, now.getTime(), generation);
  return auth;
}

// ------------------------------------------------------------------ login throttling (commands/rate-limit.ts)

/** How long an address that signed in stays "familiar" to its email (not held by the email's delay). */
export const FAMILIAR_ADDRESS_DAYS = 30;
export const DAY_MS = 24 * 60 * 60_000;

/**
 * The throttle rows of these keys, created when missing, locked until the transaction ends.
 * Locked in key order (`address:` < `client:` < `email:`) by every request, so two never wait on
 * each other in a cycle.
 */
export async function lockThrottleRows(
  trx: Transaction<Database>,
  keys: readonly string[],
  now: Date,
) {
  await trx
    .insertInto('login_throttle')
    .values(keys.map((key) => ({ key, window_started_at: now, updated_at: now })))
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  return trx
    .selectFrom('login_throttle')
    .selectAll()
    .where('key', 'in', keys)
    .orderBy('key')
    .forUpdate()
    .execute();
}

export async function updateThrottleRow(
  trx: Transaction<Database>,
  key: string,
  values: Updateable<LoginThrottleTable>,
): Promise<void> {
  await trx.updateTable('login_throttle').set(values).where('key', '=', key).execute();
}

/** A right password: the email's failures and the address's attempts cleared, one client attempt taken back. */
export async function settleSuccessfulLogin(
  db: Kysely<Database>,
  ticket: { emailKey: string; addressKey: string; clientKey: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ attempts: 0, next_attempt_at: null, updated_at: now })
    .where('key', '=', ticket.emailKey)
    .execute();
  await db
    .updateTable('login_throttle')
    .set({
      attempts: 0,
      window_started_at: now,
      next_attempt_at: null,
      last_success_at: now,
      updated_at: now,
    })
    .where('key', '=', ticket.addressKey)
    .execute();
  await db
    .updateTable('login_throttle')
    .set({ attempts: sql<number>`greatest(attempts - 1, 0)`, updated_at: now })
    .where('key', '=', ticket.clientKey)
    .execute();
}

/**
 * Forgets rows nothing reads any more: idle for a window and a day, and not the mark of a
 * familiar address.
 */
export async function pruneLoginAttempts(
  db: Kysely<Database>,
  windowMinutes: number,
  now: Date,
): Promise<void> {
  const idleBefore = new Date(now.getTime() - windowMinutes * 60_000 - DAY_MS);
  const familiarSince = new Date(now.getTime() - FAMILIAR_ADDRESS_DAYS * DAY_MS);
  await db
    .deleteFrom('login_throttle')
    .where('updated_at', '<', idleBefore)
    .where((eb) =>
      eb.or([eb('last_success_at', 'is', null), eb('last_success_at', '<', familiarSince)]),
    )
    .execute();
}
