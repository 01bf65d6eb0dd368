import type { FastifyPluginAsync } from 'fastify';
import type { Updateable } from 'kysely';
import { isSuperAdmin, PERMISSION_KEYS } from 'shared-contracts';
import {
  EMPLOYEE_RULE_MESSAGES,
  PERMISSION_GROUP_MESSAGES,
  effectivePermissions,
  employeeChangeRefusals,
  employeeEndpoints,
  groupMembershipRefusals,
  passwordResetRefusal,
  type AdminEmployee,
} from 'shared-contracts/admin';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { findGroups, groupsOfEmployees, setEmployeeGroups, type EmployeeGroupRef } from '../permission-groups';
import type { EmployeesTable, EmployeeRow } from './tables';
import { isUniqueViolation } from '../../db/errors';
import { registerEndpoint } from '../../http/endpoint';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { pageEnvelope } from '../../http/pagination';
import { requestMeta } from '../../http/request-meta';
import { diffChanges, recordActivity } from '../activity-log';
import { hashPassword, revokeEmployeeTokens, sessionCacheFor } from '../sessions';
import {
  findEmployeeByEmail,
  findEmployeeById,
  insertEmployee,
  listEmployees,
  lockEmployeeById,
  lockOtherActiveSuperAdmins,
  normaliseEmail,
  searchKeyFor,
  sortPermissions,
  toEmployeeResource,
  updateEmployee,
} from './repository';
import { EMPLOYEE_MESSAGES } from './schemas';

const SECRET_FIELDS = ['password'];

const duplicateEmail = () =>
  conflict(EMPLOYEE_MESSAGES.duplicateEmail, { email: [EMPLOYEE_MESSAGES.duplicateEmail] });

/** What the activity log compares: the editable fields (groups by name), never the hash. */
function auditedFields(row: EmployeeRow, groups: readonly EmployeeGroupRef[]): Record<string, unknown> {
  return {
    name: row.name,
    email: row.email,
    active: row.active,
    role: row.role,
    permissions: row.permissions,
    groups: groups.map((group) => group.name),
  };
}

/**
 * An employee as the employees pages read it: the individual keys, the groups, and the
 * effective union with where each key comes from.
 */
function toAdminEmployee(row: EmployeeRow, groups: readonly EmployeeGroupRef[]): AdminEmployee {
  const effective = effectivePermissions(row.permissions, groups);
  const own = new Set(row.permissions);
  return {
    ...toEmployeeResource(row),
    group_ids: groups.map((group) => group.id),
    groups: groups.map((group) => ({ id: group.id, name: group.name })),
    effective_permissions: effective,
    permission_sources: effective.map((key) => ({
      key,
      individual: own.has(key),
      groups: groups.filter((group) => group.permissions.includes(key)).map((group) => ({ id: group.id, name: group.name })),
    })),
  };
}

async function adminEmployees(db: Kysely<Database> | Transaction<Database>, rows: readonly EmployeeRow[]): Promise<AdminEmployee[]> {
  const groups = await groupsOfEmployees(db, rows.map((row) => row.id));
  return rows.map((row) => toAdminEmployee(row, groups.get(row.id) ?? []));
}

/** The groups with these ids, or a 422 on `group_ids` naming the unknown choice. */
async function chosenGroups(trx: Transaction<Database>, ids: readonly number[]): Promise<EmployeeGroupRef[]> {
  const groups = await findGroups(trx, ids);
  if (groups.length !== ids.length)
    throw new HttpError(422, PERMISSION_GROUP_MESSAGES.unknownGroup, { group_ids: [PERMISSION_GROUP_MESSAGES.unknownGroup] });
  return groups;
}

const lastSuperAdmin = (field: 'active' | 'role') =>
  conflict(EMPLOYEE_RULE_MESSAGES.lastSuperAdmin, { [field]: [EMPLOYEE_RULE_MESSAGES.lastSuperAdmin] });

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

