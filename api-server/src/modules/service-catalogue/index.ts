import type { FastifyPluginAsync } from 'fastify';
import {
  SERVICE_AXIS_MESSAGES as AXIS,
  SERVICE_DEPARTMENT_MESSAGES as DEPARTMENT,
  SERVICE_TYPE_MESSAGES as TYPE,
  serviceAxisEndpoints,
  serviceDepartmentEndpoints,
  serviceTypeEndpoints,
} from 'shared-contracts/services';
import type { ApiModule } from '../../http/api-module';
import { registerEndpoint } from '../../http/endpoint';
import { notFound, orNotFound } from '../../http/errors';
import { pageEnvelope } from '../../http/pagination';
import {
  activeEmployees,
  createAxis,
  createDepartment,
  createServiceType,
  deleteAxis,
  deleteDepartment,
  deleteServiceType,
  listAxes,
  listDepartments,
  listServiceTypes,
  loadAxis,
  loadDepartment,
  loadServiceType,
  updateAxis,
  updateDepartment,
  updateServiceType,
} from './repository';
import { seedServiceCatalogue } from './seed';
import { serviceCatalogueMigration } from './tables';

/** Thin: each declared endpoint of the three catalogue tables, its answer from the repository. */
const serviceCatalogueRoutes: FastifyPluginAsync = async (app) => {
  // Departments
  const department = async (id: number) => orNotFound(await loadDepartment(app.db, id), DEPARTMENT.notFound);
  const departmentOptions = { notFound: DEPARTMENT.notFound };
  registerEndpoint(app, serviceDepartmentEndpoints.list, async ({ query }) => {
    const { rows, total } = await listDepartments(app.db, query);
    return pageEnvelope(rows, query, total);
  });
  registerEndpoint(app, serviceDepartmentEndpoints.managers, async () => {
    const rows = await activeEmployees(app.db);
    return pageEnvelope(rows, { page: 1, per_page: Math.max(rows.length, 1) }, rows.length);
  });
  registerEndpoint(app, serviceDepartmentEndpoints.show, async ({ params }) => ({ data: await department(params.id) }), departmentOptions);
  registerEndpoint(app, serviceDepartmentEndpoints.create, async ({ body, author }) => {
    const id = await createDepartment(app.db, body, author());
    return { message: DEPARTMENT.created, data: await department(id) };
  });
  registerEndpoint(
    app,
    serviceDepartmentEndpoints.update,
    async ({ params, body, author }) => {
      if (!(await updateDepartment(app.db, params.id, body, author()))) throw notFound(DEPARTMENT.notFound);
      return { message: DEPARTMENT.updated, data: await department(params.id) };
    },
    departmentOptions,
  );
  registerEndpoint(
    app,
    serviceDepartmentEndpoints.delete,
    async ({ params, author }) => {
      if (!(await deleteDepartment(app.db, params.id, author()))) throw notFound(DEPARTMENT.notFound);
      return { message: DEPARTMENT.deleted };
    },
    departmentOptions,
  );

  // Axes
  const axis = async (id: number) => orNotFound(await loadAxis(app.db, id), AXIS.notFound);
  const axisOptions = { notFound: AXIS.notFound };
  registerEndpoint(app, serviceAxisEndpoints.list, async ({ query }) => {
    const { rows, total } = await listAxes(app.db, query);
    return pageEnvelope(rows, query, total);
  });
  registerEndpoint(app, serviceAxisEndpoints.show, async ({ params }) => ({ data: await axis(params.id) }), axisOptions);
  registerEndpoint(app, serviceAxisEndpoints.create, async ({ body, author }) => {
    const id = await createAxis(app.db, body, author());
    return { message: AXIS.created, data: await axis(id) };
  });
  registerEndpoint(
    app,
    serviceAxisEndpoints.update,
    async ({ params, body, author }) => {
      if (!(await updateAxis(app.db, params.id, body, author()))) throw notFound(AXIS.notFound);
      return { message: AXIS.updated, data: await axis(params.id) };
    },
    axisOptions,
  );
  registerEndpoint(
    app,
    serviceAxisEndpoints.delete,
    async ({ params, author }) => {
      if (!(await deleteAxis(app.db, params.id, author()))) throw notFound(AXIS.notFound);
      return { message: AXIS.deleted };
    },
    axisOptions,
  );

  // Service types
  const type = async (id: number) => orNotFound(await loadServiceType(app.db, id), TYPE.notFound);
  const typeOptions = { notFound: TYPE.notFound };
  registerEndpoint(app, serviceTypeEndpoints.list, async ({ query }) => {
    const { rows, total } = await listServiceTypes(app.db, query);
    return pageEnvelope(rows, query, total);
  });
  registerEndpoint(app, serviceTypeEndpoints.show, async ({ params }) => ({ data: await type(params.id) }), typeOptions);
  registerEndpoint(app, serviceTypeEndpoints.create, async ({ body, author }) => {
    const id = await createServiceType(app.db, body, author());
    return { message: TYPE.created, data: await type(id) };
  });
  registerEndpoint(
    app,
    serviceTypeEndpoints.update,
    async ({ params, body, author }) => {
      if (!(await updateServiceType(app.db, params.id, body, author()))) throw notFound(TYPE.notFound);
      return { message: TYPE.updated, data: await type(params.id) };
    },
    typeOptions,
  );
  registerEndpoint(
    app,
    serviceTypeEndpoints.delete,
    async ({ params, author }) => {
      if (!(await deleteServiceType(app.db, params.id, author()))) throw notFound(TYPE.notFound);
      return { message: TYPE.deleted };
    },
    typeOptions,
  );
};

/** The services catalogue: departments (sectors), axes (strategic pillars) and service types. */
export const serviceCatalogueModule: ApiModule = {
  name: 'service-catalogue',
  routes: serviceCatalogueRoutes,
  endpoints: [serviceDepartmentEndpoints, serviceAxisEndpoints, serviceTypeEndpoints],
  migrations: [serviceCatalogueMigration],
  seed: seedServiceCatalogue,
};

// What the services module builds on.
export { activeEmployees, serviceTypeFacts, type ServiceTypeFacts } from './repository';
export { SERVICE_CATALOGUE_FIXTURES } from './seed';
