import type { ColumnType } from 'kysely';
import type { NullableTimestamp } from '../../db/tables';

// Migration 2026_11_23_auth_login_throttle (which dropped 0001's login_attempts).
declare module '../../db/tables' {
  interface Database {
    login_throttle: LoginThrottleTable;
  }
}

/**
 * Login throttling state (rate-limit.ts): one row per email (`email:<email>`), one per email +
 * client address (`address:<email> <ip>`) and one per client address (`client:<ip>`).
 */
export interface LoginThrottleTable {
  key: string;
  /**
   * An email row: attempts since its last success that were not successes (each counted when it
   * is let through, so parallel guesses cannot overtake the count). An address row: attempts in
   * the current window, cleared by a success from that address. A client row: attempts from that
   * address in the current window, whatever the email, less its successes.
   */
  attempts: ColumnType<number, number | undefined, number>;
  window_started_at: Date;
  /**
   * An email row: no attempt from an unfamiliar address before this. An address row of a familiar
   * address: no attempt from it before this (past its limit it waits instead of being refused).
   */
  next_attempt_at: NullableTimestamp;
  /** An address row: the last successful login of that email from that address. */
  last_success_at: NullableTimestamp;
  updated_at: Date;
}
