/**
 * Synthetic families for the benches (`bench:search`, `bench:busy`): a head each (and a spouse for
 * about half), a category each, inserted with multi-row inserts straight into the tables, the
 * denormalised columns (`search_text`, counts, incomes) computed as the API would. Deterministic
 * for a seed, so two runs measure the same register.
 */
import type { Kysely } from 'kysely';
import { computeSaudiIdCheckDigit, normaliseArabic } from 'shared-contracts';
import {
  computeFamilyIncome,
  formatFileNumber,
  perCapitaIncome,
} from 'shared-contracts/beneficiaries';
import type { Database } from '../../src/db/tables';
import { buildFamilySearchText, seededRandom } from '../../src/modules/families';

// Spellings as people type them: with and without hamza, ى/ي, ة/ه.
export const MALE = [
  'محمد',
  'أحمد',
  'احمد',
  'عبدالله',
  'عبد الله',
  'خالد',
  'سعد',
  'فهد',
  'عبدالرحمن',
  'سلطان',
  'ناصر',
  'علي',
  'إبراهيم',
  'ابراهيم',
  'يوسف',
  'مصطفى',
  'مصطفي',
  'يحيى',
  'عيسى',
  'موسى',
  'حمد',
  'ماجد',
  'تركي',
  'بندر',
  'فيصل',
  'سليمان',
  'عمر',
  'صالح',
  'منصور',
  'إسماعيل',
  'حسن',
  'حسين',
  'زياد',
  'مشعل',
  'نايف',
  'راشد',
  'عادل',
  'وليد',
  'طلال',
  'هشام',
];
export const FEMALE = [
  'فاطمة',
  'فاطمه',
  'نورة',
  'نوره',
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
  'منى',
  'هدى',
  'سلمى',
];
export const SURNAMES = [
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
  'الشهري',
  'الشهراني',
  'القرني',
  'الأسمري',
  'البقمي',
  'الرويلي',
  'الحازمي',
  'المطرفي',
  'الثبيتي',
  'الحارثي',
  'السلمي',
  'الصاعدي',
  'المحمدي',
  'الجعيد',
  'الشريف',
  'الهاشمي',
  'الكعبي',
  'النعيمي',
  'الظفيري',
  'العجمي',
  'الهاجري',
  'المري',
  'الخثعمي',
  'العسيري',
  'الوادعي',
  'اليحيى',
  'آل سعود',
  'آل الشيخ',
  'الراشد',
  'البسام',
  'الجبر',
  'الحمدان',
  'السديري',
  'الدخيل',
  'الفوزان',
  'القصيبي',
  'العيسى',
  'المنصور',
  'الخضير',
  'التويجري',
];
export const CITIES: [string, string[]][] = [
  ['riyadh', ['riyadh_olaya', 'riyadh_malaz', 'riyadh_naseem', 'riyadh_shifa', 'riyadh_suwaidi']],
  ['jeddah', ['jeddah_safa', 'jeddah_marwah', 'jeddah_balad']],
  ['makkah', ['makkah_aziziyah', 'makkah_awali']],
  ['madinah', ['madinah_quba', 'madinah_awali']],
  ['dammam', ['dammam_faisaliyah', 'dammam_shati']],
  ['taif', ['taif_shihar']],
  ['abha', ['abha_mansak']],
];
const STATUSES: [string, number][] = [
  ['approved', 0.7],
  ['pending_review', 0.15],
  ['suspended', 0.05],
  ['rejected', 0.05],
  ['draft', 0.03],
  ['archived', 0.02],
];
export const CATEGORIES = [
  'low_income',
  'orphans',
  'widows',
  'divorced',
  'elderly',
  'disabled',
  'large_family',
];
/** The Hijri year of the synthetic file numbers (`F-1447-…`). */
export const SYNTHETIC_FILE_YEAR = 1447;

export function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function weighted(random: () => number): string {
  let roll = random();
  for (const [status, weight] of STATUSES) {
    if (roll < weight) return status;
    roll -= weight;
  }
  return 'approved';
}

/** A valid citizen ID (`1…`) from a serial. */
export function nationalId(serial: number): string {
  const firstNine = `1${String(serial).padStart(8, '0')}`;
  return `${firstNine}${computeSaudiIdCheckDigit(firstNine)}`;
}

function mobile(serial: number): string {
  return `+9665${String(50_000_000 + serial * 7)
    .padStart(8, '0')
    .slice(-8)}`;
}

export interface Sample {
  fileNumber: string;
  nationalId: string;
  phone: string;
}

export interface SyntheticFamiliesOptions {
  families: number;
  /** seededRandom seed (default 2025, what `bench:search` has always used). */
  seed?: number;
  /** Rows per multi-row insert (default 1000). */
  batch?: number;
  /** About how many samples to return, spread over the register (default 50). */
  samples?: number;
  /** Prints "N families…" every 20 batches (default true). */
  progress?: boolean;
}

