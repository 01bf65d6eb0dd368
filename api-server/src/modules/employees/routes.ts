import type { FastifyPluginAsync } from 'fastify';
import type { Updateable } from 'kysely';
import { PERMISSION_KEYS } from 'shared-contracts';
import { employeeChangeRefusals, employeeEndpoints, type EmployeeRuleRefusal } from 'shared-contracts/admin';
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

/** What the activity log compares: the editable fields, never the hash. */
function auditedFields(row: EmployeeRow): Record<string, unknown> {
  return { name: row.name, email: row.email, active: row.active, role: row.role, permissions: row.permissions };
}

/**
 * The rules of `employeeChangeRefusals` as the API answers them: a lack of authority is a 403
 * with its reason, a rule about one's own account a 422 on its fields.
 */
function refuseBrokenRules(refusals: readonly EmployeeRuleRefusal[]): void {
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
      filters: { active: query['filter[active]'] },
    });
    return pageEnvelope(rows.map(toEmployeeResource), query, total);
  });

  registerEndpoint(
    app,
    employeeEndpoints.show,
    async ({ params }) => {
      const row = await findEmployeeById(app.db, params.id);
      if (!row) throw notFound(EMPLOYEE_MESSAGES.notFound);
      return { data: toEmployeeResource(row) };
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
        const row = await insertEmployee(trx, {
          name: input.name,
          email,
          passwordHash,
          active: input.active,
          role,
          permissions,
        });
        await recordActivity(trx, {
          employeeId: actor.id,
          action: 'create',
          entityType: 'employee',
          entityId: row.id,
          entityLabel: row.name,
          changes: diffChanges(null, { ...auditedFields(row), password: true }, SECRET_FIELDS),
          meta: requestMeta(request),
        });
        return row;
      });
      return { message: EMPLOYEE_MESSAGES.created, data: toEmployeeResource(created) };
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
          // Judged against the locked row: two administrators' requests cannot both pass on a stale read.
          refuseBrokenRules(
            employeeChangeRefusals(actor, before, {
              role: input.role === undefined ? undefined : role,
              permissions: input.permissions,
              active: input.active,
              password: passwordHash !== undefined,
            }),
          );

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
            auditedFields(before),
            {
              name: changes.name,
              email: changes.email,
              active: changes.active,
              role: input.role !== undefined ? role : undefined,
              permissions: changes.permissions,
              password: passwordHash !== undefined ? true : undefined,
            },
            SECRET_FIELDS,
          );
          if (Object.keys(diff).length === 0) return before;

          const after = await updateEmployee(trx, before.id, changes);
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
          return after;
        });
        // After the commit, so no request can cache the record as it was (session-cache.ts).
        sessionCacheFor(app.db).forgetEmployee(updated.id);
        return { message: EMPLOYEE_MESSAGES.updated, data: toEmployeeResource(updated) };
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateEmail();
        throw error;
      }
    },
    notFoundOptions,
  );
};
