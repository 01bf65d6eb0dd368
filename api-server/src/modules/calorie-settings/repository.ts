import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import {
  CALORIE_SEXES,
  calorieBandSchema,
  type CalorieBand,
  type CalorieVersion,
} from 'shared-contracts/admin';
import type { Database, Executor } from '../../db/tables';
import type { CalorieSettingVersionsTable } from './tables';

/** Calorie settings' SQL: versions are only inserted; the newest is the active one. */

function versionsQuery(db: Executor) {
  return db
    .selectFrom('calorie_setting_versions as v')
    .leftJoin('employees as e', 'e.id', 'v.created_by')
    .selectAll('v')
    .select(['e.name as created_by_name']);
}

type VersionQueryRow = Awaited<
  ReturnType<ReturnType<typeof versionsQuery>['executeTakeFirstOrThrow']>
>;

/** Bands in reading order: males then females, youngest first. */
export function sortedBands(bands: readonly CalorieBand[]): CalorieBand[] {
  return [...bands].sort(
    (a, b) =>
      CALORIE_SEXES.indexOf(a.sex) - CALORIE_SEXES.indexOf(b.sex) || a.age_from - b.age_from,
  );
}

function toVersion(row: VersionQueryRow, activeId: number | undefined): CalorieVersion {
  const bands =
    typeof row.bands === 'string'
      ? calorieBandSchema.array().parse(JSON.parse(row.bands))
      : row.bands;
  return {
    id: row.id,
    version_number: row.version_number,
    note: row.note,
    source: row.source,
    planning_figure: row.planning_figure,
    pregnancy_addition: row.pregnancy_addition,
    lactation_addition: row.lactation_addition,
    bands: sortedBands(bands).map(({ sex, age_from, age_to, kcal }) => ({
      sex,
      age_from,
      age_to,
      kcal,
    })),
    active: row.id === activeId,
    created_at: row.created_at.toISOString(),
    created_by:
      row.created_by !== null && row.created_by_name !== null
        ? { id: row.created_by, name: row.created_by_name }
        : null,
  };
}

async function activeId(db: Executor): Promise<number | undefined> {
  const row = await db
    .selectFrom('calorie_setting_versions')
    .select('id')
    .orderBy('version_number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** The version reports use now (the newest); `undefined` only before the seed ran. */
export async function activeCalorieVersion(db: Executor): Promise<CalorieVersion | undefined> {
  const row = await versionsQuery(db)
    .orderBy('v.version_number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toVersion(row, row.id) : undefined;
}

/** One version by id: what an archived report names. */
export async function calorieVersionById(
  db: Executor,
  id: number,
): Promise<CalorieVersion | undefined> {
  const row = await versionsQuery(db).where('v.id', '=', id).executeTakeFirst();
  return row ? toVersion(row, await activeId(db)) : undefined;
}

export async function listCalorieVersions(
  db: Kysely<Database>,
  window: { limit: number; offset: number; order: 'asc' | 'desc' },
): Promise<{ rows: CalorieVersion[]; total: number }> {
  const [rows, count, active] = await Promise.all([
    versionsQuery(db)
      .orderBy('v.version_number', window.order)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    db
      .selectFrom('calorie_setting_versions')
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
    activeId(db),
  ]);
  return { rows: rows.map((row) => toVersion(row, active)), total: count.total };
}

/** Locks the versions until the transaction ends: one writer at a time, so version numbers follow each other. */
export async function lockCalorieVersions(trx: Transaction<Database>): Promise<void> {
  await sql`lock table calorie_setting_versions in share row exclusive mode`.execute(trx);
}

/** Inserts a version (its bands written as JSON); answers its id. */
export async function insertCalorieVersion(
  trx: Transaction<Database>,
  values: Omit<Insertable<CalorieSettingVersionsTable>, 'bands'> & {
    bands: readonly CalorieBand[];
  },
): Promise<number> {
  const row = await trx
    .insertInto('calorie_setting_versions')
    .values({ ...values, bands: JSON.stringify(values.bands) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