/**
 * Inserts `families` synthetic families (file numbers `F-1447-1…N`, citizen IDs from serial
 * 10,000,001 up) into an empty register and returns a spread of samples to search for. The
 * caller runs VACUUM ANALYZE afterwards (and raises the file counter if the API will create more).
 */
export async function insertSyntheticFamilies(
  db: Kysely<Database>,
  options: SyntheticFamiliesOptions,
): Promise<Sample[]> {
  const {
    families,
    seed = 2025,
    batch = 1000,
    samples: sampleCount = 50,
    progress = true,
  } = options;
  const random = seededRandom(seed);
  const samples: Sample[] = [];
  // Every `step`-th family (offset 7 when there is room, as bench:search has always sampled).
  const step = Math.max(1, Math.floor(families / sampleCount));
  const sampleOffset = 7 % step;
  let memberSerial = 10_000_000;
  for (let offset = 0; offset < families; offset += batch) {
    const size = Math.min(batch, families - offset);
    const rows = [];
    const heads: {
      name: string;
      id: string;
      phone: string;
      gender: string;
      spouse: { name: string; id: string } | null;
      income: number;
      category: string;
    }[] = [];
    for (let i = 0; i < size; i += 1) {
      const index = offset + i;
      const female = random() < 0.2;
      const surname = pick(random, SURNAMES);
      const name = `${female ? pick(random, FEMALE) : pick(random, MALE)} ${pick(random, MALE)} ${pick(random, MALE)} ${surname}`;
      const id = nationalId((memberSerial += 1));
      const phone = mobile(index + 1);
      const spouse =
        !female && random() < 0.5
          ? {
              name: `${pick(random, FEMALE)} ${pick(random, MALE)} ${pick(random, MALE)} ${pick(random, SURNAMES)}`,
              id: nationalId((memberSerial += 1)),
            }
          : null;
      const income = 500 + Math.floor(random() * 60) * 100;
      heads.push({
        name,
        id,
        phone,
        gender: female ? 'female' : 'male',
        spouse,
        income,
        category: pick(random, CATEGORIES),
      });
      const fileNumber = formatFileNumber(SYNTHETIC_FILE_YEAR, index + 1);
      const count = spouse ? 2 : 1;
      const [city, districts] = pick(random, CITIES);
      const members = [
        { full_name: name, national_id: id, phone },
        ...(spouse ? [{ full_name: spouse.name, national_id: spouse.id, phone: null }] : []),
      ];
      rows.push({
        file_number: fileNumber,
        status: weighted(random),
        head_name: name,
        head_national_id: id,
        primary_phone: phone,
        city,
        district: pick(random, districts),
        housing_type: 'apartment',
        housing_ownership: 'rented',
        members_count: count,
        total_income: computeFamilyIncome([{ amount: income }]),
        per_capita_income: perCapitaIncome(income, count),
        consent_data_processing: true,
        next_reassessment_date: new Date(
          Date.UTC(2025, 0, 1) + Math.floor(random() * 900) * 86_400_000,
        )
          .toISOString()
          .slice(0, 10),
        search_text: buildFamilySearchText({
          file_number: fileNumber,
          primary_phone: phone,
          members,
        }),
        created_at: new Date(Date.UTC(2023, 0, 1) + Math.floor(random() * 1000 * 86_400_000)),
      });
      if (index % step === sampleOffset) samples.push({ fileNumber, nationalId: id, phone });
    }
    const inserted = await db
      .insertInto('families')
      .values(rows)
      .returning(['id', 'file_number'])
      .execute();
    const idOf = new Map(inserted.map((row) => [row.file_number, row.id]));
    const memberRows = [];
    const categoryRows = [];
    for (const [i, head] of heads.entries()) {
      const familyId = idOf.get(rows[i]?.file_number ?? '') as number;
      memberRows.push({
        family_id: familyId,
        relationship: 'head',
        full_name: head.name,
        name_normalized: normaliseArabic(head.name),
        national_id: head.id,
        id_type: 'national_id',
        gender: head.gender,
        birth_date: '1980-01-01',
        phone: head.phone,
      });
      if (head.spouse) {
        memberRows.push({
          family_id: familyId,
          relationship: 'spouse',
          full_name: head.spouse.name,
          name_normalized: normaliseArabic(head.spouse.name),
          national_id: head.spouse.id,
          id_type: 'national_id',
          gender: 'female',
          birth_date: '1985-01-01',
          phone: null,
        });
      }
      categoryRows.push({ family_id: familyId, category: head.category });
    }
    await db.insertInto('family_members').values(memberRows).execute();
    await db.insertInto('family_categories').values(categoryRows).execute();
    if (progress && (offset / batch) % 20 === 19)
      process.stdout.write(`  ${offset + size} families…\n`);
  }
  return samples;
}
