import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { computeSaudiIdCheckDigit, type PermissionKey } from 'shared-contracts';
import type { TestHarness } from './harness';

/** Every key of the beneficiaries section (what a researcher-supervisor holds). */
export const BENEFICIARY_KEYS: PermissionKey[] = [
  'show_families',
  'create_families',
  'edit_families',
  'show_orgs',
  'create_orgs',
  'edit_orgs',
  'show_seasonal',
  'create_seasonal',
  'edit_seasonal',
];

/** A valid Saudi ID from a serial (`kind` 1: citizen, 2: resident). */
export function validId(serial: number, kind: 1 | 2 = 1): string {
  const firstNine = `${kind}${String(serial % 100_000_000).padStart(8, '0')}`;
  return `${firstNine}${computeSaudiIdCheckDigit(firstNine)}`;
}

/** ASCII digits → Arabic-Indic (what people type on an Arabic keyboard). */
export function arabicDigits(value: string): string {
  return value.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
}

let serial = 20_000_000 + (process.pid % 1000) * 10_000;
/** A fresh unique number for IDs and phones within a test file. */
export function nextSerial(): number {
  serial += 1;
  return serial;
}

/** A local Saudi mobile `05XXXXXXXX` from a serial. */
export function mobileFor(n: number): string {
  return `05${String(n % 100_000_000).padStart(8, '0')}`;
}

/** A valid strict family body (pending_review on create); every ID and phone unique. */
export function familyBody(overrides: Record<string, unknown> = {}) {
  const n = nextSerial();
  return {
    head: {
      full_name: 'خالد سعد محمد الحربي',
      national_id: validId(n),
      gender: 'male',
      birth_date: '1980-04-12',
      marital_status: 'married',
      education_level: 'secondary',
      employment_status: 'unemployed',
    },
    primary_phone: mobileFor(n),
    city: 'riyadh',
    district: 'riyadh_malaz',
    address: 'شارع الأمير سلطان',
    housing_type: 'apartment',
    housing_ownership: 'rented',
    monthly_rent: 2000,
    income_sources: [
      { source: 'social_security', amount: 1500, verified: true },
      { source: 'citizen_account', amount: 500 },
    ],
    categories: ['low_income'],
    needs: [{ need_type: 'food', priority: 'high' }],
    consent_data_processing: true,
    members: [
      {
        full_name: 'هيا علي ناصر الحربي',
        relationship: 'spouse',
        gender: 'female',
        birth_date: '1985-09-01',
        national_id: validId(n + 500_000),
      },
      {
        full_name: 'سعد خالد سعد الحربي',
        relationship: 'son',
        gender: 'male',
        birth_date: '2015-02-20',
        national_id: validId(n + 600_000),
      },
    ],
    ...overrides,
  };
}

/**
 * A valid family body of these people: the head and each member get a fresh valid ID unless they
 * state their own (`national_id: undefined` sends none).
 */
export function familyOf(
  head: Record<string, unknown>,
  members: Record<string, unknown>[],
  overrides: Record<string, unknown> = {},
) {
  const n = nextSerial();
  return familyBody({
    ...overrides,
    head: { national_id: validId(n), ...head },
    members: members.map((member, index) => ({
      national_id: validId(n + 500_000 + index * 100_000),
      ...member,
    })),
  });
}

export interface CreatedFamily {
  id: number;
  file_number: string;
  members: { id: number; full_name: string; relationship: string; national_id: string | null }[];
  [key: string]: unknown;
}

/** POST /families (expects 201) and returns the detail. */
export async function createFamily(
  h: TestHarness,
  token: string,
  body: Record<string, unknown> = familyBody(),
): Promise<CreatedFamily> {
  const response = await h.request('POST', '/api/families', { token, body });
  if (response.statusCode !== 201)
    throw new Error(`create family: ${response.statusCode} ${response.payload}`);
  return response.json<{ data: CreatedFamily }>().data;
}

export async function setStatus(
  h: TestHarness,
  token: string,
  familyId: number,
  status: string,
  reason?: string,
) {
  return h.request('POST', `/api/families/${familyId}/status`, {
    token,
    body: { status, ...(reason ? { reason } : {}) },
  });
}

/** An approved family (created, then approved). */
export async function approvedFamily(
  h: TestHarness,
  token: string,
  body: Record<string, unknown> = familyBody(),
): Promise<CreatedFamily> {
  const family = await createFamily(h, token, body);
  const response = await setStatus(h, token, family.id, 'approved');
  if (response.statusCode !== 200)
    throw new Error(`approve: ${response.statusCode} ${response.payload}`);
  return response.json<{ data: CreatedFamily }>().data;
}

/** Row counts of the tables a write touches: to show a refused write left nothing behind. */
export async function tableCounts(h: TestHarness): Promise<Record<string, number>> {
  const tables = [
    'families',
    'family_members',
    'family_income_sources',
    'family_needs',
    'family_categories',
    'family_status_history',
    'member_moves',
    'organisations',
    'organisation_agreements',
    'seasons',
    'season_beneficiaries',
    'distributions',
    'distribution_items',
    'activity_log',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)}`.execute(h.db);
    counts[table] = row.rows[0]?.n ?? 0;
  }
  return counts;
}

/** The first worksheet of an XLSX payload: header row, data rows, and whether it reads right to left. */
export async function readXlsx(response: LightMyRequestResponse) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return {
    name: sheet.name,
    rightToLeft: sheet.views.some((view) => view.rightToLeft === true),
    header: rows[0] ?? [],
    rows: rows.slice(1),
  };
}

/** `PK\x03\x04`: a ZIP (XLSX) file starts with it. */
export function isZip(response: LightMyRequestResponse): boolean {
  return response.rawPayload.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
}

/** Parses a CSV body (quoted fields supported) into rows. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
