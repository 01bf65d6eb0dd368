import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import {
  PERMISSION_KEYS,
  mayCall,
  todayIso,
  type Endpoint,
  type PermissionKey,
} from 'shared-contracts';
import {
  DISABILITY_TYPES,
  FAMILY_CATEGORIES,
  HEALTH_STATUSES,
  INCOME_SOURCE_TYPES,
  MEDICAL_FAMILY_CATEGORIES,
  MEDICAL_INCOME_SOURCES,
  MEDICAL_MEMBER_FIELDS,
  MEDICAL_NEED_TYPES,
  NEED_TYPES,
  maySeeMedicalFields,
  maySeeMedicalServices,
} from 'shared-contracts/beneficiaries';
import { contractEndpoints } from './support/contract-endpoints';
import { describeDemoData } from './support/harness';

/**
 * The medical rule (shared-contracts/beneficiaries/medical.ts), checked on every read the
 * contracts declare: an employee holding every key but the ones that show medical facts walks
 * every GET endpoint of every endpoint table in shared-contracts over the demo data (lists,
 * records by id, exports as CSV, report archives made by a super admin) and no answer ties a
 * medical value to a family or a person. Nothing here lists endpoints by hand: a new endpoint is
 * walked the moment it is declared; only a 403 (the employee may not call it) skips one.
 *
 * "Tied to a family or a person": any JSON object naming one (a file number, a family, a member,
 * a person's name) and everything inside it; any CSV row holding a file number. Aggregates that
 * name nobody (the medical report's counts, a report's totals per service type) are outside the
 * rule, and so are survey answers (the respondents' words to questions staff write themselves,
 * under `/surveys/`), as docs/medical-fields.md explains.
 */

/** Every key but those that show medical facts, per the rule itself. */
const NON_MEDICAL_KEYS: PermissionKey[] = PERMISSION_KEYS.filter((key) => {
  const reader = { permissions: [key], role: null };
  return !maySeeMedicalFields(reader) && !maySeeMedicalServices(reader);
});

/** The words the demo data and the lookups give medical facts. */
interface MedicalValues {
  codes: ReadonlySet<string>;
  labels: ReadonlySet<string>;
  typeNames: readonly string[];
  typeIds: ReadonlySet<number>;
}

function medicalValues(typeRows: readonly { id: number; name: string }[]): MedicalValues {
  const codes = new Set<string>([
    ...MEDICAL_FAMILY_CATEGORIES,
    ...MEDICAL_NEED_TYPES,
    ...MEDICAL_INCOME_SOURCES,
    ...HEALTH_STATUSES.map((item) => item.code),
    // `other` is a code of many lists: not a medical word by itself.
    ...DISABILITY_TYPES.map((item) => item.code).filter((code) => code !== 'other'),
  ]);
  const labelsOf = (list: readonly { code: string; label: string }[], which: readonly string[]) =>
    list.filter((item) => which.includes(item.code)).map((item) => item.label);
  const labels = new Set<string>([
    ...labelsOf(FAMILY_CATEGORIES, MEDICAL_FAMILY_CATEGORIES),
    ...labelsOf(NEED_TYPES, MEDICAL_NEED_TYPES),
    ...labelsOf(INCOME_SOURCE_TYPES, MEDICAL_INCOME_SOURCES),
    ...HEALTH_STATUSES.map((item) => item.label),
    ...DISABILITY_TYPES.filter((item) => item.code !== 'other').map((item) => item.label),
  ]);
  return {
    codes,
    labels,
    typeNames: typeRows.map((row) => row.name),
    typeIds: new Set(typeRows.map((row) => row.id)),
  };
}

/** The keys that make an object about a family or a person. */
const PERSON_KEYS = [
  'file_number',
  'family_file_number',
  'family',
  'family_id',
  'member',
  'member_id',
  'full_name',
  'head_name',
  'beneficiary',
];

/** Where `value` (inside an object about a family or a person) holds a medical value: paths, empty when none. */
function medicalIn(value: unknown, words: MedicalValues, path: string, found: string[]): void {
  if (typeof value === 'string') {
    if (
      words.codes.has(value) ||
      words.labels.has(value) ||
      words.typeNames.some((name) => value.includes(name))
    )
      found.push(`${path} = ${value}`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => medicalIn(item, words, `${path}[${index}]`, found));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (
      (MEDICAL_MEMBER_FIELDS as readonly string[]).includes(key) &&
      child !== null &&
      !(Array.isArray(child) && child.length === 0)
    )
      found.push(`${at} present`);
    if (key === 'service_type_id' && typeof child === 'number' && words.typeIds.has(child))
      found.push(`${at} = ${child}`);
    if (
      key === 'service_type' &&
      typeof child === 'object' &&
      child !== null &&
      words.typeIds.has((child as { id: number }).id)
    )
      found.push(`${at}.id = ${(child as { id: number }).id}`);
    medicalIn(child, words, at, found);
  }
}

