import type { Kysely, Updateable } from 'kysely';
import type { authEndpoints } from 'shared-contracts';
import type { Employee } from 'shared-contracts';
import type { ApiSettings } from '../../../app-context';
import type { Database } from '../../../db/tables';
import type { AuthContext } from '../../../http/access-control';
import type { EndpointContext } from '../../../http/endpoint';
import { forbidden, HttpError, unprocessable } from '../../../http/errors';
import type { RequestMeta } from '../../../http/request-meta';
import { diffChanges, recordActivity } from '../../activity-log';
import {
  findEmployeeByEmail,
  findEmployeeById,
  lockEmployeeById,
  markSignedIn,
  normaliseEmail,
  searchKeyFor,
  toEmployeeResource,
  updateEmployee,
  type EmployeesTable,
} from '../../employees';
import { withEffectivePermissions } from '../../permission-groups';
import {
  dummyPasswordHash,
  generateToken,
  hashPassword,
  insertToken,
  revokeEmployeeTokens,
  revokeToken,
  sessionCacheFor,
  verifyPassword,
} from '../../sessions';
import {
  clientRateLimitMessage,
  enterLoginAttempt,
  finishLoginAttempt,
  rateLimitMessage,
} from './rate-limit';

type LoginInput = EndpointContext<typeof authEndpoints.login>['body'];
type ProfileInput = EndpointContext<typeof authEndpoints.updateProfile>['body'];

export const AUTH_MESSAGES = {
  loggedIn: 'تم تسجيل الدخول بنجاح',
  badCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  suspended: 'هذا الحساب موقوف، يرجى مراجعة مدير النظام',
  loggedOut: 'تم تسجيل الخروج بنجاح',
  profileUpdated: 'تم تحديث الملف الشخصي بنجاح',
  wrongCurrentPassword: 'كلمة المرور الحالية غير صحيحة',
} as const;

const HOUR_MS = 60 * 60 * 1000;

/**
 * A sign-in: throttled (rate-limit.ts), the password checked in constant work whether the email
 * exists or not, every outcome in the activity log; a success stamps the employee and stores a
 * new token in one transaction.
 */
export async function login(
  db: Kysely<Database>,
  settings: Pick<ApiSettings, 'loginRateLimit' | 'tokenTtlHours'>,
  input: LoginInput,
  meta: RequestMeta,
): Promise<{ token: string; employee: Employee }> {
  const email = normaliseEmail(input.email);
  const now = new Date();

  const gate = await enterLoginAttempt(db, email, meta.ip, settings.loginRateLimit, now);
  if (!gate.allowed) {
    const message =
      gate.reason === 'client'
        ? clientRateLimitMessage(gate.retryAfterSeconds)
        : rateLimitMessage(gate.retryAfterSeconds);
    throw new HttpError(429, message, undefined, {
      'retry-after': String(gate.retryAfterSeconds),
    });
  }

  const employee = await findEmployeeByEmail(db, email);
  // Unknown email: still pay for one argon2 verification, so timing does not tell.
  const passwordOk = employee
    ? await verifyPassword(employee.password_hash, input.password)
    : (await verifyPassword(await dummyPasswordHash(), input.password)) && false;
  await finishLoginAttempt(db, gate.ticket, passwordOk, new Date());

  if (!employee || !passwordOk) {
    await recordActivity(db, {
      employeeId: null,
      action: 'login_failed',
      entityType: 'employee',
      entityLabel: email,
      meta,
    });
    throw new HttpError(401, AUTH_MESSAGES.badCredentials);
  }

  if (!employee.active) {
    await recordActivity(db, {
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
  const expiresAt = new Date(now.getTime() + settings.tokenTtlHours * HOUR_MS);
  const signedIn = await db.transaction().execute(async (trx) => {
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
  const withGroups = await withEffectivePermissions(db, signedIn);
  return { token, employee: toEmployeeResource(withGroups) };
}

/** Ends the caller's session (its token revoked, the log told), then forgets it from the cache. */
export async function logout(
  db: Kysely<Database>,
  auth: AuthContext,
  meta: RequestMeta,
): Promise<void> {
  const { tokenId, employee } = auth;
  await db.transaction().execute(async (trx) => {
    await revokeToken(trx, tokenId, new Date());
    await recordActivity(trx, {
      employeeId: employee.id,
      action: 'logout',
      entityType: 'employee',
      entityId: employee.id,
      entityLabel: employee.name,
      meta,
    });
  });
  sessionCacheFor(db).forgetToken(tokenId);
}

/**
 * The caller's own name or password (the current password first). A new password ends the
 * caller's other sessions.
 */
export async function updateProfile(
  db: Kysely<Database>,
  auth: AuthContext,
  input: ProfileInput,
  meta: RequestMeta,
): Promise<Employee> {
  const changingPassword = input.password !== undefined;
  if (changingPassword) {
    const stored = await findEmployeeById(db, auth.employee.id);
    const ok = stored
      ? await verifyPassword(stored.password_hash, input.current_password ?? '')
      : false;
    if (!ok) throw unprocessable({ current_password: [AUTH_MESSAGES.wrongCurrentPassword] });
  }
  const passwordHash =
    input.password !== undefined ? await hashPassword(input.password) : undefined;
  const now = new Date();

  const updated = await db.transaction().execute(async (trx) => {
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
      meta,
    });
    return after;
  });
  sessionCacheFor(db).forgetEmployee(auth.employee.id);
  return toEmployeeResource(await withEffectivePermissions(db, updated));
}
