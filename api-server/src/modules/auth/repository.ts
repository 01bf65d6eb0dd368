import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
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
    // The keys held through permission groups, in the same round trip.
    .select(groupPermissionsOf('e.id').as('group_permissions'))
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;

  const { token_id: tokenId, token_last_used_at: lastUsedAt, token_expires_at: expiresAt, group_permissions: groupKeys, ...account } = row;
  // The caller's effective permissions: their own keys and their groups' (every access check reads these).
  const employee = { ...account, permissions: effectivePermissions(account.permissions, [{ permissions: groupKeys }]) };
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
  }
  const auth: AuthContext = { tokenId: Number(tokenId), employee: employee satisfies EmployeeAccount };
  cache.set(tokenHash, { auth, tokenExpiresAt: expiresAt.getTime() }, now.getTime(), generation);
  return auth;
}
