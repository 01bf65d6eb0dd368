import type { Transaction } from 'kysely';
import { computeSaudiIdCheckDigit, normaliseArabic, todayIso } from 'shared-contracts';
import {
  SAUDI_CITIES,
  formatFileNumber,
  hijriYearOf,
  type FamilyStatus,
} from 'shared-contracts/beneficiaries';
import type { SeedContext } from '../../db/seed';
import type { Database } from '../../db/tables';
import { recordActivities, type ActivityChanges } from '../activity-log';
import {
  findFamilyRow,
  insertDemoRows,
  insertFamily,
  raiseFileCounters,
  refreshFamilySummary,
} from './repository';

/**
 * Demo families (SEED_DEMO, new database only): 40 Arabic families with members, their status
 * history and timeline rows. Deterministic — a seeded random source and fixed dates — so e2e
 * tests and docs can rely on names, IDs and file numbers (`FAMILY_FIXTURES`). Only reassessment
 * dates that must stay in the future move with today's date.
 */

/** mulberry32: small, fast, good enough for demo data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A valid Saudi ID: `kind` digit (1 citizen, 2 resident), 8 digits from `serial`, Luhn check digit. */
export function demoNationalId(serial: number, kind: 1 | 2 = 1): string {
  const firstNine = `${kind}${String(serial % 100_000_000).padStart(8, '0')}`;
  return `${firstNine}${computeSaudiIdCheckDigit(firstNine)}`;
}

const MALE_NAMES = [
  'محمد',
  'عبدالله',
  'خالد',
  'سعد',
  'فهد',
  'عبدالرحمن',
  'سلطان',
  'ناصر',
  'علي',
  'إبراهيم',
  'يوسف',
  'حمد',
  'ماجد',
  'تركي',
  'بندر',
  'فيصل',
  'سليمان',
  'عمر',
  'صالح',
  'منصور',
];
const FEMALE_NAMES = [
  'نورة',
  'سارة',
  'مريم',
  'هيا',
  'عائشة',
  'منيرة',
  'لطيفة',
  'أمل',
  'ريم',
  'هند',
  'جواهر',
  'خديجة',
  'أسماء',
  'ليلى',
  'رقية',
  'شهد',
];
const FAMILY_NAMES = [
  'القحطاني',
  'العتيبي',
  'الغامدي',
  'الزهراني',
  'الدوسري',
  'الحربي',
  'المطيري',
  'الشمري',
  'العنزي',
  'السبيعي',
  'المالكي',
  'الجهني',
  'البلوي',
  'الرشيدي',
  'العمري',
  'الأحمدي',
  'الفيفي',
  'اليامي',
  'الخالدي',
  'السهلي',
];

