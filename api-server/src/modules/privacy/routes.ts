import type { FastifyPluginAsync } from 'fastify';
import {
  PRIVACY_MESSAGES as M,
  privacyEndpoints,
} from 'shared-contracts/resources/privacy-contracts';
import { registerEndpoint } from '../../http/endpoint';
import { dueFamilies, retentionSetting, updateRetention } from './commands';

/** Thin: the retention setting and the families due under it (docs/personal-data.md#retention). */
export const privacyRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, privacyEndpoints.retention, async () => ({
    data: await retentionSetting(app.db),
  }));

  registerEndpoint(app, privacyEndpoints.updateRetention, async ({ body, author }) => {
    const changed = await updateRetention(app.db, body.inactive_years, author());
    return { message: changed ? M.saved : M.unchanged, data: await retentionSetting(app.db) };
  });

  registerEndpoint(app, privacyEndpoints.dueFamilies, async ({ query }) =>
    dueFamilies(app.db, query),
  );
};
