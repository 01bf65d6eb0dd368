import type { Insertable, Kysely } from 'kysely';
import type { SurveyVersionStatus } from 'shared-contracts/engagement';
import type { Database } from '../../src/db/tables';
import { BENEFICIARY_KEYS, approvedFamily, familyBody, type CreatedFamily } from './beneficiaries';
import type { TestHarness } from './harness';

/*
 * Rows the report, dashboard and survey suites put straight into other modules' tables: the
 * fixtures are hand-computed, and the modules' own routes would need more keys and more steps.
 */

export interface SeasonRow {
  name: string;
  /** The name itself unless said. */
  name_normalized?: string;
  kind: string;
  hijri_year: number;
  start_date: string;
  end_date: string;
  budget?: string | null;
  /** The family statuses the season's eligibility admits (none: any). */
  statuses?: string[];
}

/** An approved season with no other eligibility rule. */
export async function insertSeason(db: Kysely<Database>, season: SeasonRow): Promise<number> {
  const { name_normalized = season.name, statuses = [], ...columns } = season;
  const eligibility = {
    categories: [],
    max_per_capita_income: null,
    member_min_age: null,
    member_max_age: null,
    statuses,
  };
  const row = await db
    .insertInto('seasons')
    .values({
      ...columns,
      name_normalized,
      eligibility: JSON.stringify(eligibility),
      status: 'approved',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface CatalogueEntry {
  name: string;
  /** The name itself unless said. */
  name_normalized?: string;
  /** Empty unless said. */
  search_text?: string;
  active?: boolean;
}

/** The catalogue tables: a name, its normalised form, search text and `active`. */
type CatalogueTable = 'service_departments' | 'service_axes' | 'service_types' | 'seminar_types';

async function insertCatalogueRow<Entry extends CatalogueEntry>(
  db: Kysely<Database>,
  table: CatalogueTable,
  entry: Entry,
): Promise<number> {
  const row = await db
    .insertInto(table)
    .values({ name_normalized: entry.name, search_text: '', ...entry })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function insertServiceAxis(db: Kysely<Database>, axis: CatalogueEntry): Promise<number> {
  return insertCatalogueRow(db, 'service_axes', axis);
}

/** A department and an axis for the service types of a fixture. */
export async function insertServiceCatalogue(
  db: Kysely<Database>,
  department: CatalogueEntry,
  axis: CatalogueEntry,
): Promise<{ departmentId: number; axisId: number }> {
  return {
    departmentId: await insertCatalogueRow(db, 'service_departments', department),
    axisId: await insertServiceAxis(db, axis),
  };
}

export function insertServiceType(
  db: Kysely<Database>,
  type: CatalogueEntry & { department_id: number; axis_id: number; is_medical?: boolean },
): Promise<number> {
  return insertCatalogueRow(db, 'service_types', type);
}

export function insertSeminarType(db: Kysely<Database>, type: CatalogueEntry): Promise<number> {
  return insertCatalogueRow(db, 'seminar_types', type);
}

/** The active survey type «رضا». */
export async function insertSurveyType(db: Kysely<Database>): Promise<number> {
  const row = await db
    .insertInto('survey_types')
    .values({ name: 'رضا', name_normalized: 'رضا', active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A published satisfaction template for families. */
export async function insertSurveyTemplate(
  db: Kysely<Database>,
  template: { title: string; search_text: string },
): Promise<number> {
  const row = await db
    .insertInto('survey_templates')
    .values({ ...template, purpose: 'satisfaction', target: 'family', status: 'published' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTemplateVersion(
  db: Kysely<Database>,
  version: { template_id: number; version: number; status: SurveyVersionStatus; title: string },
): Promise<number> {
  const row = await db
    .insertInto('survey_template_versions')
    .values({ ...version, target: 'family' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSurvey(
  db: Kysely<Database>,
  survey: Insertable<Database['surveys']>,
): Promise<number> {
  const row = await db
    .insertInto('surveys')
    .values(survey)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ServicesFixture {
  families: [CreatedFamily, CreatedFamily];
  departments: [number, number];
  axes: [number, number];
  /** سلة غذائية (D1, A1), إحالة طبية (D2, A1), دورة تدريبية (D1, A2). */
  types: [number, number, number];
  seasonId: number;
  services: number[];
}

/**
 * The services and financial-services reports' hand-computed fixture (period 2026-01-01 →
 * 2026-02-28, overdue judged on 2026-02-28):
 *   #1 F1 basket   req 01-05 delivered 01-10 (5 d)   250.50
 *   #2 F1 basket   req 01-20 delivered 02-03 (14 d)  100.25  for member m1
 *   #3 F2 referral req 01-25 delivered 01-27 (2 d)   300.10  for member m2
 *   #4 F2 course   req 02-01 approved, expected 02-10 → overdue 18 days
 *   #5 F1 referral req 02-15 requested, expected 03-15 → not overdue
 *   #6 F1 course   req 02-20 rejected
 *   #7 F2 basket   req 2025-12-20 delivered 01-02 (outside the request period)  49.15
 *   #8 F1 basket   req 02-10 delivered 02-12 (2 d)   no cost
 *   #9 F2 referral req 03-05 (outside)
 * F1 lives in Riyadh and is enrolled in the season «سلة رمضان» (budget 1000.00, January);
 * F2 lives in Jeddah. The catalogue goes through its routes, as an officer would build it.
 */
export async function seedServicesFixture(h: TestHarness): Promise<ServicesFixture> {
  const { token } = await h.createEmployee({
    permissions: [...BENEFICIARY_KEYS, 'show_services', 'show_departments', 'show_axise'],
  });
  const post = async (url: string, body: unknown) => {
    const response = await h.request('POST', `/api${url}`, { token, body });
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.payload}`);
    return response.json<{ data: { id: number } }>().data.id;
  };
  const f1 = await approvedFamily(
    h,
    token,
    familyBody({ city: 'riyadh', district: 'riyadh_malaz' }),
  );
  const f2 = await approvedFamily(
    h,
    token,
    familyBody({ city: 'jeddah', district: 'jeddah_safa' }),
  );
  const d1 = await post('/service-departments', { name: 'الرعاية الاجتماعية' });
  const d2 = await post('/service-departments', { name: 'الصحة' });
  const a1 = await post('/service-axes', { name: 'الإغاثة' });
  const a2 = await post('/service-axes', { name: 'التمكين' });
  const serviceType = (name: string, department_id: number, axis_id: number) =>
    post('/service-types', { name, department_id, axis_id });
  const basket = await serviceType('سلة غذائية', d1, a1);
  const referral = await serviceType('إحالة طبية', d2, a1);
  const course = await serviceType('دورة تدريبية', d1, a2);
  const m1 = f1.members.find((member) => member.relationship === 'son')?.id ?? null;
  const m2 = f2.members.find((member) => member.relationship === 'spouse')?.id ?? null;
  const rows = [
    [f1.id, basket, null, '2026-01-05', 'delivered', '2026-01-10', null, '250.50'],
    [f1.id, basket, m1, '2026-01-20', 'delivered', '2026-02-03', null, '100.25'],
    [f2.id, referral, m2, '2026-01-25', 'delivered', '2026-01-27', null, '300.10'],
    [f2.id, course, null, '2026-02-01', 'approved', null, '2026-02-10', null],
    [f1.id, referral, null, '2026-02-15', 'requested', null, '2026-03-15', null],
    [f1.id, course, null, '2026-02-20', 'rejected', null, null, null],
    [f2.id, basket, null, '2025-12-20', 'delivered', '2026-01-02', null, '49.15'],
    [f1.id, basket, null, '2026-02-10', 'delivered', '2026-02-12', null, null],
    [f2.id, referral, null, '2026-03-05', 'requested', null, null, null],
  ] as const;
  const services: number[] = [];
  for (const [family, type, member, request, status, delivery, expected, cost] of rows) {
    const row = await h.db
      .insertInto('services')
      .values({
        family_id: family,
        service_type_id: type,
        member_id: member,
        request_date: request,
        status,
        delivery_date: delivery,
        expected_date: expected,
        cost,
        quantity: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    services.push(row.id);
  }
  const seasonId = await insertSeason(h.db, {
    name: 'سلة رمضان',
    name_normalized: 'سله رمضان',
    kind: 'ramadan_basket',
    hijri_year: 1447,
    start_date: '2026-01-01',
    end_date: '2026-01-31',
    budget: '1000.00',
  });
  await h.db
    .insertInto('season_beneficiaries')
    .values({ season_id: seasonId, family_id: f1.id, status: 'enrolled', voucher_code: 'V-0001' })
    .execute();
  return {
    families: [f1, f2],
    departments: [d1, d2],
    axes: [a1, a2],
    types: [basket, referral, course],
    seasonId,
    services,
  };
}
