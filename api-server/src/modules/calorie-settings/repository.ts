import { sql, type Kysely } from 'kysely';
import {
  CALORIE_SEXES,
  describeCalorieBand,
  type CalorieBand,
  type CalorieSettingsInput,
  type CalorieVersion,
} from 'shared-contracts/admin';
import { isUniqueViolation } from '../../db/errors';
import type { Database, Executor } from '../../db/tables';
import { HttpError } from '../../http/errors';
import type { ChangeAuthor } from '../../http/request-meta';
import { diffChanges, recordChange } from '../activity-log';

/** Calorie settings' SQL: versions are only inserted; the newest is the active one. */

function versionsQuery(db: Executor) {
  return db
    .selectFrom('calorie_setting_versions as v')
    .leftJoin('employees as e', 'e.id', 'v.created_by')
    .selectAll('v')
    .select(['e.name as created_by_name']);
}

type VersionQueryRow = Awaited<ReturnType<ReturnType<typeof versionsQuery>['executeTakeFirstOrThrow']>>;

/** Bands in reading order: males then females, youngest first. */
function sortedBands(bands: readonly CalorieBand[]): CalorieBand[] {
  return [...bands].sort(
    (a, b) => CALORIE_SEXES.indexOf(a.sex) - CALORIE_SEXES.indexOf(b.sex) || a.age_from - b.age_from,
  );
}

function toVersion(row: VersionQueryRow, activeId: number | undefined): CalorieVersion {
  const bands = typeof row.bands === 'string' ? (JSON.parse(row.bands) as CalorieBand[]) : row.bands;
  return {
    id: row.id,
    version_number: row.version_number,
    note: row.note,
    source: row.source,
    planning_figure: row.planning_figure,
    pregnancy_addition: row.pregnancy_addition,
    lactation_addition: row.lactation_addition,
    bands: sortedBands(bands).map(({ sex, age_from, age_to, kcal }) => ({ sex, age_from, age_to, kcal })),
    active: row.id === activeId,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by !== null && row.created_by_name !== null ? { id: row.created_by, name: row.created_by_name } : null,
  };
}

async function activeId(db: Executor): Promise<number | undefined> {
  const row = await db.selectFrom('calorie_setting_versions').select('id').orderBy('version_number', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}

/** The version reports use now (the newest); `undefined` only before the seed ran. */
export async function activeCalorieVersion(db: Executor): Promise<CalorieVersion | undefined> {
  const row = await versionsQuery(db).orderBy('v.version_number', 'desc').limit(1).executeTakeFirst();
  return row ? toVersion(row, row.id) : undefined;
}

/** One version by id: what an archived report names. */
export async function calorieVersionById(db: Executor, id: number): Promise<CalorieVersion | undefined> {
  const row = await versionsQuery(db).where('v.id', '=', id).executeTakeFirst();
  return row ? toVersion(row, await activeId(db)) : undefined;
}

export async function listCalorieVersions(
  db: Kysely<Database>,
  window: { limit: number; offset: number; order: 'asc' | 'desc' },
): Promise<{ rows: CalorieVersion[]; total: number }> {
  const [rows, count, active] = await Promise.all([
    versionsQuery(db).orderBy('v.version_number', window.order).limit(window.limit).offset(window.offset).execute(),
    db.selectFrom('calorie_setting_versions').select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    activeId(db),
  ]);
  return { rows: rows.map((row) => toVersion(row, active)), total: count.total };
}

/** What the activity log compares between two versions (bands as readable lines). */
function audited(version: Pick<CalorieVersion, 'note' | 'source' | 'planning_figure' | 'pregnancy_addition' | 'lactation_addition' | 'bands'>) {
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
export async function createCalorieVersion(db: Kysely<Database>, input: CalorieSettingsInput, author: ChangeAuthor | null): Promise<number> {
  try {
    return await db.transaction().execute(async (trx) => {
      // One writer at a time: version numbers follow each other without a gap or a duplicate.
      await sql`lock table calorie_setting_versions in share row exclusive mode`.execute(trx);
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
      const row = await trx
        .insertInto('calorie_setting_versions')
        .values({ ...values, version_number: versionNumber, bands: JSON.stringify(values.bands), created_by: author?.id ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (author) {
        await recordChange(trx, author, {
          action: 'create',
          entityType: 'calorie_settings',
          entityId: row.id,
          entityLabel: `الإصدار ${versionNumber}`,
          changes: {
            version_number: [previous?.version_number ?? null, versionNumber],
            ...diffChanges(previous ? audited(previous) : null, audited(values)),
            // The note explains this version: always recorded, even when it repeats the last one.
            note: [null, values.note],
          },
        });
      }
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'حُفظ إصدار آخر في اللحظة نفسها، أعد المحاولة');
    throw error;
  }
}
