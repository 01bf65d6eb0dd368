import type { Kysely } from 'kysely';
import { countOf } from 'shared-contracts';
import type { Database } from '../../../db/tables';
import type { FileStore } from '../../../files/store';
import { workbookStream } from '../../../http/export';
import type { ChangeAuthor } from '../../../http/request-meta';
import type { ZipEntry } from '../../../http/zip';
import { recordChange } from '../../activity-log';
import { recordFamilyAccess } from '../../family-access';
import { loadLookups } from '../../lookups';
import { familyFacts } from '../repository';
import { documentPath, familyDataSheets } from './sheets';

/**
 * Zlib level per document type: images and PDF are compressed already, so deflating them hard
 * spends the server's time for nothing.
 */
const ALREADY_COMPRESSED = /^(image\/|application\/pdf)/;

export interface FamilyDataExport {
  /** The family's file number (the download's name). */
  fileNumber: string;
  /**
   * The ZIP's entries in order: the workbook, then each document the store holds, read in turn
   * (one missing from the store is listed in the documents sheet as such, and left out).
   */
  entries: ZipEntry[];
}

/**
 * A family's data export (docs/personal-data.md#the-data-export): its sheets read, then the
 * activity row and the `export` look written in one transaction — before a byte is sent, so a
 * download that happened is always logged. Undefined when there is no such family.
 */
export async function exportFamilyData(
  db: Kysely<Database>,
  files: FileStore,
  author: ChangeAuthor,
  employeeId: number,
  familyId: number,
): Promise<FamilyDataExport | undefined> {
  const family = await familyFacts(db, familyId);
  if (!family) return undefined;
  const lookups = await loadLookups(db);
  const { sheets, documents } = await familyDataSheets(db, family, lookups, (key) =>
    files.has(key),
  );
  const rows = sheets.reduce((sum, sheet) => sum + sheet.count, 0);
  const stored = documents.filter((document) => document.stored);

  await db.transaction().execute(async (trx) => {
    await recordChange(trx, author, {
      action: 'export',
      entityType: 'family',
      entityId: family.id,
      familyId: family.id,
      entityLabel: `تصدير بيانات الأسرة ${family.file_number} (${countOf(stored.length, 'document')})`,
      changes: { rows: [null, rows], format: [null, 'zip'] },
    });
    await recordFamilyAccess(trx, {
      familyId: family.id,
      employeeId,
      kind: 'export',
      everyTime: true,
    });
  });

  const workbookName = `بيانات-الأسرة-${family.file_number}.xlsx`;
  return {
    fileNumber: family.file_number,
    entries: [
      { name: workbookName, open: () => workbookStream(sheets), level: 6 },
      ...stored.map((document): ZipEntry => ({
        name: documentPath(document),
        open: () => files.read(document.sha256),
        level: ALREADY_COMPRESSED.test(document.mime_type) ? 1 : 6,
      })),
    ],
  };
}
