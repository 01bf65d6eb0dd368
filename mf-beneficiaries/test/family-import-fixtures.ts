import {
  type FamilyImport,
  type FamilyImportRow,
  type ImportCounts,
} from 'shared-contracts/beneficiaries';
import { employee, saudiId } from '../src/testing/fixtures';

const NOW = '2026-11-27T08:00:00.000Z';

/** A researcher who may import families and open the families created. */
export function importer() {
  return employee(['show_families', 'create_families', 'import_families']);
}

const NO_ROWS: ImportCounts = {
  valid: 0,
  invalid: 0,
  duplicate: 0,
  created: 0,
  updated: 0,
  skipped: 0,
};

export function familyImport(
  overrides: Partial<Omit<FamilyImport, 'counts'>> & { counts?: Partial<ImportCounts> } = {},
): FamilyImport {
  const { counts, ...rest } = overrides;
  return {
    id: 5,
    kind: 'families',
    status: 'ready',
    file_name: 'register.xlsx',
    total_rows: 4,
    processed_rows: 4,
    error: null,
    created_at: NOW,
    updated_at: NOW,
    created_by: { id: 1, name: 'نورة الباحثة' },
    ...rest,
    counts: { ...NO_ROWS, ...counts },
  };
}

export function importRow(overrides: Partial<FamilyImportRow> = {}): FamilyImportRow {
  return {
    row_number: 2,
    state: 'valid',
    values: {
      'head.full_name': 'خالد سعد العتيبي',
      'head.national_id': saudiId('105555551'),
      primary_phone: '0551234567',
      'head.birth_date': '1985-02-01',
    },
    errors: {},
    matches: [],
    resolution: null,
    family_id: null,
    ...overrides,
  };
}
