import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables';
import type { ChangeAuthor } from '../../../http/request-meta';
import { recordChange } from '../../activity-log';
import { insertArchive, type NewArchive } from '../repository';

/** Stores the snapshot and logs the archiving in one transaction; answers the new id. */
export async function createArchive(
  db: Kysely<Database>,
  archive: NewArchive,
  author: ChangeAuthor,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const id = await insertArchive(trx, archive, author);
    await recordChange(trx, author, {
      action: 'archive',
      entityType: 'report_archive',
      entityId: id,
      entityLabel: archive.title,
      changes: {
        kind: [null, archive.kind],
        title: [null, archive.title],
        period_from: [null, archive.periodFrom],
        period_to: [null, archive.periodTo],
        parameters: [null, archive.parameters],
        calorie_settings_version_id: [null, archive.calorieSettingsVersionId],
        row_count: [null, archive.rowCount],
      },
    });
    return id;
  });
}
