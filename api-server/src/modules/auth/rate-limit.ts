import type { Kysely } from 'kysely';
import type { LoginRateLimitConfig } from '../../config';
import type { Database } from '../../db/tables';

/**
 * Login throttling (the rules are on `LoginRateLimitConfig`). Every decision is taken in one
 * short transaction holding the email's row and the email + address row locked, and an attempt
 * is counted when it is let through, before its password is verified: parallel requests cannot
 * all read "under the limit" and then all guess, and every API process on one database shares
 * the count. Attempts refused here are not counted, so hammering while refused changes nothing.
 */

export type LoginGate = { allowed: true; ticket: LoginTicket } | { allowed: false; retryAfterSeconds: number };

/** What `finishLoginAttempt` needs to settle an attempt that was let through. */
export interface LoginTicket {
  emailKey: string;
  addressKey: string;
}

/** How long an address that signed in stays "familiar" to its email (not held by the email's delay). */
export const FAMILIAR_ADDRESS_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

export function emailKey(email: string): string {
  return `email:${email}`;
}

export function addressKey(email: string, ip: string): string {
  return `address:${email} ${ip}`;
}

/**
 * The wait an email imposes after its `failures`-th failure: none for the first
 * `freeFailuresPerEmail`, then `baseDelayMs` doubling up to `maxDelayMs`.
 */
export function loginDelayMs(failures: number, limits: LoginRateLimitConfig): number {
  const beyond = failures - limits.freeFailuresPerEmail;
  if (beyond <= 0) return 0;
  // Capped exponent: 2^30 ms is already days; larger would overflow to Infinity.
  return Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** Math.min(beyond - 1, 30));
}

function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

/** Lets a login attempt through (and counts it) or says how long to wait. */
export async function enterLoginAttempt(
  db: Kysely<Database>,
  email: string,
  ip: string,
  limits: LoginRateLimitConfig,
  now: Date,
): Promise<LoginGate> {
  const keys = { emailKey: emailKey(email), addressKey: addressKey(email, ip) };
  const windowStart = new Date(now.getTime() - limits.windowMinutes * 60_000);
  return db.transaction().execute(async (trx): Promise<LoginGate> => {
    await trx
      .insertInto('login_throttle')
      .values([keys.emailKey, keys.addressKey].map((key) => ({ key, window_started_at: now, updated_at: now })))
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    // Locked in key order (`address:` < `email:`) by every request, so two never wait on each other in a cycle.
    const rows = await trx
      .selectFrom('login_throttle')
      .selectAll()
      .where('key', 'in', [keys.emailKey, keys.addressKey])
      .orderBy('key')
      .forUpdate()
      .execute();
    const emailRow = rows.find((row) => row.key === keys.emailKey);
    const addressRow = rows.find((row) => row.key === keys.addressKey);
    if (!emailRow || !addressRow) throw new Error('login_throttle rows missing after insert');

    const addressFresh = addressRow.window_started_at <= windowStart;
    const addressAttempts = addressFresh ? 0 : addressRow.attempts;
    if (addressAttempts >= limits.maxAttemptsPerAddress) {
      return { allowed: false, retryAfterSeconds: secondsUntil(new Date(addressRow.window_started_at.getTime() + limits.windowMinutes * 60_000), now) };
    }

    // An address this email signed in from lately is not held up by failures from elsewhere:
    // that is what keeps a stranger from locking the owner out.
    const familiar = addressRow.last_success_at !== null && now.getTime() - addressRow.last_success_at.getTime() < FAMILIAR_ADDRESS_DAYS * DAY_MS;
    // An email quiet for a whole window starts again from nothing.
    const emailStale = emailRow.updated_at <= windowStart;
    const emailFailures = emailStale ? 0 : emailRow.attempts;
    if (!familiar && !emailStale && emailRow.next_attempt_at !== null && emailRow.next_attempt_at > now) {
      return { allowed: false, retryAfterSeconds: secondsUntil(emailRow.next_attempt_at, now) };
    }

    await trx
      .updateTable('login_throttle')
      .set({
        attempts: addressAttempts + 1,
        window_started_at: addressFresh ? now : addressRow.window_started_at,
        updated_at: now,
      })
      .where('key', '=', keys.addressKey)
      .execute();
    if (!familiar) {
      // Counted as a failure now and forgiven on success: until then, the next attempt waits.
      const failures = emailFailures + 1;
      await trx
        .updateTable('login_throttle')
        .set({ attempts: failures, next_attempt_at: new Date(now.getTime() + loginDelayMs(failures, limits)), updated_at: now })
        .where('key', '=', keys.emailKey)
        .execute();
    }
    return { allowed: true, ticket: keys };
  });
}

/**
 * Settles an attempt `enterLoginAttempt` let through. A failure was counted already; a right
 * password clears the email's failures and the address's attempts, and marks the address familiar.
 */
export async function finishLoginAttempt(db: Kysely<Database>, ticket: LoginTicket, passwordOk: boolean, now: Date): Promise<void> {
  if (!passwordOk) return;
  await db
    .updateTable('login_throttle')
    .set({ attempts: 0, next_attempt_at: null, updated_at: now })
    .where('key', '=', ticket.emailKey)
    .execute();
  await db
    .updateTable('login_throttle')
    .set({ attempts: 0, window_started_at: now, last_success_at: now, updated_at: now })
    .where('key', '=', ticket.addressKey)
    .execute();
}

/** "بعد 5 دقائق": Arabic counts agree with the noun (1, 2, 3–10, 11+). */
export function arabicMinutes(minutes: number): string {
  if (minutes <= 1) return 'دقيقة واحدة';
  if (minutes === 2) return 'دقيقتين';
  if (minutes <= 10) return `${minutes} دقائق`;
  return `${minutes} دقيقة`;
}

/** "بعد 30 ثانية", with the same agreement rules. */
export function arabicSeconds(seconds: number): string {
  if (seconds <= 1) return 'ثانية واحدة';
  if (seconds === 2) return 'ثانيتين';
  if (seconds <= 10) return `${seconds} ثوانٍ`;
  return `${seconds} ثانية`;
}

export function rateLimitMessage(retryAfter: number): string {
  const wait = retryAfter < 60 ? arabicSeconds(Math.max(1, retryAfter)) : arabicMinutes(Math.ceil(retryAfter / 60));
  return `تم تجاوز عدد محاولات تسجيل الدخول المسموح به، يرجى المحاولة مرة أخرى بعد ${wait}`;
}

/**
 * Forgets rows nothing reads any more: idle for a window and a day, and not the mark of a
 * familiar address.
 */
export async function pruneLoginAttempts(db: Kysely<Database>, windowMinutes: number, now: Date): Promise<void> {
  const idleBefore = new Date(now.getTime() - windowMinutes * 60_000 - DAY_MS);
  const familiarSince = new Date(now.getTime() - FAMILIAR_ADDRESS_DAYS * DAY_MS);
  await db
    .deleteFrom('login_throttle')
    .where('updated_at', '<', idleBefore)
    .where((eb) => eb.or([eb('last_success_at', 'is', null), eb('last_success_at', '<', familiarSince)]))
    .execute();
}
