import type { BigIntId } from '../../db/tables';

// Migration 0001.
declare module '../../db/tables' {
  interface Database {
    login_attempts: LoginAttemptsTable;
  }
}

/** Every login attempt (the rate limit counts the recent failures). */
export interface LoginAttemptsTable {
  id: BigIntId;
  email: string;
  ip: string;
  at: Date;
  success: boolean;
}
