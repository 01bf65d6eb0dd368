import {
  FAMILY_IMPORT_COLUMNS,
  FAMILY_IMPORT_MESSAGES,
  IMPORT_SHEET_NAMES,
  MEMBER_IMPORT_COLUMNS,
} from 'shared-contracts/beneficiaries';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/tables';
import { HttpError } from '../../../http/errors';
import { withoutMedicalCells } from './medical-cells';
import { inBatches, mapRows, type ExportPlan, type ExportValue } from '../../../http/export';
import type { ChangeAuthor } from '../../../http/request-meta';
import { recordExport } from '../../activity-log';
import { findImport, listImportRows } from '../repository';

const LABELS = new Map(FAMILY_IMPORT_COLUMNS.map((column) => [column.path, column.label]));
const MEMBER_LABELS = new Map(MEMBER_IMPORT_COLUMNS.map((column) => [column.path, column.label]));

/**
 * `members.2.birth_date` → «الفرد 3: تاريخ الميلاد»; a family path → its template label; the row
 * as a whole (a refusal at commit without a field) → «الصف».
 */
function fieldLabel(path: string): string {
  if (path === '') return 'الصف';
  const member = /^members\.(\d+)\.(.+)$/.exec(path);
  if (member)
    return `الفرد ${Number(member[1]) + 1}: ${MEMBER_LABELS.get(member[2] ?? '') ?? member[2]}`;
  return LABELS.get(path) ?? path;
}

const errorsSchema = z.record(z.string(), z.array(z.string())).catch({});
const cellsSchema = z.record(z.string(), z.unknown()).catch({});

function exportValue(value: unknown): ExportValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : null;
}

/**
 * The invalid rows of an import as the file had them, with their Arabic errors in an added column,
 * so they can be corrected and uploaded again. Logged before it streams (it copies national IDs).
 */
export async function invalidRowsExport(
  db: Kysely<Database>,
  author: ChangeAuthor,
  id: number,
  medical: boolean,
): Promise<ExportPlan> {
  const found = await findImport(db, id);
  if (!found) throw new HttpError(404, FAMILY_IMPORT_MESSAGES.notFound);
  const { total } = await listImportRows(db, id, 'invalid', 1, 0);
  await recordExport(db, author, {
    entityType: 'family_import',
    entityId: id,
    entityLabel: found.file_name,
    query: { filter: { state: 'invalid' }, format: 'xlsx' },
    rows: total,
  });
  return {
    fileName: `import-${id}-errors`,
    fileNameAr: `أخطاء الاستيراد ${id}`,
    sheetTitle: 'الصفوف غير السليمة',
    columns: [
      { key: 'row_number', header: 'رقم الصف' },
      // A member whose head names no family is a row of the members sheet.
      { key: 'sheet', header: 'الورقة' },
      ...FAMILY_IMPORT_COLUMNS.map((column) => ({ key: column.path, header: column.label })),
      { key: 'errors', header: 'الأخطاء', width: 60 },
    ],
    rows: () =>
      mapRows(
        inBatches(
          async (offset, limit) => (await listImportRows(db, id, 'invalid', limit, offset)).rows,
        ),
        (row) => {
          const stored = cellsSchema.parse(row.cells);
          const cells = medical ? stored : withoutMedicalCells(stored);
          const storedErrors = errorsSchema.parse(row.errors);
          const errors = Object.entries(
            medical ? storedErrors : errorsSchema.parse(withoutMedicalCells(storedErrors)),
          ).map(([path, messages]) => `${fieldLabel(path)}: ${messages.join('، ')}`);
          return {
            row_number: row.row_number,
            sheet: IMPORT_SHEET_NAMES[row.sheet],
            ...Object.fromEntries(
              FAMILY_IMPORT_COLUMNS.map((column) => [column.path, exportValue(cells[column.path])]),
            ),
            errors: errors.join('\n'),
          };
        },
      ),
  };
}
