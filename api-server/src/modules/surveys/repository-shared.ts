import type { Transaction } from 'kysely';
import type { PageOrder } from '../../db/query';
import type { Database } from '../../db/tables';
import type { ChangeAuthor } from '../../http/request-meta';
import { recordChange } from '../activity-log';

/** What the surveys' repositories share: their lists' default order and their activity rows. */

/**
 * A survey list's order: the column and direction asked for, else `fallback` newest first; the
 * id, newest first, breaks ties.
 */
export function newestFirst<S extends string>(
  columns: Record<S, string>,
  query: { sort?: S; order: 'asc' | 'desc' },
  fallback: S,
  id: string,
): PageOrder {
  return {
    column: columns[query.sort ?? fallback],
    order: query.sort ? query.order : 'desc',
    id,
    idOrder: 'desc',
  };
}

/** The activity-row writer of one entity type: `log(trx, author, action, id, label, changes)`. */
export function activityLogger(entityType: string) {
  return (
    trx: Transaction<Database>,
    author: ChangeAuthor,
    action: string,
    id: number,
    label: string,
    changes: Record<string, [unknown, unknown]>,
  ) =>
    recordChange(trx, author, {
      action,
      entityType,
      entityId: id,
      entityLabel: label,
      changes,
    });
}