/** Every object about a family or a person in a JSON answer, checked with all it holds. */
function medicalInJson(
  value: unknown,
  words: MedicalValues,
  path = '$',
  found: string[] = [],
): string[] {
  if (Array.isArray(value))
    value.forEach((item, index) => medicalInJson(item, words, `${path}[${index}]`, found));
  else if (typeof value === 'object' && value !== null) {
    if (PERSON_KEYS.some((key) => key in value)) medicalIn(value, words, path, found);
    else
      for (const [key, child] of Object.entries(value))
        medicalInJson(child, words, `${path}.${key}`, found);
  }
  return found;
}

const FILE_NUMBER = /F-\d{4}-\d{5,}/;

/** Every CSV or XLSX row that names a family (its file number) and also a medical value. */
function medicalInRows(rows: readonly (readonly string[])[], words: MedicalValues): string[] {
  const found: string[] = [];
  rows.forEach((row, index) => {
    if (!row.some((cell) => FILE_NUMBER.test(cell))) return;
    for (const cell of row) {
      const value = cell.replace(/^'/, '');
      const parts = value.split('، ').map((part) => part.trim());
      if (
        parts.some((part) => words.codes.has(part) || words.labels.has(part)) ||
        words.typeNames.some((name) => value.includes(name))
      )
        found.push(`row ${index}: ${value}`);
    }
  });
  return found;
}

async function fileRows(response: LightMyRequestResponse): Promise<string[][]> {
  const type = String(response.headers['content-type'] ?? '');
  if (type.includes('csv')) {
    const { parseCsv } = await import('./support/beneficiaries');
    return parseCsv(response.payload.replace(/^\uFEFF/, ''));
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  for (const sheet of workbook.worksheets)
    sheet.eachRow((row) =>
      rows.push(
        (row.values as unknown[])
          .slice(1)
          .map((cell) =>
            cell === null || cell === undefined
              ? ''
              : String((cell as { text?: string }).text ?? cell),
          ),
      ),
    );
  return rows;
}

/** `:name` segments of a path, in order. */
const paramsOf = (path: string) =>
  [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as string);

describeDemoData(
  'medical fields: every declared read, as an employee who may not see them',
  NON_MEDICAL_KEYS,
  (h, viewer) => {
    let words: MedicalValues;
    /** Ids to open records with, by the path before the id (`/families` → ids), medical ones first. */
    const ids = new Map<string, number[]>();
    const today = todayIso();
    const period = { from: '2020-01-01', to: today };
    /** Values for a read's required query parameters (a duplicate check's ID, a family's id…), from an ill member. */
    const samples: Record<string, string> = {};

    const remember = (prefix: string, values: readonly number[]) => {
      const known = ids.get(prefix) ?? [];
      ids.set(prefix, [...new Set([...known, ...values])].slice(0, 6));
    };

    beforeAll(async () => {
      const db = h.db;
      const types = await db
        .selectFrom('service_types')
        .select(['id', 'name'])
        .where('is_medical', '=', true)
        .execute();
      words = medicalValues(types);
      // The demo data must hold what the rule protects, or the walk proves nothing.
      const medicalFamilies = await db
        .selectFrom('family_categories')
        .select('family_id')
        .where('category', 'in', [...MEDICAL_FAMILY_CATEGORIES])
        .limit(3)
        .execute();
      const medicalServices = await db
        .selectFrom('services as s')
        .innerJoin('service_types as t', 't.id', 's.service_type_id')
        .select(['s.id', 's.family_id', 's.member_id'])
        .where('t.is_medical', '=', true)
        .where('s.member_id', 'is not', null)
        .limit(3)
        .execute();
      const ill = await db
        .selectFrom('family_members')
        .select(['id', 'family_id'])
        .where('health_status', 'in', ['chronic_illness', 'disabled', 'bedridden'])
        .limit(3)
        .execute();
      expect(
        [types.length, medicalFamilies.length, medicalServices.length, ill.length].every(
          (n) => n > 0,
        ),
      ).toBe(true);
      const sample = await db
        .selectFrom('family_members as m')
        .innerJoin('families as f', 'f.id', 'm.family_id')
        .select(['m.family_id', 'm.full_name', 'm.birth_date', 'm.national_id', 'f.primary_phone'])
        .where('m.id', '=', ill[0]?.id ?? 0)
        .executeTakeFirstOrThrow();
      Object.assign(samples, {
        family_id: String(sample.family_id),
        full_name: sample.full_name,
        birth_date: String(sample.birth_date),
        national_id: sample.national_id ?? '',
        phone: sample.primary_phone ?? '',
      });
      // The demo families record no medical need nor a disability allowance: two approved ones get
      // them here (straight into their tables), so the walk meets them too.
      const approved = await db
        .selectFrom('families')
        .select('id')
        .where('status', '=', 'approved')
        .orderBy('id')
        .limit(2)
        .execute();
      for (const family of approved) {
        await db
          .insertInto('family_needs')
          .values(
            MEDICAL_NEED_TYPES.map((need_type, index) => ({
              family_id: family.id,
              need_type,
              priority: 'high',
              description: null,
              position: 100 + index,
            })),
          )
          .execute();
        await db
          .insertInto('family_income_sources')
          .values({
            family_id: family.id,
            source: MEDICAL_INCOME_SOURCES[0] ?? '',
            amount: '900.00',
            verified: true,
            notes: null,
            position: 100,
          })
          .execute();
      }
      remember(
        '/families',
        approved.map((family) => family.id),
      );
      remember('/families', [
        ...medicalFamilies.map((row) => row.family_id),
        ...medicalServices.map((row) => row.family_id),
        ...ill.map((row) => row.family_id),
      ]);
      remember('/family-members', [
        ...ill.map((row) => row.id),
        ...medicalServices.map((row) => row.member_id ?? 0),
      ]);
      remember(
        '/services',
        medicalServices.map((row) => row.id),
      );
      // A financial record paying for a medical service, and an archive of every report made by a
      // super admin (who sees everything): both must reach the employee without medical values.
      const adminToken = await h.adminToken();
      const category = await db
        .selectFrom('financial_categories')
        .select('id')
        .where('code', '=', 'cash_aid')
        .executeTakeFirstOrThrow();
      const service = medicalServices[0];
      const paid = await h.request('POST', '/api/financial-records', {
        token: adminToken,
        body: {
          direction: 'expense',
          amount: '120.00',
          occurred_on: today,
          category_id: category.id,
          payment_method: 'cash',
          family_id: service?.family_id,
          service_id: service?.id,
          status: 'pending',
        },
      });
      expect(paid.statusCode).toBe(201);
      remember('/financial-records', [paid.json<{ data: { id: number } }>().data.id]);
      // Its family first among the records opened: the payment shows on the family's timeline.
      ids.set('/families', [service?.family_id ?? 0, ...(ids.get('/families') ?? [])]);
      for (const endpoint of contractEndpoints().filter(
        (e) => e.method === 'POST' && /^\/reports\/[a-z-]+\/archives$/.test(e.path),
      )) {
        const archived = await h.request('POST', `/api${endpoint.path}`, {
          token: adminToken,
          body: { ...period },
        });
        expect([endpoint.path, archived.statusCode]).toEqual([endpoint.path, 201]);
        remember(endpoint.path, [archived.json<{ data: { id: number } }>().data.id]);
      }
    }, 300_000);

    test('the employee holds every key but the medical ones, and the walk covers every GET the API serves', () => {
      expect(NON_MEDICAL_KEYS).not.toContain('edit_families');
      expect(NON_MEDICAL_KEYS).not.toContain('show_services');
      expect(NON_MEDICAL_KEYS.length).toBe(PERMISSION_KEYS.length - 2);
      const declared = new Set(
        contractEndpoints().map((endpoint) => `${endpoint.method} /api${endpoint.path}`),
      );
      const served = h.app.routeDeclarations
        .filter((route) => route.method === 'GET' && route.access.kind !== 'public')
        .map((route) => `${route.method} ${route.url}`);
      expect(served.filter((route) => !declared.has(route))).toEqual([]);
    });

    test('no answer ties a medical value to a family or a person', async () => {
      const gets = contractEndpoints()
        .filter((endpoint) => endpoint.method === 'GET' && endpoint.access.kind !== 'public')
        // Lists before the records they name: the ids come from the walk itself.
        .sort(
          (a, b) =>
            paramsOf(a.path).length - paramsOf(b.path).length || a.path.localeCompare(b.path),
        );
      const failures: string[] = [];
      const walked: string[] = [];
      const refused: string[] = [];

      const call = async (endpoint: Endpoint, url: string): Promise<LightMyRequestResponse> => {
        const file = !(endpoint.response instanceof Object && 'parse' in endpoint.response);
        const attempts: Record<string, string>[] = [{}, { ...period }];
        let response!: LightMyRequestResponse;
        for (const attempt of attempts) {
          const query: Record<string, string> = {
            ...attempt,
            per_page: '50',
            ...(file ? { format: 'csv' } : {}),
          };
          response = await h.request('GET', url, { token: viewer.token, query });
          if (response.statusCode === 422)
            response = await h.request('GET', url, {
              token: viewer.token,
              query: { ...attempt, ...(file ? { format: 'csv' } : {}) },
            });
          if (response.statusCode !== 422) break;
        }
        // Required parameters (`?family_id=`, a duplicate check's `national_id`): from the samples.
        if (response.statusCode === 422) {
          const wanted = Object.keys(
            response.json<{ errors?: Record<string, unknown> }>().errors ?? {},
          );
          if (wanted.every((key) => samples[key]))
            response = await h.request('GET', url, {
              token: viewer.token,
              query: Object.fromEntries(wanted.map((key) => [key, samples[key] ?? ''])),
            });
        }
        return response;
      };

      for (const endpoint of gets) {
        const names = paramsOf(endpoint.path);
        // Concrete URLs: each `:param` from the ids the walk found under the path before it.
        let urls: string[] = [endpoint.path];
        for (const name of names) {
          const next: string[] = [];
          for (const url of urls) {
            const prefix = url.slice(0, url.indexOf(`:${name}`) - 1);
            for (const id of (ids.get(prefix) ?? []).slice(0, 3))
              next.push(url.replace(`:${name}`, String(id)));
          }
          urls = next;
        }
        for (const path of urls) {
          const response = await call(endpoint, `/api${path}`);
          if (response.statusCode === 403) {
            refused.push(endpoint.id);
            break;
          }
          if (response.statusCode === 404) continue;
          if (response.statusCode !== 200) {
            failures.push(
              `${endpoint.id} ${path}: ${response.statusCode} ${response.payload.slice(0, 200)}`,
            );
            continue;
          }
          walked.push(path);
          const type = String(response.headers['content-type'] ?? '');
          // Survey answers are the respondents' words to questions staff wrote: outside the rule.
          if (path.startsWith('/surveys/')) continue;
          if (type.startsWith('application/json')) {
            const body = response.json<{ data?: unknown }>();
            failures.push(
              ...medicalInJson(body, words).map((where) => `${endpoint.id} ${path}: ${where}`),
            );
            // Ids for the records below this path (a list's rows, or an item's nested lists).
            const data = body.data;
            if (Array.isArray(data))
              remember(
                path,
                data
                  .map((row) => (row as { id?: unknown }).id)
                  .filter((id): id is number => typeof id === 'number'),
              );
          } else {
            failures.push(
              ...medicalInRows(await fileRows(response), words).map(
                (where) => `${endpoint.id} ${path}: ${where}`,
              ),
            );
          }
        }
      }
      if (process.env.MEDICAL_WALK_DEBUG)
        console.log(JSON.stringify({ walked, refused, failures }, null, 1));
      // The walk reached the families, members, reports, finance and activity log, and was refused only what the keys refuse.
      expect(walked).toEqual(
        expect.arrayContaining([
          '/families',
          '/family-members',
          '/financial-records',
          '/financial-records/families',
          '/reports/financial-services',
          '/reports/services',
        ]),
      );
      expect(walked.some((path) => /^\/families\/\d+$/.test(path))).toBe(true);
      expect(
        walked.some((path) => /^\/reports\/financial-services\/archives\/\d+$/.test(path)),
      ).toBe(true);
      // Refused exactly where the declarations say the employee may not call (an endpoint below a
      // refused list has no ids to be opened with).
      const subject = { active: true, permissions: NON_MEDICAL_KEYS, role: null };
      const notCallable = gets.filter((endpoint) => !mayCall(subject, endpoint.access));
      expect(refused.filter((id) => !notCallable.some((endpoint) => endpoint.id === id))).toEqual(
        [],
      );
      expect(
        notCallable.filter(
          (endpoint) => paramsOf(endpoint.path).length === 0 && !refused.includes(endpoint.id),
        ),
      ).toEqual([]);
      expect(failures).toEqual([]);
    }, 600_000);
  },
);
