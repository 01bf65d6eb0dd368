import type { FastifyPluginAsync } from 'fastify';
import { RELEASE_MONITOR_HEADER, clientEventEndpoints } from 'shared-contracts';
import { registerEndpoint } from '../../http/endpoint';
import {
  CLIENT_EVENT_MESSAGES,
  assertMonitorToken,
  clientEventSummary,
  recordClientEvent,
} from './commands';

/** The browsers' reports, their summary for super admins, and the same for the release tools. */
export const clientEventRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, clientEventEndpoints.report, async ({ body, auth }) => {
    await recordClientEvent(app.db, body, Number(auth().tokenId));
    return { message: CLIENT_EVENT_MESSAGES.accepted };
  });

  registerEndpoint(app, clientEventEndpoints.summary, async ({ query }) => ({
    data: await clientEventSummary(app.db, query.since),
  }));

  registerEndpoint(app, clientEventEndpoints.monitor, async ({ query, request }) => {
    assertMonitorToken(request.headers[RELEASE_MONITOR_HEADER]);
    return { data: await clientEventSummary(app.db, query.since) };
  });
};
