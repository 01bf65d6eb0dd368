import { authEndpoints } from 'shared-contracts';
import type { ApiModule } from '../../http/api-module';
import { loginAttemptsBaseline } from './migrations/0001_foundation';
import { loginThrottleMigration } from './migrations/2026_11_23_auth_login_throttle';
import { authRoutes } from './routes';
import './tables';

/** Sign-in (rate limited), logout, the current user and the profile (docs/shell.md#auth-calls). */
export const authModule: ApiModule = {
  name: 'auth',
  routes: authRoutes,
  endpoints: [authEndpoints],
  migrations: [loginAttemptsBaseline, loginThrottleMigration],
};

export { pruneLoginAttempts } from './repository';
export { authenticateToken } from './repository';
export { AUTH_MESSAGES } from './commands';
