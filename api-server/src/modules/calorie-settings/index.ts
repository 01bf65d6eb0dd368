import type { FastifyPluginAsync } from 'fastify';
import type { Transaction } from 'kysely';
import {
  CALORIE_MESSAGES,
  SEED_CALORIE_SETTINGS,
  calorieSettingsEndpoints,
} from 'shared-contracts/admin';
import type { ApiModule } from '../../http/api-module';
import type { Database } from '../../db/tables';
import { registerEndpoint } from '../../http/endpoint';
import { orNotFound } from '../../http/errors';
import { pageEnvelope, pageWindow } from '../../http/pagination';
import {
  activeCalorieVersion,
  calorieVersionById,
  createCalorieVersion,
  listCalorieVersions,
} from './repository';
import { calorieSettingsMigration } from './migrations/2026_11_24_calorie_settings_versions';
import './tables';

/** Thin: the active version, the versions, one version, and a new version. */
const calorieSettingsRoutes: FastifyPluginAsync = async (app) => {
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

/**
 * The seed table (docs/family-needs.md) as version 1, on every new database (the family-needs
 * report needs one).
 */
async function seedCalorieSettings(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('calorie_setting_versions')
    .values({
      version_number: 1,
      note: SEED_CALORIE_SETTINGS.note,
      source: SEED_CALORIE_SETTINGS.source ?? null,
      planning_figure: SEED_CALORIE_SETTINGS.planning_figure,
      pregnancy_addition: SEED_CALORIE_SETTINGS.pregnancy_addition,
      lactation_addition: SEED_CALORIE_SETTINGS.lactation_addition,
      bands: JSON.stringify(SEED_CALORIE_SETTINGS.bands),
    })
    .execute();
}

/** Calorie settings: the versioned table of daily needs the family-needs report uses. */
export const calorieSettingsModule: ApiModule = {
  name: 'calorie-settings',
  routes: calorieSettingsRoutes,
  endpoints: [calorieSettingsEndpoints],
  migrations: [calorieSettingsMigration],
  seed: seedCalorieSettings,
};

/**
 * For the reports module: the active version (use it, and store its `id` in an archived
 * report) and any version by id (to show an archived report with the table it used). The
 * per-person computation is `dailyCalorieNeed` of shared-contracts/admin.
 */
export { activeCalorieVersion, calorieVersionById } from './repository';
