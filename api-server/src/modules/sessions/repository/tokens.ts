import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/tables';
import type { RequestMeta } from '../../../http/request-meta';
import { hashToken } from '../commands';

type Executor = Kysely<Database> | Transaction<Database>;

/** The API tokens (sessions): issued at login, revoked at logout or when the employee's access changes. */

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

/** After a new password or a deactivation: every session of that employee ends (but `exceptTokenId`). */
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
