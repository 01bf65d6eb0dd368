import { type Kysely } from 'kysely';
import {
  describeCalorieBand,
  type CalorieSettingsInput,
  type CalorieVersion,
} from 'shared-contracts/admin';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/tables';
import { HttpError } from '../../http/errors';
import type { ChangeAuthor } from '../../http/request-meta';
import { diffChanges, recordChange } from '../activity-log';
import {
  activeCalorieVersion,
  insertCalorieVersion,
  lockCalorieVersions,
  sortedBands,
} from './repository';

/** What the activity log compares between two versions (bands as readable lines). */
function audited(
  version: Pick<
    CalorieVersion,
    'note' | 'source' | 'planning_figure' | 'pregnancy_addition' | 'lactation_addition' | 'bands'
  >,
) {
  return {
    note: version.note,
    source: version.source,
    planning_figure: version.planning_figure,
    pregnancy_addition: version.pregnancy_addition,
    lactation_addition: version.lactation_addition,
    bands: sortedBands(version.bands).map(describeCalorieBand),
  };
}

/** Inserts the next version (the new active one) with its activity row; answers its id. */
export async function createCalorieVersion(
  db: Kysely<Database>,
  input: CalorieSettingsInput,
  author: ChangeAuthor | null,
): Promise<number> {
  try {
    return await db.transaction().execute(async (trx) => {
      // One writer at a time: version numbers follow each other without a gap or a duplicate.
      await lockCalorieVersions(trx);
      const previous = await activeCalorieVersion(trx);
      const versionNumber = (previous?.version_number ?? 0) + 1;
      const values = {
        note: input.note,
        source: input.source ?? null,
        planning_figure: input.planning_figure,
        pregnancy_addition: input.pregnancy_addition,
        lactation_addition: input.lactation_addition,
        bands: sortedBands(input.bands),
      };
      const id = await insertCalorieVersion(trx, {
        ...values,
        version_number: versionNumber,
        created_by: author?.id ?? null,
      });
      if (author) {
        await recordChange(trx, author, {
          action: 'create',
          entityType: 'calorie_settings',
          entityId: id,
          entityLabel: `الإصدار ${versionNumber}`,
          changes: {
            version_number: [previous?.version_number ?? null, versionNumber],
            ...diffChanges(previous ? audited(previous) : null, audited(values)),
            // The note explains this version: always recorded, even when it repeats the last one.
            note: [null, values.note],
          },
        });
      }
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, 'حُفظ إصدار آخر في اللحظة نفسها، أعد المحاولة');
    throw error;
  }
}
