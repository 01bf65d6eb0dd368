import type { Transaction } from 'kysely';
import { SEED_CALORIE_SETTINGS } from 'shared-contracts/admin';
import type { Database } from '../../db/tables';

/**
 * The seed table (docs/family-needs.md) as version 1, on every new database (the family-needs
 * report needs one).
 */
export async function seedCalorieSettings(trx: Transaction<Database>): Promise<void> {
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
