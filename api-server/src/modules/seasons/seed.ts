import type { Transaction } from 'kysely';
import { normaliseArabic } from 'shared-contracts';
import { DISTRIBUTION_ITEM_KINDS, type SeasonKind } from 'shared-contracts/beneficiaries';
import type { SeedContext } from '../../db/seed';
import type { Database } from '../../db/tables';
import { seededRandom } from '../families';
import { ORGANISATION_FIXTURES, organisationIdByName } from '../organisations';
import {
  insertDistribution,
  insertEnrolments,
  insertSeason,
  loadEligibilityCandidates,
  updateBeneficiaryRow,
} from './repository';
import { evaluateEligibility } from './repository';
import type { StoredEligibility } from './tables';

/** Named demo seasons tests and e2e look for. */
export const SEASON_FIXTURES = {
  ramadanSeason: { name: 'سلة رمضان 1447', status: 'distributing' as const },
  eidSeason: { name: 'كسوة العيد 1447', status: 'approved' as const },
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The demo seasons (SEED_DEMO), after the demo families and organisations: «سلة رمضان 1447»
 * (distributing; the families its rule accepts enrolled, five handovers by the demo researcher,
 * one in cash) and «كسوة العيد 1447» (approved), both funded by the donor organisation.
 */
export async function seedSeasons(trx: Transaction<Database>, context: SeedContext): Promise<void> {
  if (!context.demo) return;
  const adminId = context.employees.get('admin') ?? 0;
  const researcherId = context.employees.get('researcher') ?? adminId;
  const funding = await organisationIdByName(trx, ORGANISATION_FIXTURES.donorOrganisation.name);
  const ramadanRule: StoredEligibility = {
    categories: [],
    max_per_capita_income: 1500,
    member_min_age: null,
    member_max_age: null,
    statuses: ['approved'],
  };
  const eidRule: StoredEligibility = {
    categories: ['orphans', 'widows', 'large_family', 'low_income'],
    max_per_capita_income: null,
    member_min_age: 3,
    member_max_age: 14,
    statuses: ['approved'],
  };
  const seasons = [
    {
      name: SEASON_FIXTURES.ramadanSeason.name,
      kind: 'ramadan_basket' satisfies SeasonKind,
      start_date: '2026-02-10',
      end_date: '2026-03-19',
      budget: 250000,
      rule: ramadanRule,
      status: 'distributing',
    },
    {
      name: SEASON_FIXTURES.eidSeason.name,
      kind: 'eid_clothing' satisfies SeasonKind,
      start_date: '2026-03-05',
      end_date: '2026-03-19',
      budget: 90000,
      rule: eidRule,
      status: 'approved',
    },
  ];
  const seasonIds: number[] = [];
  for (const season of seasons) {
    const row = await insertSeason(trx, {
      name: season.name,
      name_normalized: normaliseArabic(season.name),
      kind: season.kind,
      hijri_year: 1447,
      start_date: season.start_date,
      end_date: season.end_date,
      budget: season.budget,
      funding_org_id: funding,
      eligibility: JSON.stringify(season.rule),
      status: season.status,
      status_changed_at: new Date(Date.parse(`${season.start_date}T08:00:00.000Z`)),
      status_changed_by: adminId,
      notes: null,
      created_by: adminId,
      updated_by: adminId,
    });
    seasonIds.push(row.id);
  }

  // Enrol the families eligible for the Ramadan basket (as the API's "all eligible" would), one
  // by one in family order so the voucher codes and ids are the same on every new database.
  const [ramadanId] = seasonIds;
  if (ramadanId === undefined) throw new Error('the Ramadan season was not seeded');
  const ramadan = { id: ramadanId, kind: 'ramadan_basket' as const, hijri_year: 1447 };
  const { eligible } = evaluateEligibility(
    await loadEligibilityCandidates(trx, { statuses: ['approved'] }),
    { eligibility: ramadanRule, start_date: '2026-02-10' },
  );
  const voucherRandom = seededRandom(47);
  const enrolledAt = new Date('2026-02-12T09:00:00.000Z');
  const enrolments = [];
  for (const family of eligible)
    enrolments.push(
      ...(await insertEnrolments(
        trx,
        ramadan,
        [family.id],
        researcherId,
        enrolledAt,
        voucherRandom,
      )),
    );

  // The first few received their basket (one in cash).
  const foodBasket = DISTRIBUTION_ITEM_KINDS[0].code;
  for (const [index, enrolment] of enrolments.slice(0, 5).entries()) {
    const head = eligible.find((family) => family.id === enrolment.family_id);
    const cash = index === 4;
    await insertDistribution(
      trx,
      {
        season_id: ramadan.id,
        beneficiary_id: enrolment.id,
        family_id: enrolment.family_id,
        kind: cash ? 'cash' : 'items',
        cash_amount: cash ? 500 : null,
        distributed_at: addDays('2026-02-15', index),
        received_by_name: head?.head_name ?? '',
        received_by_national_id: head?.head_national_id ?? null,
        handed_over_by: researcherId,
        voucher_code: enrolment.voucher_code,
        notes: null,
        created_at: new Date(Date.parse(`${addDays('2026-02-15', index)}T10:00:00.000Z`)),
      },
      cash
        ? []
        : [
            { item: foodBasket, quantity: 1 },
            { item: 'dates', quantity: 2 },
          ],
    );
    await updateBeneficiaryRow(trx, enrolment.id, {
      status: 'received',
      status_changed_at: new Date(),
      status_changed_by: researcherId,
    });
  }
}
