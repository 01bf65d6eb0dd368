import { sql, type SqlBool } from 'kysely';
import {
  RETENTION_STATUSES,
  type DueFamilyListQuery,
} from 'shared-contracts/resources/privacy-contracts';
import { countRows, pageRows } from '../../db/query';
import { whereSearch, withoutNationalIds } from '../../db/search';
import type { Executor } from '../../db/tables';

/**
 * The retention setting and the families due under it (docs/personal-data.md#retention).
 *
 * A family's last activity is the latest of: its row's creation, last change and last status
 * change, and the newest activity-log row on its timeline (`activity_log.family_id`: its own
 * changes, its members', services', financial records', visits', documents', consents',
 * enrolments', handovers', seminar seats' and survey answers'). A look at the file
 * (`family_access_log`) is not activity.
 */
const LAST_ACTIVITY = sql<Date>`greatest(f.created_at, f.updated_at, f.status_changed_at,
  (select max(a.occurred_at) from activity_log a where a.family_id = f.id))`;

export async function readRetention(db: Executor) {
  return db
    .selectFrom('retention_settings as r')
    .leftJoin('employees as e', 'e.id', 'r.updated_by')
    .select(['r.inactive_years', 'r.updated_at', 'r.updated_by', 'e.name as updated_by_name'])
    .where('r.id', '=', 1)
    .executeTakeFirstOrThrow();
}

/** The setting's years, its row locked until the transaction ends (one writer at a time). */
export async function lockRetention(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('retention_settings')
    .select('inactive_years')
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.inactive_years;
}

export async function writeRetention(db: Executor, years: number, by: number): Promise<void> {
  await db
    .updateTable('retention_settings')
    .set({ inactive_years: years, updated_at: sql<Date>`now()`, updated_by: by })
    .where('id', '=', 1)
    .execute();
}

/** The families due under `years`: archived or rejected, not anonymised, inactive that long. */
function dueFamilies(
  db: Executor,
  years: number,
  query: Pick<DueFamilyListQuery, 'search' | 'filter'>,
) {
  let builder = db
    .selectFrom('families as f')
    .where('f.status', 'in', [...RETENTION_STATUSES])
    .where('f.anonymised_at', 'is', null)
    .where(sql<SqlBool>`${LAST_ACTIVITY} < now() - make_interval(years => ${years}::int)`);
  // A file number or a name; never a part of a national ID (as for readers without ID documents).
  builder = whereSearch(builder, withoutNationalIds('f.search_text'), query.search);
  if (query.filter.status?.length) builder = builder.where('f.status', 'in', query.filter.status);
  return builder;
}

const SORT = { last_activity_at: 'last_activity_at', file_number: 'f.file_number' } as const;

export async function dueFamilyPage(db: Executor, years: number, query: DueFamilyListQuery) {
  const builder = dueFamilies(db, years, query).select([
    'f.id',
    'f.file_number',
    'f.head_name',
    'f.status',
    LAST_ACTIVITY.as('last_activity_at'),
  ]);
  return pageRows(
    builder,
    { column: SORT[query.sort ?? 'last_activity_at'], id: 'f.id', order: query.order },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
}

export function dueFamilyCount(db: Executor, years: number): Promise<number> {
  return countRows(dueFamilies(db, years, { filter: {} }).select('f.id'));
}

/** The ids of the families due that the list's search and filter match, at most `limit`. */
export async function dueFamilyIds(
  db: Executor,
  years: number,
  query: Pick<DueFamilyListQuery, 'search' | 'filter'>,
  limit: number,
): Promise<number[]> {
  const rows = await dueFamilies(db, years, query)
    .select('f.id')
    .orderBy('f.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Whether the family is still due under `years` (read inside its erasure's transaction). */
export async function isFamilyDue(db: Executor, years: number, id: number): Promise<boolean> {
  const row = await dueFamilies(db, years, { filter: {} })
    .select('f.id')
    .where('f.id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
