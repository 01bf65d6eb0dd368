import {
  FAMILY_IMPORT_MESSAGES,
  importMatchSchema,
  type FamilyImport,
  type FamilyImportRow,
  type ImportRowState,
} from 'shared-contracts/beneficiaries';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/tables';
import { HttpError } from '../../../http/errors';
import { withoutMedicalCells } from './medical-cells';
import {
  countImports,
  findImport,
  listImportRows,
  listImports,
  stateCounts,
  type ImportFileRow,
  type ImportRow,
} from '../repository';

function toImport(row: ImportRow, counts: Map<ImportRowState, number> | undefined): FamilyImport {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    file_name: row.file_name,
    total_rows: row.total_rows,
    processed_rows: row.processed_rows,
    counts: {
      valid: counts?.get('valid') ?? 0,
      invalid: counts?.get('invalid') ?? 0,
      duplicate: counts?.get('duplicate') ?? 0,
      created: counts?.get('created') ?? 0,
      updated: counts?.get('updated') ?? 0,
      skipped: counts?.get('skipped') ?? 0,
    },
    error: row.error,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by:
      row.created_by === null ? null : { id: row.created_by, name: row.creator_name ?? '' },
  };
}

export async function showImport(db: Kysely<Database>, id: number): Promise<FamilyImport> {
  const row = await findImport(db, id);
  if (!row) throw new HttpError(404, FAMILY_IMPORT_MESSAGES.notFound);
  return toImport(row, (await stateCounts(db, [id])).get(id));
}

export async function importsPage(
  db: Kysely<Database>,
  page: number,
  perPage: number,
  order: 'asc' | 'desc',
) {
  const [rows, total] = await Promise.all([
    listImports(db, perPage, (page - 1) * perPage, order),
    countImports(db),
  ]);
  const counts = await stateCounts(
    db,
    rows.map((row) => row.id),
  );
  return { data: rows.map((row) => toImport(row, counts.get(row.id))), total };
}

const errorsSchema = z.record(z.string(), z.array(z.string())).catch({});
const matchesSchema = z.array(importMatchSchema).catch([]);
const cellsSchema = z.record(z.string(), z.unknown()).catch({});

/** A stored row as the API answers it; `medical: false` leaves the medical cells out. */
export function toRow(row: ImportFileRow, medical = true): FamilyImportRow {
  const values = cellsSchema.parse(row.cells);
  const errors = errorsSchema.parse(row.errors);
  return {
    row_number: row.row_number,
    sheet: row.sheet,
    // Not yet validated: shown as valid until its verdict (the import's status says it is validating).
    state: row.state ?? 'valid',
    values: medical ? values : withoutMedicalCells(values),
    errors: medical ? errors : errorsSchema.parse(withoutMedicalCells(errors)),
    matches: matchesSchema.parse(row.matches),
    resolution: row.resolution,
    family_id: row.family_id,
  };
}

export async function importRowsPage(
  db: Kysely<Database>,
  id: number,
  state: ImportRowState | undefined,
  page: number,
  perPage: number,
  medical: boolean,
) {
  if (!(await findImport(db, id))) throw new HttpError(404, FAMILY_IMPORT_MESSAGES.notFound);
  const { rows, total } = await listImportRows(db, id, state, perPage, (page - 1) * perPage);
  return { data: rows.map((row) => toRow(row, medical)), total };
}
