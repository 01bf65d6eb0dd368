import type { Kysely } from 'kysely';
import { countOf } from 'shared-contracts';
import type { LoginRateLimitConfig } from '../../../config';
import type { Database } from '../../../db/tables';
import {
  DAY_MS,
  FAMILIAR_ADDRESS_DAYS,
  lockThrottleRows,
  settleSuccessfulLogin,
  updateThrottleRow,
} from '../repository';

/**
 * Login throttling (the rules are on `LoginRateLimitConfig`). Every decision is taken in one
 * short transaction holding the email's row, the email + address row and the address's row
 * locked, and an attempt is counted when it is let through, before its password is verified:
 * parallel requests cannot all read "under the limit" and then all guess, and every API process
 * on one database shares the count. Attempts refused here are not counted, so hammering while
 * refused changes nothing.
 */

export type LoginGate =
  | { allowed: true; ticket: LoginTicket }
  | { allowed: false; retryAfterSeconds: number; reason: LoginRefusalReason };

/** Which brake refused: the address's cap across emails has a message of its own. */
export type LoginRefusalReason = 'email' | 'address' | 'client';

/** What `finishLoginAttempt` needs to settle an attempt that was let through. */
export interface LoginTicket {
  emailKey: string;
  addressKey: string;
  clientKey: string;
}

export function emailKey(email: string): string {
  return `email:${email}`;
}

export function addressKey(email: string, ip: string): string {
  return `address:${email} ${ip}`;
}

/** The client address alone, whatever email it tries (the brake on password spraying). */
export function clientKey(ip: string): string {
  return `client:${ip}`;
}

type DelayLimits = Pick<LoginRateLimitConfig, 'baseDelayMs' | 'maxDelayMs'>;

/** `baseDelayMs` doubling with each step beyond the first, up to `maxDelayMs`. */
function doublingDelayMs(step: number, limits: DelayLimits): number {
  // Capped exponent: 2^30 ms is already days; larger would overflow to Infinity.
  return Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** Math.min(step - 1, 30));
}

/**
 * The wait an email imposes after its `failures`-th failure: none for the first
 * `freeFailuresPerEmail`, then `baseDelayMs` doubling up to `maxDelayMs`.
 */
export function loginDelayMs(
  failures: number,
  limits: Pick<LoginRateLimitConfig, 'freeFailuresPerEmail'> & DelayLimits,
): number {
  const beyond = failures - limits.freeFailuresPerEmail;
  return beyond <= 0 ? 0 : doublingDelayMs(beyond, limits);
}

/**
 * The wait a familiar address imposes on its email after its `attempts`-th attempt in the
 * window: none before `maxAttemptsPerAddress`, then `baseDelayMs` doubling up to `maxDelayMs`.
 * An unfamiliar address is refused for the rest of the window instead; a familiar one only
 * waits, so whoever shares the owner's address (an office behind one NAT) cannot lock the owner
 * out, and still gets no more than one guess per `maxDelayMs` once past the limit.
 */
