import type { FastifyPluginAsync } from 'fastify';
import {
  SERVICE_AXIS_MESSAGES as AXIS,
  SERVICE_DEPARTMENT_MESSAGES as DEPARTMENT,
  SERVICE_TYPE_MESSAGES as TYPE,
  serviceAxisEndpoints,
  serviceDepartmentEndpoints,
  serviceTypeEndpoints,
} from 'shared-contracts/services';
import { registerEndpoint } from '../../http/endpoint';
import { pageEnvelope } from '../../http/pagination';
import { registerRecordEndpoints } from '../../http/record-endpoints';
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

/** Thin: each declared endpoint of the three catalogue tables, its answer from the repository. */
export const serviceCatalogueRoutes: FastifyPluginAsync = async (app) => {
  registerRecordEndpoints(app, serviceDepartmentEndpoints, DEPARTMENT, {
    list: listDepartments,
    load: loadDepartment,
    create: createDepartment,
    update: updateDepartment,
    remove: deleteDepartment,
  });
  registerEndpoint(app, serviceDepartmentEndpoints.managers, async () => {
    const rows = await activeEmployees(app.db);
    return pageEnvelope(rows, { page: 1, per_page: Math.max(rows.length, 1) }, rows.length);
  });
  registerRecordEndpoints(app, serviceAxisEndpoints, AXIS, {
    list: listAxes,
    load: loadAxis,
    create: createAxis,
    update: updateAxis,
    remove: deleteAxis,
  });
  registerRecordEndpoints(app, serviceTypeEndpoints, TYPE, {
    list: listServiceTypes,
    load: loadServiceType,
    create: createServiceType,
    update: updateServiceType,
    remove: deleteServiceType,
  });
};
