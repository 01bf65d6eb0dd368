import type { Kysely } from 'kysely';
import {
  PRIVACY_MESSAGES as M,
  RETENTION_STATUSES,
  type DueFamily,
  type DueFamilyListQuery,
  type RetentionSetting,
} from 'shared-contracts/resources/privacy-contracts';
import type { ListEnvelope } from 'shared-contracts';
import type { Database, Executor } from '../../db/tables';
import { conflict } from '../../http/errors';
import { pageEnvelope } from '../../http/pagination';
import type { ChangeAuthor } from '../../http/request-meta';
import { recordChange } from '../activity-log';
import {
  dueFamilyCount,
  dueFamilyIds,
  dueFamilyPage,
  isFamilyDue,
  lockRetention,
  readRetention,
  writeRetention,
} from './repository';

/** The retention setting and the families due under it (docs/personal-data.md#retention). */

export async function retentionSetting(db: Executor): Promise<RetentionSetting> {
  const row = await readRetention(db);
  return {
    inactive_years: row.inactive_years,
    updated_at: row.updated_at ? row.updated_at.toISOString() : null,
    updated_by:
      row.updated_by !== null ? { id: row.updated_by, name: row.updated_by_name ?? '' } : null,
  };
}

/** The years in force now. */
export async function retentionYears(db: Executor): Promise<number> {
  return (await readRetention(db)).inactive_years;
}

/**
 * Changes the setting with its activity-log row, in one transaction; the same value again
 * changes and logs nothing. Answers whether it changed.
 */
export async function updateRetention(
  db: Kysely<Database>,
  years: number,
  author: ChangeAuthor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await lockRetention(trx);
    if (before === years) return false;
    await writeRetention(trx, years, author.id);
    await recordChange(trx, author, {
      action: 'update',
      entityType: 'retention_settings',
      entityId: 1,
      entityLabel: 'مدة الاحتفاظ بالبيانات الشخصية',
      changes: { inactive_years: [before, years] },
    });
    return true;
  });
}

function isRetentionStatus(status: string): status is DueFamily['status'] {
  return RETENTION_STATUSES.some((code) => code === status);
}

export async function dueFamilies(
  db: Executor,
  query: DueFamilyListQuery,
): Promise<ListEnvelope<DueFamily>> {
  const years = await retentionYears(db);
  const { rows, total } = await dueFamilyPage(db, years, query);
  const items = rows.flatMap((row) =>
    isRetentionStatus(row.status)
      ? [
          {
            id: row.id,
            file_number: row.file_number,
            head_name: row.head_name,
            status: row.status,
            last_activity_at: new Date(row.last_activity_at).toISOString(),
          },
        ]
      : [],
  );
  return pageEnvelope(items, query, total);
}

/** How many families are due now (the officer's task). */
export async function countDueFamilies(db: Executor): Promise<number> {
  return dueFamilyCount(db, await retentionYears(db));
}

/** The due families a bulk selection's filter (the list's search and status) matches. */
export async function dueFamilyIdsMatching(
  db: Executor,
  query: Pick<DueFamilyListQuery, 'search' | 'filter'>,
  limit: number,
): Promise<number[]> {
  return dueFamilyIds(db, await retentionYears(db), query, limit);
}

/**
 * Inside a family's erasure in bulk, after its row is locked: refused (409) when it is no longer
 * due — reactivated, or active again since the list was read, or the setting lengthened.
 */
export async function assertStillDue(db: Executor, id: number): Promise<void> {
  if (!(await isFamilyDue(db, await retentionYears(db), id))) throw conflict(M.notDue);
}
