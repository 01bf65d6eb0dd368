import type { Transaction } from 'kysely';
import type { Database } from '../../../db/tables';
import type { ChangeAuthor } from '../../../http/request-meta';
import { recordChange } from '../../activity-log';

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
