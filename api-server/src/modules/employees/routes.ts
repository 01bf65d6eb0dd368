import type { FastifyPluginAsync } from 'fastify';
import { employeeEndpoints } from 'shared-contracts/admin';
import { registerEndpoint } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { pageEnvelope } from '../../http/pagination';
import { requestMeta } from '../../http/request-meta';
import { changeEmployee, createEmployee, EMPLOYEE_MESSAGES } from './commands';
import { adminEmployees, listEmployees, loadAdminEmployee } from './repository';

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
      filters: {
        active: query['filter[active]'],
        groupId: query['filter[group_id]'],
        role: query['filter[role]'],
      },
    });
    return pageEnvelope(await adminEmployees(app.db, rows), query, total);
  });

  registerEndpoint(
    app,
    employeeEndpoints.show,
    async ({ params }) => {
      const employee = await loadAdminEmployee(app.db, params.id);
      if (!employee) throw notFound(EMPLOYEE_MESSAGES.notFound);
      return { data: employee };
    },
    notFoundOptions,
  );

  registerEndpoint(app, employeeEndpoints.create, async ({ auth, body, request }) => ({
    message: EMPLOYEE_MESSAGES.created,
    data: await createEmployee(app.db, auth(), body, requestMeta(request)),
  }));

  registerEndpoint(
    app,
    employeeEndpoints.update,
    async ({ auth, params, body, request }) => ({
      message: EMPLOYEE_MESSAGES.updated,
      data: await changeEmployee(app.db, auth(), params.id, body, requestMeta(request)),
    }),
    notFoundOptions,
  );
};
