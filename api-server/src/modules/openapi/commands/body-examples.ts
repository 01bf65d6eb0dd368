import { computeSaudiIdCheckDigit } from 'shared-contracts';

/** A Saudi national ID whose check digit is right (the example's people are made up). */
function nationalId(firstNine: string): string {
  return `${firstNine}${computeSaudiIdCheckDigit(firstNine)}`;
}

const FAMILY_EXAMPLE = {
  head: {
    full_name: 'خالد سعد محمد الحربي',
    national_id: nationalId('108800001'),
    gender: 'male',
    birth_date: '1980-04-12',
    marital_status: 'married',
    education_level: 'secondary',
    employment_status: 'unemployed',
  },
  primary_phone: '0550000001',
  city: 'riyadh',
  district: 'riyadh_malaz',
  address: 'شارع الأمير سلطان',
  housing_type: 'apartment',
  housing_ownership: 'rented',
  monthly_rent: '2000.00',
  income_sources: [{ source: 'social_security', amount: '1500.00' }],
  categories: ['low_income'],
  needs: [{ need_type: 'food', priority: 'high' }],
  consent_data_processing: true,
  members: [
    {
      full_name: 'هيا علي ناصر الحربي',
      relationship: 'spouse',
      gender: 'female',
      birth_date: '1985-09-01',
      national_id: nationalId('108800002'),
    },
  ],
};

const SEMINAR_EXAMPLE = {
  title: 'إدارة ميزانية الأسرة',
  seminar_type_id: 1,
  venue: 'قاعة الجمعية',
  starts_at: '2026-12-01T17:30',
  ends_at: '2026-12-01T19:30',
  capacity: 30,
};

const TEMPLATE_EXAMPLE = {
  title: 'رضا الأسر عن الخدمة',
  purpose: 'satisfaction',
  target: 'family',
  questions: [{ key: 'satisfied', label: 'هل أنت راضٍ عن الخدمة؟', type: 'yes_no' }],
};

/**
 * The request-body examples a schema alone cannot produce: bodies whose rules span fields (a
 * venue or an online link, a head of family, age bands covering 0–120, at least one question).
 * Every other body's example is built from its schema (example.ts). The API tests check each
 * against the zod schema the handler parses with and send it to the API.
 */
export const BODY_EXAMPLES: Readonly<Record<string, unknown>> = {
  'POST /permission-groups': { name: 'مشرفو الندوات', permissions: ['show_seminars'] },
  'PUT /permission-groups/{id}': { name: 'مشرفو الندوات', permissions: ['show_seminars'] },
  'POST /calorie-settings': {
    note: 'تحديث الاحتياج اليومي',
    planning_figure: 2000,
    pregnancy_addition: 300,
    lactation_addition: 500,
    bands: [
      { sex: 'male', age_from: 0, age_to: 120, kcal: 2200 },
      { sex: 'female', age_from: 0, age_to: 120, kcal: 1900 },
    ],
  },
  'POST /families': FAMILY_EXAMPLE,
  'POST /families/bulk': { action: 'assign_researcher', researcher_id: 1, ids: [1, 2, 3] },
  'POST /services/bulk': { action: 'reject', reason: 'لا تنطبق عليها الشروط', ids: [1, 2] },
  'POST /seasons/{id}/beneficiaries/bulk': {
    action: 'record_distribution',
    kind: 'items',
    items: [{ item: 'food_basket', quantity: 1 }],
    distributed_at: '2026-03-01',
    ids: [1, 2, 3],
  },
  'POST /families/{id}/anonymise': {
    reason: 'طلب محو البيانات من صاحبها',
    file_number: 'F-1447-00001',
  },
  'POST /privacy/anonymise': {
    action: 'anonymise',
    reason: 'انقضت مدة الاحتفاظ بالبيانات',
    confirm_count: 2,
    ids: [1, 2],
  },
  'PUT /privacy/retention': { inactive_years: 5 },
  'PUT /families/{id}': FAMILY_EXAMPLE,
  'POST /family-members/{id}/move': {
    to_family_id: 1,
    relationship: 'son',
    reason: 'انتقل للعيش مع والده',
  },
  'POST /seasons/{id}/distributions': {
    kind: 'cash',
    beneficiary_id: 1,
    cash_amount: '250.00',
    distributed_at: '2026-03-01',
    received_by_name: 'خالد سعد الحربي',
  },
  'POST /seminars': SEMINAR_EXAMPLE,
  'PUT /seminars/{id}': SEMINAR_EXAMPLE,
  'POST /seminars/{id}/audience': { kind: 'member', member_id: 1 },
  'POST /survey-templates': TEMPLATE_EXAMPLE,
  'PUT /survey-templates/{id}': TEMPLATE_EXAMPLE,
};
