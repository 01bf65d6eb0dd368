import type { FastifyPluginAsync } from 'fastify';
import { CALORIE_MESSAGES, calorieSettingsEndpoints } from 'shared-contracts/admin';
import { registerEndpoint } from '../../http/endpoint';
import { orNotFound } from '../../http/errors';
import { pageEnvelope, pageWindow } from '../../http/pagination';
import { activeCalorieVersion, calorieVersionById, listCalorieVersions } from './repository';
import { createCalorieVersion } from './commands';

/** Thin: the active version, the versions, one version, and a new version. */
export const calorieSettingsRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, calorieSettingsEndpoints.active, async () => ({
    data: orNotFound(await activeCalorieVersion(app.db), CALORIE_MESSAGES.notFound),
  }));
  registerEndpoint(app, calorieSettingsEndpoints.versions, async ({ query }) => {
    // Newest first unless a sort is asked for explicitly (`sort=created_at&order=asc`).
    const order = query.sort === 'created_at' ? query.order : 'desc';
    const { rows, total } = await listCalorieVersions(app.db, { ...pageWindow(query), order });
    return pageEnvelope(rows, query, total);
  });
  registerEndpoint(
    app,
    calorieSettingsEndpoints.version,
    async ({ params }) => ({
      data: orNotFound(await calorieVersionById(app.db, params.id), CALORIE_MESSAGES.notFound),
    }),
    { notFound: CALORIE_MESSAGES.notFound },
  );
  registerEndpoint(app, calorieSettingsEndpoints.create, async ({ body, author }) => {
    const id = await createCalorieVersion(app.db, body, author());
    return {
      message: CALORIE_MESSAGES.created,
      data: orNotFound(await calorieVersionById(app.db, id), CALORIE_MESSAGES.notFound),
    };
  });
};
