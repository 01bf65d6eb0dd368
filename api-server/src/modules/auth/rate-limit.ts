import type { Kysely } from 'kysely';
import type { LoginRateLimitConfig } from '../../config';
import type { Database } from '../../db/tables';

export interface RateLimitDecision {
  limited: boolean;
  /** Whole seconds until an attempt would be accepted again (0 when not limited). */
  retryAfterSeconds: number;
}

/**
 * When the `limit`-th most recent failure leaves the window the count drops below the limit:
 * that is when the caller may try again. `failures` are the failure times inside the window.
 */
export function retryAfterSeconds(failures: readonly Date[], limit: number, windowMs: number, now: Date): number {
  if (failures.length < limit) return 0;
  const sorted = [...failures].sort((a, b) => b.getTime() - a.getTime());
  const decisive = sorted[limit - 1];
  if (!decisive) return 0;
  return Math.max(1, Math.ceil((decisive.getTime() + windowMs - now.getTime()) / 1000));
}

/**
 * Failed logins in the window, per email (only those after the email's last success, so a
 * successful login clears the count) and per client address.
 */
export async function checkLoginRateLimit(
  db: Kysely<Database>,
  email: string,
  ip: string,
  limits: LoginRateLimitConfig,
  now: Date,
): Promise<RateLimitDecision> {
  const windowMs = limits.windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);

  const lastSuccess = await db
    .selectFrom('login_attempts')
    .select('at')
    .where('email', '=', email)
    .where('success', '=', true)
    .where('at', '>=', since)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const emailSince = lastSuccess && lastSuccess.at > since ? lastSuccess.at : since;

  // Only the most recent `limit` failures decide, so fetch no more than that.
  const [emailFailures, ipFailures] = await Promise.all([
    db
      .selectFrom('login_attempts')
      .select('at')
      .where('email', '=', email)
      .where('success', '=', false)
      .where('at', '>', emailSince)
      .orderBy('at', 'desc')
      .limit(limits.maxFailuresPerEmail)
      .execute(),
    db
      .selectFrom('login_attempts')
      .select('at')
      .where('ip', '=', ip)
      .where('success', '=', false)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(limits.maxFailuresPerIp)
      .execute(),
  ]);

  const wait = Math.max(
    retryAfterSeconds(emailFailures.map((row) => row.at), limits.maxFailuresPerEmail, windowMs, now),
    retryAfterSeconds(ipFailures.map((row) => row.at), limits.maxFailuresPerIp, windowMs, now),
  );
  return { limited: wait > 0, retryAfterSeconds: wait };
}

/** "بعد 5 دقائق": Arabic counts agree with the noun (1, 2, 3–10, 11+). */
export function arabicMinutes(minutes: number): string {
  if (minutes <= 1) return 'دقيقة واحدة';
  if (minutes === 2) return 'دقيقتين';
  if (minutes <= 10) return `${minutes} دقائق`;
  return `${minutes} دقيقة`;
}

export function rateLimitMessage(retryAfter: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return `تم تجاوز عدد محاولات تسجيل الدخول المسموح به، يرجى المحاولة مرة أخرى بعد ${arabicMinutes(minutes)}`;
}

/** Deletes attempts older than a day beyond the window; nothing reads them any more. */
export async function pruneLoginAttempts(db: Kysely<Database>, windowMinutes: number, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - windowMinutes * 60_000 - 24 * 60 * 60_000);
  await db.deleteFrom('login_attempts').where('at', '<', cutoff).execute();
}
