import { isSuperAdmin, PERMISSION_KEYS } from 'shared-contracts';
import {
  EMPLOYEE_RULE_MESSAGES,
  PERMISSION_GROUP_MESSAGES,
  effectivePermissions,
  employeeChangeRefusals,
  groupMembershipRefusals,
  passwordResetRefusal,
  type AdminEmployee,
  type employeeEndpoints,
} from 'shared-contracts/admin';
import type { Kysely, Transaction, Updateable } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/tables';
import type { AuthContext } from '../../http/access-control';
import type { EndpointContext } from '../../http/endpoint';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { diffChanges, recordActivity } from '../activity-log';
import {
  findGroups,
  groupsOfEmployees,
  setEmployeeGroups,
  type EmployeeGroupRef,
} from '../permission-groups';
import { hashPassword, revokeEmployeeTokens, sessionCacheFor } from '../sessions';
import {
  findEmployeeByEmail,
  insertEmployee,
  lockEmployeeById,
  lockOtherActiveSuperAdmins,
  normaliseEmail,
  searchKeyFor,
  sortPermissions,
  toAdminEmployee,
  updateEmployee,
} from './repository';
import type { EmployeeRow, EmployeesTable } from './tables';

type EmployeeCreateInput = EndpointContext<typeof employeeEndpoints.create>['body'];
type EmployeeUpdateInput = EndpointContext<typeof employeeEndpoints.update>['body'];

export const EMPLOYEE_MESSAGES = {
  notFound: 'الموظف غير موجود',
  duplicateEmail: 'البريد الإلكتروني مستخدم من قبل',
  created: 'تمت إضافة الموظف بنجاح',
  updated: 'تم تحديث بيانات الموظف بنجاح',
  // Who may change what: the shared rules' messages (shared-contracts/admin, employee-rules.ts).
  ...EMPLOYEE_RULE_MESSAGES,
} as const;

const SECRET_FIELDS = ['password'];

const duplicateEmail = () =>
  conflict(EMPLOYEE_MESSAGES.duplicateEmail, { email: [EMPLOYEE_MESSAGES.duplicateEmail] });

/** What the activity log compares: the editable fields (groups by name), never the hash. */
function auditedFields(
  row: EmployeeRow,
  groups: readonly EmployeeGroupRef[],
): Record<string, unknown> {
  return {
    name: row.name,
    email: row.email,
    active: row.active,
    role: row.role,
    permissions: row.permissions,
    groups: groups.map((group) => group.name),
  };
}

/** The groups with these ids, or a 422 on `group_ids` naming the unknown choice. */
async function chosenGroups(
  trx: Transaction<Database>,
  ids: readonly number[],
): Promise<EmployeeGroupRef[]> {
  const groups = await findGroups(trx, ids);
  if (groups.length !== ids.length)
    throw new HttpError(422, PERMISSION_GROUP_MESSAGES.unknownGroup, {
      group_ids: [PERMISSION_GROUP_MESSAGES.unknownGroup],
    });
  return groups;
}

const lastSuperAdmin = (field: 'active' | 'role') =>
  conflict(EMPLOYEE_RULE_MESSAGES.lastSuperAdmin, {
    [field]: [EMPLOYEE_RULE_MESSAGES.lastSuperAdmin],
  });

type Refusal = { status: 403 | 422; field: string; message: string };

/**
 * The rules of `employeeChangeRefusals` as the API answers them: a lack of authority is a 403
 * with its reason, a rule about one's own account a 422 on its fields.
 */
function refuseBrokenRules(unsorted: readonly Refusal[]): void {
  const refusals = [...unsorted].sort((a, b) => a.status - b.status);
  const [first] = refusals;
  if (!first) return;
  if (first.status === 403) throw forbidden(first.message);
  const fields: Record<string, string[]> = {};
  for (const refusal of refusals) (fields[refusal.field] ??= []).push(refusal.message);
  throw new HttpError(422, first.message, fields);
}

/** Two requests with the same new email: the unique index decides (a 409 like the check before it). */
async function refusingDuplicateEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

/** A new employee, with its groups and its activity row, in one transaction. */
export async function createEmployee(
  db: Kysely<Database>,
  auth: AuthContext,
  input: EmployeeCreateInput,
  meta: RequestMeta,
): Promise<AdminEmployee> {
  const actor = auth.employee;
  const email = normaliseEmail(input.email);
  const role = input.role ? input.role : null;
  refuseBrokenRules(
    employeeChangeRefusals(actor, null, {
      role,
      permissions: input.permissions,
      active: input.active,
    }),
  );
  if (await findEmployeeByEmail(db, email)) throw duplicateEmail();

  const passwordHash = await hashPassword(input.password);
  const permissions = sortPermissions(input.permissions, PERMISSION_KEYS);
  return refusingDuplicateEmail(() =>
    db.transaction().execute(async (trx) => {
      const groups = await chosenGroups(trx, input.group_ids);
      // Putting someone in a group grants its keys: the same rules as granting them one by one.
      refuseBrokenRules(
        groupMembershipRefusals(
          actor,
          false,
          permissions,
          effectivePermissions(permissions, groups),
          groups.length > 0,
        ),
      );
      const row = await insertEmployee(trx, {
        name: input.name,
        email,
        passwordHash,
        active: input.active,
        role,
        permissions,
      });
      await setEmployeeGroups(trx, row.id, input.group_ids);
      await recordActivity(trx, {
        employeeId: actor.id,
        action: 'create',
        entityType: 'employee',
        entityId: row.id,
        entityLabel: row.name,
        changes: diffChanges(
          null,
          {
            ...auditedFields(row, groups),
            groups: groups.length > 0 ? groups.map((group) => group.name) : undefined,
            password: true,
          },
          SECRET_FIELDS,
        ),
        meta,
      });
      return toAdminEmployee(row, groups);
    }),
  );
}

