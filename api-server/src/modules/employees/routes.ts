import type { FastifyPluginAsync } from 'fastify';
import type { Updateable } from 'kysely';
import { isSuperAdmin, PERMISSION_KEYS } from 'shared-contracts';
import { employeeEndpoints } from 'shared-contracts/admin';
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
    if (isSuperAdmin({ role }) && !isSuperAdmin(actor)) throw forbidden(EMPLOYEE_MESSAGES.superAdminOnly);
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

          // Only a super admin may make, unmake or edit a super admin: otherwise holding
          // show_permissions_employees would be enough to take over the activity log.
          if (!isSuperAdmin(actor) && (isSuperAdmin(before) || isSuperAdmin({ role }))) {
            throw forbidden(EMPLOYEE_MESSAGES.superAdminOnly);
          }
          const refusals: Record<string, string[]> = {};
          if (isSelf && input.active === false) refusals.active = [EMPLOYEE_MESSAGES.cannotDeactivateSelf];
          if (isSelf && input.permissions && !input.permissions.includes('show_permissions_employees')) {
            refusals.permissions = [EMPLOYEE_MESSAGES.cannotDropOwnAdminPermission];
          }
          // The last word on super admins is a super admin's: removing one's own role could leave none.
          if (isSelf && isSuperAdmin(before) && !isSuperAdmin({ role })) refusals.role = [EMPLOYEE_MESSAGES.cannotDemoteSelf];
          const firstRefusal = Object.values(refusals)[0]?.[0];
          if (firstRefusal) throw new HttpError(422, firstRefusal, refusals);

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
          // A new password ends the employee's sessions (but not the one making the change).
          if (passwordHash !== undefined) {
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
