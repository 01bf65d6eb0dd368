import { calorieSettingsEndpoints } from 'shared-contracts/admin';
import type { ApiModule } from '../../http/api-module';
import { calorieSettingsMigration } from './migrations/2026_11_24_calorie_settings_versions';
import { calorieSettingsRoutes } from './routes';
import { seedCalorieSettings } from './seed';
import './tables';

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
