import type { ApiModule } from '../../http/api-module';
import { apiTokensBaseline } from './migrations/0001_foundation';
import { revokeInactiveTokensMigration } from './migrations/2026_11_23_sessions_revoke_inactive';
import './tables';

/**
 * Sessions and credentials, shared by the auth module (sign-in, logout) and the employees module
 * (a new password or a deactivation ends sessions): opaque tokens stored only as their SHA-256,
 * revocation, the in-process session cache, argon2id password hashing. No routes of its own.
 */
export const sessionsModule: ApiModule = {
  name: 'sessions',
  migrations: [apiTokensBaseline, revokeInactiveTokensMigration],
};

export {
  dummyPasswordHash,
  generateToken,
  hashPassword,
  hashToken,
  looksLikeToken,
  verifyPassword,
} from './commands';
export {
  insertToken,
  listenForRevocations,
  revocationChannel,
  revokeEmployeeTokens,
  revokeToken,
  sessionCacheFor,
  SessionCache,
  type CachedSession,
  type RevocationListener,
  type SessionRevocation,
} from './repository';