/**
 * An employee's change, judged against the locked row (two administrators' requests cannot both
 * pass on a stale read), with its activity row in the same transaction. A new password or a
 * deactivation ends the employee's sessions.
 */
export async function changeEmployee(
  db: Kysely<Database>,
  auth: AuthContext,
  id: number,
  input: EmployeeUpdateInput,
  meta: RequestMeta,
): Promise<AdminEmployee> {
  const actor = auth.employee;
  const passwordHash =
    input.password !== undefined ? await hashPassword(input.password) : undefined;
  const now = new Date();

  const updated = await refusingDuplicateEmail(() =>
    db.transaction().execute(async (trx) => {
      const before = await lockEmployeeById(trx, id);
      if (!before) throw notFound(EMPLOYEE_MESSAGES.notFound);
      const isSelf = before.id === actor.id;
      const role = input.role === undefined ? before.role : input.role ? input.role : null;
      const groupsBefore = (await groupsOfEmployees(trx, [before.id])).get(before.id) ?? [];
      const groupsAfter =
        input.group_ids === undefined ? groupsBefore : await chosenGroups(trx, input.group_ids);
      const groupsChanged =
        groupsAfter.map((group) => group.id).join(',') !==
        groupsBefore.map((group) => group.id).join(',');
      const individualAfter = input.permissions ?? before.permissions;
      const effectiveBefore = effectivePermissions(before.permissions, groupsBefore);
      const refusals: Refusal[] = [
        ...employeeChangeRefusals(actor, before, {
          role: input.role === undefined ? undefined : role,
          permissions: input.permissions,
          active: input.active,
        }),
        // Joining or leaving a group grants or removes its keys (beyond those held anyway).
        ...groupMembershipRefusals(
          actor,
          isSelf,
          effectivePermissions(individualAfter, groupsBefore),
          effectivePermissions(individualAfter, groupsAfter),
          groupsChanged,
        ),
      ];
      // A new password: judged on everything the employee can do, groups included.
      const passwordRefusal =
        passwordHash !== undefined && !isSelf
          ? passwordResetRefusal(actor, { ...before, permissions: effectiveBefore })
          : null;
      if (passwordRefusal)
        refusals.push({ status: 403, field: 'password', message: passwordRefusal });
      refuseBrokenRules(refusals);

      // The last active super admin stays one: nobody deactivates or demotes them
      // (docs/shell.md#permissions).
      const deactivates = before.active && input.active === false;
      const demotes = input.role !== undefined && !isSuperAdmin({ role });
      if (isSuperAdmin(before) && before.active && (deactivates || demotes)) {
        if ((await lockOtherActiveSuperAdmins(trx, before.id)).length === 0)
          throw lastSuperAdmin(deactivates ? 'active' : 'role');
      }

      const email = input.email !== undefined ? normaliseEmail(input.email) : before.email;
      if (email !== before.email) {
        const holder = await findEmployeeByEmail(trx, email);
        if (holder && holder.id !== before.id) throw duplicateEmail();
      }

      const changes: Updateable<EmployeesTable> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (email !== before.email) changes.email = email;
      if (input.active !== undefined) changes.active = input.active;
      if (input.role !== undefined) changes.role = role;
      if (input.permissions !== undefined)
        changes.permissions = sortPermissions(input.permissions, PERMISSION_KEYS);
      if (passwordHash !== undefined) changes.password_hash = passwordHash;
      changes.search_key = searchKeyFor(changes.name ?? before.name, email);

      const diff = diffChanges(
        auditedFields(before, groupsBefore),
        {
          name: changes.name,
          email: changes.email,
          active: changes.active,
          role: input.role !== undefined ? role : undefined,
          permissions: changes.permissions,
          groups: groupsChanged ? groupsAfter.map((group) => group.name) : undefined,
          password: passwordHash !== undefined ? true : undefined,
        },
        SECRET_FIELDS,
      );
      if (Object.keys(diff).length === 0) return toAdminEmployee(before, groupsBefore);

      const after = await updateEmployee(trx, before.id, changes);
      if (groupsChanged)
        await setEmployeeGroups(
          trx,
          before.id,
          groupsAfter.map((group) => group.id),
        );
      // A new password or a deactivation ends every session of the employee (but not the one
      // making the change to their own password), so reactivating brings none of them back.
      if (passwordHash !== undefined || (before.active && after.active === false)) {
        await revokeEmployeeTokens(trx, before.id, now, isSelf ? auth.tokenId : undefined);
      }
      await recordActivity(trx, {
        employeeId: actor.id,
        action: 'update',
        entityType: 'employee',
        entityId: after.id,
        entityLabel: after.name,
        changes: diff,
        meta,
      });
      return toAdminEmployee(after, groupsAfter);
    }),
  );
  // After the commit, so no request can cache the record as it was (session-cache.ts).
  sessionCacheFor(db).forgetEmployee(updated.id);
  return updated;
}
