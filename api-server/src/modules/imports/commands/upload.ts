import { normaliseDigits } from 'shared-contracts';
import {
  FAMILY_IMPORT_COLUMNS,
  FAMILY_IMPORT_MESSAGES,
  MEMBER_IMPORT_COLUMNS,
  type ImportColumn,
} from 'shared-contracts/beneficiaries';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/tables';
import { HttpError } from '../../../http/errors';
import type { ChangeAuthor } from '../../../http/request-meta';
import { recordChange } from '../../activity-log';
import { enqueueJob, wakeJobRunners } from '../../jobs';
import { createUploadStaging, finishUpload, insertImport, stageUploadRows } from '../repository';
import { resolveHeaders } from './cells';
import { readSpreadsheet, type SheetRole, type SheetSink } from './read-file';

export const VALIDATE_JOB = 'family_import.validate';

/** A cell as stored: text, number or boolean (a date cell as its calendar day). */
function storedCell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

/** Reads a row's cells by field path, once the sheet's header said which column is which. */
function pathReader(headers: readonly string[], columns: readonly ImportColumn[]) {
  const resolved = resolveHeaders(headers, columns);
  if (resolved.columns.every((column) => column === null))
    throw new HttpError(422, FAMILY_IMPORT_MESSAGES.unknownHeaders);
  return (row: readonly unknown[]): Record<string, unknown> => {
    const cells: Record<string, unknown> = {};
    resolved.columns.forEach((column, index) => {
      const value = storedCell(row[index]);
      if (column && value !== null && String(value).trim() !== '') cells[column.path] = value;
    });
    return cells;
  };
}

const headKey = (value: unknown) => normaliseDigits(String(value ?? '')).replace(/\s/g, '') || null;

const SINK_BATCH = 500;

/**
 * The upload's rows on their way to the database, a batch at a time, into the upload's staging
 * tables (the repository's `finishUpload` joins the members to their families at the end).
 */
class UploadSink implements SheetSink {
  private readonly headers: Partial<Record<SheetRole, readonly string[]>> = {};
  private readonly readers: Partial<Record<SheetRole, ReturnType<typeof pathReader>>> = {};
  private families: Parameters<typeof stageUploadRows>[1][number][] = [];
  private members: Parameters<typeof stageUploadRows>[2][number][] = [];

  constructor(private readonly trx: Transaction<Database>) {}

  header(role: SheetRole, headers: string[]): void {
    this.headers[role] = headers;
  }

  /** The sheet's reader, made at its first row (a file without rows says so, not "unknown headers"). */
  private readerOf(role: SheetRole) {
    const made = this.readers[role];
    if (made) return made;
    const reader = pathReader(
      this.headers[role] ?? [],
      role === 'families' ? FAMILY_IMPORT_COLUMNS : MEMBER_IMPORT_COLUMNS,
    );
    this.readers[role] = reader;
    return reader;
  }

  row(role: SheetRole, number: number, row: unknown[]): Promise<void> | undefined {
    const cells = this.readerOf(role)(row);
    if (role === 'families') {
      this.families.push({
        row_number: number,
        cells: { ...cells, members: [] },
        head_key: headKey(cells['head.national_id']),
      });
    } else {
      this.members.push({
        sheet_row: number,
        head_key: headKey(cells.head_national_id),
        cells: { ...cells, sheet_row: number },
      });
    }
    return this.families.length + this.members.length >= SINK_BATCH ? this.flush() : undefined;
  }

  async flush(): Promise<void> {
    await stageUploadRows(this.trx, this.families, this.members);
    this.families = [];
    this.members = [];
  }
}

/**
 * Reads an uploaded file into a new import (one row per family, its members from the members
 * sheet beside it) and queues its validation, in one transaction with the activity-log row: a
 * file refused half-way (too many rows, not a spreadsheet) leaves nothing behind. The rows go to
 * the database as they are read; the job runs once the transaction commits.
 */
export async function createImport(
  db: Kysely<Database>,
  author: ChangeAuthor,
  file: { name: string; content: Buffer },
  maxRows: number,
): Promise<number> {
  const fileName = file.name.slice(0, 255);
  const id = await db.transaction().execute(async (trx) => {
    const importId = await insertImport(trx, {
      file_name: fileName,
      file_size: file.content.length,
      total_rows: 0,
      created_by: author.id,
    });
    await createUploadStaging(trx);
    const sink = new UploadSink(trx);
    await readSpreadsheet(file.content, maxRows, sink);
    await sink.flush();
    const totalRows = await finishUpload(trx, importId, {
      'members.0.head_national_id': [FAMILY_IMPORT_MESSAGES.memberWithoutFamily],
    });
    await recordChange(trx, author, {
      action: 'create',
      entityType: 'family_import',
      entityId: importId,
      entityLabel: fileName,
      changes: { file_name: [null, fileName], total_rows: [null, totalRows] },
    });
    await enqueueJob(trx, VALIDATE_JOB, { import_id: importId });
    return importId;
  });
  wakeJobRunners();
  return id;
}