export function familiarAddressDelayMs(
  attempts: number,
  limits: Pick<LoginRateLimitConfig, 'maxAttemptsPerAddress'> & DelayLimits,
): number {
  const beyond = attempts - limits.maxAttemptsPerAddress + 1;
  return beyond <= 0 ? 0 : doublingDelayMs(beyond, limits);
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
  const keys: LoginTicket = {
    emailKey: emailKey(email),
    addressKey: addressKey(email, ip),
    clientKey: clientKey(ip),
  };
  const windowMs = limits.windowMinutes * 60_000;
  const windowStart = new Date(now.getTime() - windowMs);
  return db.transaction().execute(async (trx): Promise<LoginGate> => {
    const allKeys = [keys.emailKey, keys.addressKey, keys.clientKey];
    const rows = await lockThrottleRows(trx, allKeys, now);
    const emailRow = rows.find((row) => row.key === keys.emailKey);
    const addressRow = rows.find((row) => row.key === keys.addressKey);
    const clientRow = rows.find((row) => row.key === keys.clientKey);
    if (!emailRow || !addressRow || !clientRow)
      throw new Error('login_throttle rows missing after insert');

    // An address this email signed in from lately is never locked out: not by failures from
    // elsewhere (the email's delay), not by its own address's limit (it waits a delay instead of
    // the rest of the window) and not by the address's cap across emails. That is what keeps a
    // stranger, or a colleague behind the same address, from locking the owner out.
    const familiar =
      addressRow.last_success_at !== null &&
      now.getTime() - addressRow.last_success_at.getTime() < FAMILIAR_ADDRESS_DAYS * DAY_MS;

    const refusals: Array<{ at: Date; reason: LoginRefusalReason }> = [];
    const addressFresh = addressRow.window_started_at <= windowStart;
    const addressAttempts = addressFresh ? 0 : addressRow.attempts;
    if (familiar) {
      if (
        !addressFresh &&
        addressRow.next_attempt_at !== null &&
        addressRow.next_attempt_at > now
      ) {
        refusals.push({ at: addressRow.next_attempt_at, reason: 'address' });
      }
    } else if (addressAttempts >= limits.maxAttemptsPerAddress) {
      refusals.push({
        at: new Date(addressRow.window_started_at.getTime() + windowMs),
        reason: 'address',
      });
    }

    const clientFresh = clientRow.window_started_at <= windowStart;
    const clientFailures = clientFresh ? 0 : clientRow.attempts;
    if (!familiar && clientFailures >= limits.maxFailuresPerClient) {
      refusals.push({
        at: new Date(clientRow.window_started_at.getTime() + windowMs),
        reason: 'client',
      });
    }

    // An email quiet for a whole window starts again from nothing.
    const emailStale = emailRow.updated_at <= windowStart;
    const emailFailures = emailStale ? 0 : emailRow.attempts;
    if (
      !familiar &&
      !emailStale &&
      emailRow.next_attempt_at !== null &&
      emailRow.next_attempt_at > now
    ) {
      refusals.push({ at: emailRow.next_attempt_at, reason: 'email' });
    }

    if (refusals.length > 0) {
      // The longest wait is the one that holds.
      const longest = refusals.reduce((a, b) => (b.at > a.at ? b : a));
      return {
        allowed: false,
        retryAfterSeconds: secondsUntil(longest.at, now),
        reason: longest.reason,
      };
    }

    const attempts = addressAttempts + 1;
    await updateThrottleRow(trx, keys.addressKey, {
      attempts,
      window_started_at: addressFresh ? now : addressRow.window_started_at,
      next_attempt_at: familiar
        ? new Date(now.getTime() + familiarAddressDelayMs(attempts, limits))
        : null,
      updated_at: now,
    });
    // Counted as a failure of the address now and forgiven on success (see finishLoginAttempt).
    await updateThrottleRow(trx, keys.clientKey, {
      attempts: clientFailures + 1,
      window_started_at: clientFresh ? now : clientRow.window_started_at,
      updated_at: now,
    });
    if (!familiar) {
      // Counted as a failure now and forgiven on success: until then, the next attempt waits.
      const failures = emailFailures + 1;
      await updateThrottleRow(trx, keys.emailKey, {
        attempts: failures,
        next_attempt_at: new Date(now.getTime() + loginDelayMs(failures, limits)),
        updated_at: now,
      });
    }
    return { allowed: true, ticket: keys };
  });
}

/**
 * Settles an attempt `enterLoginAttempt` let through. A failure was counted already; a right
 * password clears the email's failures and the address's attempts, marks the address familiar,
 * and takes back this one attempt from the address's count across emails (only this one: a
 * sprayer who owns one account must not wipe the count of its guesses by signing in with it).
 */
export async function finishLoginAttempt(
  db: Kysely<Database>,
  ticket: LoginTicket,
  passwordOk: boolean,
  now: Date,
): Promise<void> {
  if (!passwordOk) return;
  await settleSuccessfulLogin(db, ticket, now);
}

/** "بعد 5 دقائق": the plural helper, the dual oblique after «بعد» ("بعد دقيقتين"). */
export function arabicMinutes(minutes: number): string {
  return countOf(Math.max(1, minutes), 'minute', { case: 'oblique' });
}

/** "بعد 30 ثانية", with the same agreement rules. */
export function arabicSeconds(seconds: number): string {
  return countOf(Math.max(1, seconds), 'second', { case: 'oblique' });
}

function arabicWait(retryAfter: number): string {
  return retryAfter < 60
    ? arabicSeconds(Math.max(1, retryAfter))
    : arabicMinutes(Math.ceil(retryAfter / 60));
}

export function rateLimitMessage(retryAfter: number): string {
  return `تم تجاوز عدد محاولات تسجيل الدخول المسموح به، يرجى المحاولة مرة أخرى بعد ${arabicWait(retryAfter)}`;
}

/** The address's cap across emails: says it is this network, not the account, that waits. */
export function clientRateLimitMessage(retryAfter: number): string {
  return `تم تجاوز عدد محاولات تسجيل الدخول الفاشلة من هذا العنوان، يرجى المحاولة مرة أخرى بعد ${arabicWait(retryAfter)}`;
}