/** Named demo families tests and e2e look for. */
export const FAMILY_FIXTURES = {
  /** Approved, Riyadh; written with hamza (أحمد) so a search for احمد must normalise. */
  ahmadFamily: {
    head_name: 'أحمد عبدالله سعد الشهري',
    head_national_id: demoNationalId(10_000_001),
    primary_phone: '+966551234567',
    file_number: 'F-1447-00001',
    status: 'approved' satisfies FamilyStatus,
  },
  /** Pending review; مصطفى with alef maqsura. */
  mustafaFamily: {
    head_name: 'مصطفى إبراهيم علي الغامدي',
    head_national_id: demoNationalId(10_000_002),
    primary_phone: '+966552345678',
    file_number: 'F-1447-00002',
    status: 'pending_review' satisfies FamilyStatus,
  },
  /** A widow heading an approved family of orphans; فاطمة with ta marbuta. */
  fatimaFamily: {
    head_name: 'فاطمة سالم حمد العتيبي',
    head_national_id: demoNationalId(10_000_003),
    primary_phone: '+966553456789',
    file_number: 'F-1447-00003',
    status: 'approved' satisfies FamilyStatus,
  },
  /** Suspended (with a reason). */
  suspendedFamily: { file_number: 'F-1447-00004', status: 'suspended' satisfies FamilyStatus },
  /** A draft (no phone, no city). */
  draftFamily: { file_number: 'F-1447-00005', status: 'draft' satisfies FamilyStatus },
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const REGISTRATION_START = Date.parse('2025-07-01T07:00:00.000Z');
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

interface SeedMember {
  full_name: string;
  relationship: string;
  gender: 'male' | 'female';
  birth_date: string;
  national_id: string | null;
  marital_status?: string;
  education_level?: string;
  employment_status?: string;
  health_status?: string;
  disabilities?: string[];
  is_pregnant?: boolean;
  phone?: string | null;
  monthly_income?: number | null;
}

interface SeedFamily {
  status: FamilyStatus;
  reason?: string;
  members: SeedMember[];
  primary_phone: string | null;
  city: string | null;
  district: string | null;
  housing_type: string | null;
  housing_ownership: string | null;
  monthly_rent: number | null;
  income: { source: string; amount: number; verified: boolean }[];
  categories: string[];
  needs: { need_type: string; priority: string; description: string | null }[];
  reassessment: string | null;
}

function pick<T>(random: () => number, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function birthDate(random: () => number, minAge: number, maxAge: number): string {
  const age = minAge + random() * (maxAge - minAge);
  const days = Math.floor(age * 365.25);
  return new Date(Date.parse('2026-01-01T00:00:00.000Z') - days * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

function demoPhone(random: () => number): string {
  let digits = '';
  for (let i = 0; i < 8; i += 1) digits += String(Math.floor(random() * 10));
  return `+9665${String(3 + Math.floor(random() * 7))}${digits.slice(0, 7)}`;
}

/** How many demo families there are. */
export const DEMO_FAMILY_COUNT = 40;

/** The 40 families, deterministic for a seed. */
export function demoFamilies(random: () => number): SeedFamily[] {
  let idSerial = 10_000_100;
  const nextId = (kind: 1 | 2 = 1) => demoNationalId((idSerial += 37), kind);
  const families: SeedFamily[] = [];
  const today = todayIso();
  // Statuses by position (after the five fixtures): mostly approved, some pending, a few others.
  const statusCycle: FamilyStatus[] = [
    'approved',
    'approved',
    'pending_review',
    'approved',
    'approved',
    'suspended',
    'approved',
    'rejected',
    'approved',
    'pending_review',
    'approved',
    'archived',
  ];

  for (let index = 0; index < DEMO_FAMILY_COUNT; index += 1) {
    const city =
      index < 3
        ? SAUDI_CITIES[index === 0 ? 0 : index === 1 ? 1 : 0]
        : pick(random, random() < 0.5 ? SAUDI_CITIES.slice(0, 2) : SAUDI_CITIES);
    const district = pick<{ code: string; label: string }>(random, city.districts);
    const familyName = pick(random, FAMILY_NAMES);
    const fatherName = pick(random, MALE_NAMES);
    const grandName = pick(random, MALE_NAMES);
    const femaleHeaded = index === 2 || (index > 4 && random() < 0.25);
    const status: FamilyStatus =
      index === 0
        ? 'approved'
        : index === 1
          ? 'pending_review'
          : index === 2
            ? 'approved'
            : index === 3
              ? 'suspended'
              : index === 4
                ? 'draft'
                : (statusCycle[(index - 5) % statusCycle.length] ?? 'approved');

    const members: SeedMember[] = [];
    let headName: string;
    let headId: string | null = index >= 5 && random() < 0.1 ? nextId(2) : nextId();
    if (index === 0) {
      headName = FAMILY_FIXTURES.ahmadFamily.head_name;
      headId = FAMILY_FIXTURES.ahmadFamily.head_national_id;
    } else if (index === 1) {
      headName = FAMILY_FIXTURES.mustafaFamily.head_name;
      headId = FAMILY_FIXTURES.mustafaFamily.head_national_id;
    } else if (index === 2) {
      headName = FAMILY_FIXTURES.fatimaFamily.head_name;
      headId = FAMILY_FIXTURES.fatimaFamily.head_national_id;
    } else {
      headName = `${femaleHeaded ? pick(random, FEMALE_NAMES) : pick(random, MALE_NAMES)} ${fatherName} ${grandName} ${familyName}`;
    }
    const headFamilyName = headName.split(' ').at(-1) ?? familyName;
    const headFirst = headName.split(' ')[0] ?? '';
    const primaryPhone =
      index === 0
        ? FAMILY_FIXTURES.ahmadFamily.primary_phone
        : index === 1
          ? FAMILY_FIXTURES.mustafaFamily.primary_phone
          : index === 2
            ? FAMILY_FIXTURES.fatimaFamily.primary_phone
            : demoPhone(random);
    const widow = femaleHeaded;
    const headAgeMin = widow ? 28 : 30;
    members.push({
      full_name: headName,
      relationship: 'head',
      gender: femaleHeaded ? 'female' : 'male',
      birth_date: birthDate(random, headAgeMin, index % 9 === 0 ? 70 : 58),
      national_id: headId,
      marital_status: widow ? (random() < 0.7 ? 'widowed' : 'divorced') : 'married',
      education_level: pick(random, [
        'illiterate',
        'primary',
        'intermediate',
        'secondary',
        'diploma',
      ]),
      employment_status: pick(
        random,
        widow
          ? ['homemaker', 'unemployed', 'self_employed']
          : ['employed', 'unemployed', 'retired', 'unable_to_work', 'self_employed'],
      ),
      phone: primaryPhone,
      ...(index % 7 === 3 ? { health_status: 'chronic_illness' } : {}),
    });
    if (!widow) {
      members.push({
        full_name: `${pick(random, FEMALE_NAMES)} ${pick(random, MALE_NAMES)} ${pick(random, MALE_NAMES)} ${pick(random, FAMILY_NAMES)}`,
        relationship: 'spouse',
        gender: 'female',
        birth_date: birthDate(random, 25, 50),
        national_id: nextId(),
        marital_status: 'married',
        education_level: pick(random, ['primary', 'intermediate', 'secondary', 'bachelor']),
        employment_status: 'homemaker',
        is_pregnant: index % 11 === 6,
      });
    }
    const children = index === 2 ? 4 : Math.floor(random() * 5);
    for (let child = 0; child < children; child += 1) {
      const son = random() < 0.5;
      const age = 1 + random() * 17;
      const disabled = index % 13 === 5 && child === 0;
      members.push({
        full_name: `${son ? pick(random, MALE_NAMES) : pick(random, FEMALE_NAMES)} ${femaleHeaded ? (index === 2 ? 'خالد' : pick(random, MALE_NAMES)) : headFirst} ${femaleHeaded ? pick(random, MALE_NAMES) : fatherName} ${headFamilyName}`,
        relationship: son ? 'son' : 'daughter',
        gender: son ? 'male' : 'female',
        birth_date: birthDate(random, age, age + 0.1),
        // Newborns often have no ID yet.
        national_id: age < 2 ? null : nextId(),
        marital_status: 'single',
        education_level:
          age < 6
            ? 'under_school_age'
            : age < 12
              ? 'primary'
              : age < 15
                ? 'intermediate'
                : 'secondary',
        employment_status: age < 15 ? 'not_applicable' : 'student',
        ...(disabled ? { health_status: 'disabled', disabilities: ['physical'] } : {}),
      });
    }
    if (index % 10 === 8) {
      members.push({
        full_name: `${pick(random, FEMALE_NAMES)} ${pick(random, MALE_NAMES)} ${pick(random, MALE_NAMES)} ${headFamilyName}`,
        relationship: 'mother',
        gender: 'female',
        birth_date: birthDate(random, 68, 85),
        national_id: nextId(),
        marital_status: 'widowed',
        education_level: 'illiterate',
        employment_status: 'unable_to_work',
        health_status: 'bedridden',
      });
    }

    const rented = random() < 0.55;
    const income: SeedFamily['income'] = [];
    if (random() < 0.6)
      income.push({
        source: 'social_security',
        amount: 800 + Math.round(random() * 12) * 100,
        verified: true,
      });
    if (random() < 0.5)
      income.push({
        source: 'citizen_account',
        amount: 300 + Math.round(random() * 10) * 50,
        verified: random() < 0.7,
      });
    if (!widow && random() < 0.4)
      income.push({
        source: 'salary',
        amount: 2500 + Math.round(random() * 20) * 100,
        verified: false,
      });
    if (income.length === 0)
      income.push({
        source: widow ? 'alimony' : 'relatives_support',
        amount: 500 + Math.round(random() * 10) * 100,
        verified: false,
      });

    const categories = new Set<string>();
    if (widow) categories.add(index === 2 || random() < 0.6 ? 'widows' : 'divorced');
    if (widow && (index === 2 || random() < 0.5)) categories.add('orphans');
    if (members.length >= 7) categories.add('large_family');
    if (members.some((member) => member.health_status === 'disabled')) categories.add('disabled');
    if (members.some((member) => member.health_status === 'chronic_illness'))
      categories.add('chronic_illness');
    if (categories.size === 0 || random() < 0.4) categories.add('low_income');

    const needs: SeedFamily['needs'] = [];
    if (random() < 0.7)
      needs.push({ need_type: 'food', priority: 'high', description: 'سلة غذائية شهرية' });
    if (rented && random() < 0.5)
      needs.push({
        need_type: 'rent',
        priority: 'urgent',
        description: 'متأخرات إيجار لثلاثة أشهر',
      });
    if (random() < 0.3)
      needs.push({ need_type: 'appliances', priority: 'medium', description: 'ثلاجة' });

    // Overdue reassessments (fixed past dates) for a handful of approved families.
    const overdue = status === 'approved' && (index === 0 || index % 6 === 1);
    const reassessment = overdue
      ? addDays('2025-09-01', index * 3)
      : status === 'draft' || status === 'archived'
        ? null
        : addDays(today, 30 + ((index * 17) % 300));

    const draft = status === 'draft';
    families.push({
      status,
      reason:
        status === 'suspended'
          ? 'لم تُحدَّث بيانات الدخل بعد انتهاء مدة التقييم'
          : status === 'rejected'
            ? 'الدخل يتجاوز الحد المعتمد للمساعدة'
            : status === 'archived'
              ? 'انتقلت الأسرة إلى خارج نطاق خدمة الجمعية'
              : undefined,
      members,
      primary_phone: draft ? null : primaryPhone,
      city: draft ? null : city.code,
      district: draft ? null : district.code,
      housing_type: draft
        ? null
        : pick(random, ['apartment', 'apartment', 'traditional_house', 'floor', 'room']),
      housing_ownership: draft
        ? null
        : rented
          ? 'rented'
          : pick(random, ['owned', 'with_relatives', 'charity']),
      monthly_rent: !draft && rented ? 1200 + Math.round(random() * 28) * 100 : null,
      income: draft ? [] : income,
      categories: [...categories],
      needs,
      reassessment,
    });
  }
  return families;
}

/** Inserts the demo families (SEED_DEMO) in the seed transaction. */
export async function seedFamilies(
  trx: Transaction<Database>,
  context: SeedContext,
): Promise<void> {
  if (!context.demo) return;
  const adminId = context.employees.get('admin') ?? 0;
  const researcherId = context.employees.get('researcher') ?? adminId;
  const random = seededRandom(1447);
  const families = demoFamilies(random);
  const counters = new Map<number, number>();

  for (const [index, family] of families.entries()) {
    const createdAt = new Date(REGISTRATION_START + index * 9 * DAY_MS);
    const year = hijriYearOf(createdAt);
    const sequence = (counters.get(year) ?? 0) + 1;
    counters.set(year, sequence);
    const fileNumber = formatFileNumber(year, sequence);
    const createdDate = createdAt.toISOString().slice(0, 10);
    const submitted = family.status !== 'draft';
    const reviewedAt = new Date(createdAt.getTime() + 6 * DAY_MS);
    const finalAt =
      family.status === 'suspended' || family.status === 'archived'
        ? new Date(createdAt.getTime() + 40 * DAY_MS)
        : reviewedAt;
    const byResearcher = family.status === 'draft' || family.status === 'pending_review';
    const { id } = await insertFamily(trx, {
      file_number: fileNumber,
      status: family.status,
      status_reason: family.reason ?? null,
      status_changed_at: byResearcher ? createdAt : finalAt,
      status_changed_by: byResearcher ? researcherId : adminId,
      primary_phone: family.primary_phone,
      city: family.city,
      district: family.district,
      address: family.city ? 'بجوار مسجد الحي' : null,
      housing_type: family.housing_type,
      housing_ownership: family.housing_ownership,
      monthly_rent: family.monthly_rent,
      consent_data_processing: submitted,
      consent_share_with_partners: submitted && index % 3 !== 0,
      consent_date: submitted ? createdAt : null,
      consent_by: submitted ? researcherId : null,
      assigned_researcher_id: researcherId,
      next_reassessment_date: family.reassessment,
      notes: index === 0 ? 'زيارة ميدانية منتظمة كل ستة أشهر' : null,
      created_at: createdAt,
      created_by: researcherId,
      updated_at: finalAt,
      updated_by: byResearcher ? researcherId : adminId,
    });
    const archived = family.status === 'archived';
    await insertDemoRows(trx, {
      members: family.members.map((member) => ({
        family_id: id,
        relationship: member.relationship,
        full_name: member.full_name,
        name_normalized: normaliseArabic(member.full_name),
        national_id: member.national_id,
        id_type: member.national_id
          ? member.national_id.startsWith('1')
            ? 'national_id'
            : 'iqama'
          : null,
        gender: member.gender,
        birth_date: member.birth_date,
        marital_status: member.marital_status ?? null,
        health_status: member.health_status ?? null,
        disabilities: member.disabilities ?? [],
        education_level: member.education_level ?? null,
        employment_status: member.employment_status ?? null,
        monthly_income: member.monthly_income ?? null,
        is_pregnant: member.is_pregnant ?? false,
        phone: member.phone ?? null,
        active: !archived,
        start_date: createdDate,
        end_date: archived ? finalAt.toISOString().slice(0, 10) : null,
        end_reason: archived ? 'family_archived' : null,
        created_at: createdAt,
        created_by: researcherId,
        updated_at: createdAt,
        updated_by: researcherId,
      })),
      incomeSources: family.income.map((source, position) => ({
        family_id: id,
        ...source,
        position,
      })),
      needs: family.needs.map((need, position) => ({ family_id: id, ...need, position })),
      categories: family.categories.map((category) => ({ family_id: id, category })),
    });

    // Status history: registration, then the review, then a later suspension/archival.
    const history: {
      from_status: string | null;
      to_status: string;
      reason: string | null;
      at: Date;
      by: number;
    }[] = [
      {
        from_status: null,
        to_status: submitted ? 'pending_review' : 'draft',
        reason: null,
        at: createdAt,
        by: researcherId,
      },
    ];
    if (['approved', 'suspended', 'archived'].includes(family.status)) {
      history.push({
        from_status: 'pending_review',
        to_status: 'approved',
        reason: null,
        at: reviewedAt,
        by: adminId,
      });
    }
    if (family.status === 'rejected') {
      history.push({
        from_status: 'pending_review',
        to_status: 'rejected',
        reason: family.reason ?? null,
        at: reviewedAt,
        by: adminId,
      });
    }
    if (family.status === 'suspended' || family.status === 'archived') {
      history.push({
        from_status: 'approved',
        to_status: family.status,
        reason: family.reason ?? null,
        at: finalAt,
        by: adminId,
      });
    }
    await insertDemoRows(trx, { history: history.map((entry) => ({ family_id: id, ...entry })) });
    await refreshFamilySummary(trx, id);
    const headName = (await findFamilyRow(trx, id))?.head_name ?? '';
    const changesOf = (entry: (typeof history)[number]): ActivityChanges =>
      entry.from_status === null
        ? { file_number: [null, fileNumber], status: [null, entry.to_status] }
        : {
            status: [entry.from_status, entry.to_status],
            ...(entry.reason ? { status_reason: [null, entry.reason] } : {}),
          };
    await recordActivities(
      trx,
      history.map((entry) => ({
        at: entry.at,
        employeeId: entry.by,
        action: entry.from_status === null ? 'create' : 'status_change',
        entityType: 'family',
        entityId: id,
        entityLabel: `أسرة ${fileNumber} — ${headName}`,
        changes: changesOf(entry),
        meta: { ip: '127.0.0.1', userAgent: 'seed' },
        familyId: id,
      })),
    );
  }
  await raiseFileCounters(trx, counters);
}
