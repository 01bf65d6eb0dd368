import type { FastifyPluginAsync } from 'fastify';
import type { Updateable } from 'kysely';
import { authEndpoints } from 'shared-contracts';
import type { EmployeesTable } from '../employees';
import { registerEndpoint } from '../../http/endpoint';
import { forbidden, HttpError, unprocessable } from '../../http/errors';
import { requestMeta } from '../../http/request-meta';
import { diffChanges, recordActivity } from '../activity-log';
import {
  findEmployeeByEmail,
  findEmployeeById,
  lockEmployeeById,
  markSignedIn,
  normaliseEmail,
  searchKeyFor,
  toEmployeeResource,
  updateEmployee,
} from '../employees';
import { dummyPasswordHash, generateToken, hashPassword, insertToken, revokeEmployeeTokens, revokeToken, sessionCacheFor, verifyPassword } from '../sessions';
import { withEffectivePermissions } from '../permission-groups';
import { clientRateLimitMessage, enterLoginAttempt, finishLoginAttempt, rateLimitMessage } from './rate-limit';
import { AUTH_MESSAGES } from './schemas';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The three calls of docs/shell.md#auth-calls, exactly as written there, plus PUT /profile for the
 * host's profile page.
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  // Compute the dummy hash now, so the first unknown-email login is not slower than the rest.
  await dummyPasswordHash();

  registerEndpoint(app, authEndpoints.login, async ({ body: input, request }) => {
    // The client address as TRUST_PROXY resolves it: a forged X-Forwarded-For from an untrusted
    // peer is ignored, so it can neither dodge the per-address limit nor fill the log with lies.
    const meta = requestMeta(request);
    const email = normaliseEmail(input.email);
    const now = new Date();

    const gate = await enterLoginAttempt(app.db, email, meta.ip, app.settings.loginRateLimit, now);
    if (!gate.allowed) {
      const message = gate.reason === 'client' ? clientRateLimitMessage(gate.retryAfterSeconds) : rateLimitMessage(gate.retryAfterSeconds);
      throw new HttpError(429, message, undefined, {
        'retry-after': String(gate.retryAfterSeconds),
      });
    }

    const employee = await findEmployeeByEmail(app.db, email);
    // Unknown email: still pay for one argon2 verification, so timing does not tell.
    const passwordOk = employee
      ? await verifyPassword(employee.password_hash, input.password)
      : (await verifyPassword(await dummyPasswordHash(), input.password)) && false;
    await finishLoginAttempt(app.db, gate.ticket, passwordOk, new Date());

    if (!employee || !passwordOk) {
      await recordActivity(app.db, {
        employeeId: null,
        action: 'login_failed',
        entityType: 'employee',
        entityLabel: email,
        meta,
      });
      throw new HttpError(401, AUTH_MESSAGES.badCredentials);
    }

    if (!employee.active) {
      await recordActivity(app.db, {
        employeeId: employee.id,
        action: 'login_refused',
        entityType: 'employee',
        entityId: employee.id,
        entityLabel: employee.name,
        meta,
      });
      throw forbidden(AUTH_MESSAGES.suspended);
    }

    const token = generateToken();
    const expiresAt = new Date(now.getTime() + app.settings.tokenTtlHours * HOUR_MS);
    const signedIn = await app.db.transaction().execute(async (trx) => {
      const row = await markSignedIn(trx, employee.id, now);
      await insertToken(trx, employee.id, token, expiresAt, meta);
      await recordActivity(trx, {
        employeeId: employee.id,
        action: 'login',
        entityType: 'employee',
        entityId: employee.id,
        entityLabel: employee.name,
        meta,
      });
      return row;
    });

    // The effective permissions (own keys plus the groups'), as GET /user answers them.
    const withGroups = await withEffectivePermissions(app.db, signedIn);
    return { message: AUTH_MESSAGES.loggedIn, data: { token, employee: toEmployeeResource(withGroups) } };
  });

  registerEndpoint(app, authEndpoints.logout, async ({ auth, request }) => {
    const { tokenId, employee } = auth();
    await app.db.transaction().execute(async (trx) => {
      await revokeToken(trx, tokenId, new Date());
      await recordActivity(trx, {
        employeeId: employee.id,
        action: 'logout',
        entityType: 'employee',
        entityId: employee.id,
        entityLabel: employee.name,
        meta: requestMeta(request),
      });
    });
    sessionCacheFor(app.db).forgetToken(tokenId);
    return { message: AUTH_MESSAGES.loggedOut };
  });

  registerEndpoint(app, authEndpoints.currentUser, async ({ auth }) => {
    const { employee } = auth();
    return { data: { ...toEmployeeResource(employee), is_active: employee.active } };
  });

  registerEndpoint(app, authEndpoints.updateProfile, async ({ auth: authOf, body: input, request }) => {
    const auth = authOf();
    const changingPassword = input.password !== undefined;
    if (changingPassword) {
      const stored = await findEmployeeById(app.db, auth.employee.id);
      const ok = stored ? await verifyPassword(stored.password_hash, input.current_password ?? '') : false;
      if (!ok) throw unprocessable({ current_password: [AUTH_MESSAGES.wrongCurrentPassword] });
    }
    const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
    const now = new Date();

    const updated = await app.db.transaction().execute(async (trx) => {
      const before = await lockEmployeeById(trx, auth.employee.id);
      if (!before) throw forbidden();
      const changes: Updateable<EmployeesTable> = {};
      if (input.name !== undefined && input.name !== before.name) {
        changes.name = input.name;
        changes.search_key = searchKeyFor(input.name, before.email);
      }
      if (passwordHash !== undefined) changes.password_hash = passwordHash;
      if (Object.keys(changes).length === 0) return before;

      const after = await updateEmployee(trx, before.id, changes);
      if (passwordHash !== undefined) await revokeEmployeeTokens(trx, before.id, now, auth.tokenId);
      await recordActivity(trx, {
        employeeId: before.id,
        action: 'profile_update',
        entityType: 'employee',
        entityId: before.id,
        entityLabel: after.name,
        changes: diffChanges(
          { name: before.name },
          { name: input.name, password: passwordHash === undefined ? undefined : true },
          ['password'],
        ),
        meta: requestMeta(request),
      });
      return after;
    });
    sessionCacheFor(app.db).forgetEmployee(auth.employee.id);

    return { message: AUTH_MESSAGES.profileUpdated, data: toEmployeeResource(await withEffectivePermissions(app.db, updated)) };
  });
};
