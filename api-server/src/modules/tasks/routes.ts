import type { FastifyPluginAsync } from 'fastify';
import { todayIso } from 'shared-contracts';
import { taskEndpoints } from 'shared-contracts/resources/tasks-contracts';
import { registerEndpoint } from '../../http/endpoint';
import { myTaskCount, myTasks } from './commands';

/** Thin: the employee's tasks and their count, for the signed-in employee only. */
export const taskRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, taskEndpoints.list, async ({ query, auth }) => ({
    data: await myTasks(app.db, auth().employee, query, todayIso()),
  }));

  registerEndpoint(app, taskEndpoints.count, async ({ auth }) => ({
    data: { total: await myTaskCount(app.db, auth().employee, todayIso()) },
  }));
};
