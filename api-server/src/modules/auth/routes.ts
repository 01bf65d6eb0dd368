import type { FastifyPluginAsync } from 'fastify';
import { authEndpoints } from 'shared-contracts';
import { registerEndpoint } from '../../http/endpoint';
import { requestMeta } from '../../http/request-meta';
import { dummyPasswordHash } from '../sessions';
import { AUTH_MESSAGES, login, logout, updateProfile } from './commands';
import { toEmployeeResource } from '../employees';

/**
 * The three calls of docs/shell.md#auth-calls, exactly as written there, plus PUT /profile for the
 * host's profile page.
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  // Compute the dummy hash now, so the first unknown-email login is not slower than the rest.
  await dummyPasswordHash();

  registerEndpoint(app, authEndpoints.login, async ({ body, request }) => ({
    message: AUTH_MESSAGES.loggedIn,
    // The client address as TRUST_PROXY resolves it: a forged X-Forwarded-For from an untrusted
    // peer is ignored, so it can neither dodge the per-address limit nor fill the log with lies.
    data: await login(app.db, app.settings, body, requestMeta(request)),
  }));

  registerEndpoint(app, authEndpoints.logout, async ({ auth, request }) => {
    await logout(app.db, auth(), requestMeta(request));
    return { message: AUTH_MESSAGES.loggedOut };
  });

  registerEndpoint(app, authEndpoints.currentUser, async ({ auth }) => {
    const { employee } = auth();
    return { data: { ...toEmployeeResource(employee), is_active: employee.active } };
  });

  registerEndpoint(app, authEndpoints.updateProfile, async ({ auth, body, request }) => ({
    message: AUTH_MESSAGES.profileUpdated,
    data: await updateProfile(app.db, auth(), body, requestMeta(request)),
  }));
};
