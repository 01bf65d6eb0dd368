import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type {
  ImportKind,
  ImportResolutionAction,
  ImportRowSheet,
  ImportRowState,
  ImportStatus,
} from 'shared-contracts/beneficiaries';
import type { NullableInt, NullableText } from '../../db/tables';

// Migrations 2026_11_27_imports_tables, 2026_11_28_imports_member_rows; the staged tables are
// temporary, made by the repository's createUploadStaging for one upload's transaction.
declare module '../../db/tables' {
  interface Database {
    family_imports: FamilyImportsTable;
    family_import_rows: FamilyImportRowsTable;
    staged_import_families: StagedImportFamiliesTable;
    staged_import_members: StagedImportMembersTable;
  }
}

/** One uploaded file and where its import stands. */
export interface FamilyImportsTable {
  id: GeneratedAlways<number>;
  kind: ImportKind;
  status: ImportStatus;
  file_name: string;
  file_size: number;
  total_rows: number;
  processed_rows: ColumnType<number, number | undefined, number>;
  /** why the import failed, in Arabic */
  error: NullableText;
  created_by: NullableInt;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/**
 * One family of the file (a row of its families sheet, with its members from the members sheet):
 * the cells as read (the file itself is kept here, row by row), then what validation made of them.
 */
export interface FamilyImportRowsTable {
  id: GeneratedAlways<number>;
  import_id: number;
  /** the sheet `row_number` counts in (families, or an orphan member of the members sheet) */
  sheet: ColumnType<ImportRowSheet, ImportRowSheet | undefined, ImportRowSheet>;
  row_number: number;
  /** null until validated */
  state: ColumnType<
    ImportRowState | null,
    ImportRowState | null | undefined,
    ImportRowState | null
  >;
  /** the cells by field path; members under `members` */
  cells: ColumnType<unknown, string, string>;
  /** the `POST /families` body built from the cells, once valid */
  body: ColumnType<unknown, string | null | undefined, string | null>;
  errors: ColumnType<unknown, string | undefined, string>;
  matches: ColumnType<unknown, string | undefined, string>;
  resolution: ColumnType<
    ImportResolutionAction | null,
    ImportResolutionAction | null | undefined,
    ImportResolutionAction | null
  >;
  family_id: NullableInt;
  /** the file number its family will take, reserved with its commit batch's (null until then) */
  file_number: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A families-sheet row during its upload's transaction (a temporary table). */
export interface StagedImportFamiliesTable {
  row_number: number;
  /** its head's national ID, digits and spaces normalised: what its members name */
  head_key: string | null;
  cells: ColumnType<unknown, string, string>;
}

/** A members-sheet row during its upload's transaction (a temporary table). */
export interface StagedImportMembersTable {
  sheet_row: number;
  /** its head's national ID, as `StagedImportFamiliesTable.head_key` */
  head_key: string | null;
  /** the member's cells by field path, with `sheet_row` */
  cells: ColumnType<unknown, string, string>;
}
