import { DEMO_ACCOUNTS } from 'api-server/src/demo-fixtures';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from 'api-server/src/config';

/** The seeded logins the browser tests use (the same the README documents). */
export const ADMIN = { email: DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD };

export function demoAccount(key: 'researcher' | 'accountant' | 'coordinator' | 'hr' | 'inactive') {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.key === key);
  if (!account) throw new Error(`No demo account ${key}`);
  return account;
}