/** Employees and their permissions (the /employee-permissions pages): all need show_permissions_employees. */
export const employeeRoutes: FastifyPluginAsync = async (app) => {
  const notFoundOptions = { notFound: EMPLOYEE_MESSAGES.notFound };

  registerEndpoint(app, employeeEndpoints.list, async ({ query }) => {
    const { rows, total } = await listEmployees(app.db, {
      page: query.page,
      perPage: query.per_page,
      search: query.search,
      sort: query.sort,
      order: query.order,
      filters: { active: query['filter[active]'], groupId: query['filter[group_id]'], role: query['filter[role]'] },
    });
    return pageEnvelope(await adminEmployees(app.db, rows), query, total);
  });

  registerEndpoint(
    app,
    employeeEndpoints.show,
    async ({ params }) => {
      const row = await findEmployeeById(app.db, params.id);
      if (!row) throw notFound(EMPLOYEE_MESSAGES.notFound);
      const [employee] = await adminEmployees(app.db, [row]);
      return { data: employee ?? toAdminEmployee(row, []) };
    },
    notFoundOptions,
  );

  registerEndpoint(app, employeeEndpoints.create, async ({ auth, body: input, request }) => {
    const actor = auth().employee;
    const email = normaliseEmail(input.email);
    const role = input.role ? input.role : null;
    refuseBrokenRules(employeeChangeRefusals(actor, null, { role, permissions: input.permissions, active: input.active }));
    if (await findEmployeeByEmail(app.db, email)) throw duplicateEmail();

    const passwordHash = await hashPassword(input.password);
    const permissions = sortPermissions(input.permissions, PERMISSION_KEYS);
    try {
      const created = await app.db.transaction().execute(async (trx) => {
        const groups = await chosenGroups(trx, input.group_ids);
        // Putting someone in a group grants its keys: the same rules as granting them one by one.
        refuseBrokenRules(groupMembershipRefusals(actor, false, permissions, effectivePermissions(permissions, groups), groups.length > 0));
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
            { ...auditedFields(row, groups), groups: groups.length > 0 ? groups.map((group) => group.name) : undefined, password: true },
            SECRET_FIELDS,
          ),
          meta: requestMeta(request),
        });
        return toAdminEmployee(row, groups);
      });
      return { message: EMPLOYEE_MESSAGES.created, data: created };
    } catch (error) {
      // Two requests with the same new email: the unique index decides.
      if (isUniqueViolation(error)) throw duplicateEmail();
      throw error;
    }
  });

  registerEndpoint(
    app,
    employeeEndpoints.update,
    async ({ auth: authOf, params, body: input, request }) => {
      const auth = authOf();
      const actor = auth.employee;
      const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
      const now = new Date();

      try {
        const updated = await app.db.transaction().execute(async (trx) => {
          const before = await lockEmployeeById(trx, params.id);
          if (!before) throw notFound(EMPLOYEE_MESSAGES.notFound);
          const isSelf = before.id === actor.id;
          const role = input.role === undefined ? before.role : input.role ? input.role : null;
          const groupsBefore = (await groupsOfEmployees(trx, [before.id])).get(before.id) ?? [];
          const groupsAfter = input.group_ids === undefined ? groupsBefore : await chosenGroups(trx, input.group_ids);
          const groupsChanged = groupsAfter.map((group) => group.id).join(',') !== groupsBefore.map((group) => group.id).join(',');
          const individualAfter = input.permissions ?? before.permissions;
          const effectiveBefore = effectivePermissions(before.permissions, groupsBefore);
          // Judged against the locked row: two administrators' requests cannot both pass on a stale read.
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
            passwordHash !== undefined && !isSelf ? passwordResetRefusal(actor, { ...before, permissions: effectiveBefore }) : null;
          if (passwordRefusal) refusals.push({ status: 403, field: 'password', message: passwordRefusal });
          refuseBrokenRules(refusals);

          // The last active super admin stays one: nobody deactivates or demotes them
          // (docs/shell.md#permissions).
          const deactivates = before.active && input.active === false;
          const demotes = input.role !== undefined && !isSuperAdmin({ role });
          if (isSuperAdmin(before) && before.active && (deactivates || demotes)) {
            if ((await lockOtherActiveSuperAdmins(trx, before.id)).length === 0) throw lastSuperAdmin(deactivates ? 'active' : 'role');
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
          if (input.permissions !== undefined) changes.permissions = sortPermissions(input.permissions, PERMISSION_KEYS);
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
          if (groupsChanged) await setEmployeeGroups(trx, before.id, groupsAfter.map((group) => group.id));
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
            meta: requestMeta(request),
          });
          return toAdminEmployee(after, groupsAfter);
        });
        // After the commit, so no request can cache the record as it was (session-cache.ts).
        sessionCacheFor(app.db).forgetEmployee(updated.id);
        return { message: EMPLOYEE_MESSAGES.updated, data: updated };
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateEmail();
        throw error;
      }
    },
    notFoundOptions,
  );
};
