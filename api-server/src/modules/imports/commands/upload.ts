import { normaliseDigits } from 'shared-contracts';
import {
  FAMILY_IMPORT_COLUMNS,
  FAMILY_IMPORT_MESSAGES,
  MEMBER_IMPORT_COLUMNS,
  type ImportColumn,
} from 'shared-contracts/beneficiaries';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables';
import { HttpError } from '../../../http/errors';
import type { ChangeAuthor } from '../../../http/request-meta';
import { recordChange } from '../../activity-log';
import { enqueueJob, wakeJobRunners } from '../../jobs';
import { insertImport, insertImportRows } from '../repository';
import { resolveHeaders } from './cells';
import type { RawSheet, RawWorkbook } from './read-file';

export const VALIDATE_JOB = 'family_import.validate';

/** A cell as stored: text, number or boolean (a date cell as its calendar day). */
function storedCell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

function cellsByPath(
  sheet: RawSheet,
  columns: readonly ImportColumn[],
): { number: number; cells: Record<string, unknown> }[] {
  const resolved = resolveHeaders(sheet.headers, columns);
  if (resolved.columns.every((column) => column === null))
    throw new HttpError(422, FAMILY_IMPORT_MESSAGES.unknownHeaders);
  return sheet.rows.map((row) => {
    const cells: Record<string, unknown> = {};
    resolved.columns.forEach((column, index) => {
      const value = storedCell(row.cells[index]);
      if (column && value !== null && String(value).trim() !== '') cells[column.path] = value;
    });
    return { number: row.number, cells };
  });
}

const headKey = (value: unknown) => normaliseDigits(String(value ?? '')).replace(/\s/g, '');

/**
 * Stores an uploaded file's rows (one per family, its members from the members sheet beside it)
 * and queues its validation, in one transaction with the activity-log row; the job runs once it
 * commits.
 */
export async function createImport(
  db: Kysely<Database>,
  author: ChangeAuthor,
  file: { name: string; size: number },
  workbook: RawWorkbook,
): Promise<number> {
  const families = cellsByPath(workbook.families, FAMILY_IMPORT_COLUMNS);
  const members =
    workbook.members && workbook.members.rows.length > 0
      ? cellsByPath(workbook.members, MEMBER_IMPORT_COLUMNS)
      : [];
  const byHead = new Map<string, Record<string, unknown>[]>();
  for (const member of members) {
    const key = headKey(member.cells.head_national_id);
    const list = byHead.get(key) ?? [];
    list.push({ ...member.cells, sheet_row: member.number });
    byHead.set(key, list);
  }
  const rows: Parameters<typeof insertImportRows>[2][number][] = families.map((family) => {
    const key = headKey(family.cells['head.national_id']);
    const own = key ? (byHead.get(key) ?? []) : [];
    if (key) byHead.delete(key);
    return { row_number: family.number, cells: { ...family.cells, members: own } };
  });
  // Members whose head's national ID names no family of the file: never dropped in silence, each
  // an invalid row of its own (numbered in the members sheet), its head's ID where a family's is.
  for (const orphans of byHead.values()) {
    for (const member of orphans) {
      rows.push({
        sheet: 'members',
        row_number: Number(member.sheet_row),
        cells: { 'head.national_id': member.head_national_id, members: [member] },
        state: 'invalid',
        errors: { 'members.0.head_national_id': [FAMILY_IMPORT_MESSAGES.memberWithoutFamily] },
      });
    }
  }
  const id = await db.transaction().execute(async (trx) => {
    const importId = await insertImport(trx, {
      file_name: file.name.slice(0, 255),
      file_size: file.size,
      total_rows: rows.length,
      created_by: author.id,
    });
    await insertImportRows(trx, importId, rows);
    await recordChange(trx, author, {
      action: 'create',
      entityType: 'family_import',
      entityId: importId,
      entityLabel: file.name.slice(0, 255),
      changes: { file_name: [null, file.name.slice(0, 255)], total_rows: [null, rows.length] },
    });
    await enqueueJob(trx, VALIDATE_JOB, { import_id: importId });
    return importId;
  });
  wakeJobRunners();
  return id;
}
