import { computeSaudiIdCheckDigit, type PermissionKey } from 'shared-contracts';
import {
  type FamilyMember,
  type FamilyRecord,
  type MemberMoveResponse,
} from 'shared-contracts/beneficiaries';

export interface TestEmployee {
  id: number;
  name: string;
  email: string;
  active: boolean;
  is_active: boolean;
  permissions: string[];
  role: string | null;
}

const ALL_KEYS: PermissionKey[] = [
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

export function employee(permissions: PermissionKey[] = ALL_KEYS): TestEmployee {
  return {
    id: 1,
    name: 'نورة الباحثة',
    email: 'noura@example.org',
    active: true,
    is_active: true,
    permissions,
    role: null,
  };
}

/** A valid Saudi ID from its first nine digits. */
export function saudiId(firstNine: string): string {
  return `${firstNine}${computeSaudiIdCheckDigit(firstNine)}`;
}

export const HEAD_ID = saudiId('104567891');
export const SPOUSE_ID = saudiId('104567892');
const NOW = '2025-03-01T08:00:00.000Z';

export function member(overrides: Partial<FamilyMember> = {}): FamilyMember {
  return {
    id: 11,
    family_id: 7,
    family_file_number: 'F-1446-00007',
    family_status: 'approved',
    full_name: 'محمد أحمد علي الشهري',
    full_name_en: null,
    national_id: HEAD_ID,
    id_type: 'national_id',
    id_expiry_date: null,
    relationship: 'head',
    gender: 'male',
    birth_date: '1980-05-01',
    age: 44,
    marital_status: { code: 'married', label: 'متزوج / متزوجة' },
    health_status: { code: 'healthy', label: 'سليم' },
    disabilities: [],
    education_level: null,
    employment_status: null,
    occupation: null,
    monthly_income: null,
    is_pregnant: false,
    is_lactating: false,
    phone: null,
    city: { code: 'riyadh', label: 'الرياض' },
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

/** A family as `GET /families/{id}` answers it (the detail, its enrolments and handovers). */
export function familyDetail(overrides: Partial<FamilyRecord> = {}): FamilyRecord {
  return {
    id: 7,
    file_number: 'F-1446-00007',
    status: 'pending_review',
    status_reason: null,
    status_changed_at: NOW,
    head_name: 'محمد أحمد علي الشهري',
    head_national_id: HEAD_ID,
    primary_phone: '+966501234567',
    members_count: 2,
    total_income: 3000,
    per_capita_income: 1500,
    city: { code: 'riyadh', label: 'الرياض' },
    district: { code: 'riyadh_olaya', label: 'العليا' },
    categories: [{ code: 'low_income', label: 'ذوو الدخل المحدود' }],
    researcher: { id: 5, name: 'سارة الباحثة' },
    next_reassessment_date: '2026-01-01',
    reassessment_overdue: false,
    created_at: NOW,
    updated_at: NOW,
    alt_phone: null,
    address: 'شارع العليا',
    national_address_short_code: 'RRRD2929',
    housing_type: { code: 'apartment', label: 'شقة' },
    housing_ownership: 'rented',
    monthly_rent: 1500,
    income_sources: [
      {
        id: 1,
        source: { code: 'salary', label: 'راتب' },
        amount: 3000,
        verified: true,
        notes: null,
      },
    ],
    needs: [],
    consent_data_processing: true,
    consent_share_with_partners: false,
    consent_date: NOW,
    consent_by: { id: 1, name: 'نورة الباحثة' },
    notes: null,
    members: [
      member(),
      member({
        id: 12,
        full_name: 'فاطمة صالح محمد الشهري',
        national_id: SPOUSE_ID,
        relationship: 'spouse',
        gender: 'female',
        birth_date: '1985-01-01',
        age: 40,
      }),
    ],
    status_history: [
      {
        from: null,
        to: 'pending_review',
        reason: null,
        at: NOW,
        by: { id: 1, name: 'نورة الباحثة' },
      },
    ],
    created_by: { id: 1, name: 'نورة الباحثة' },
    updated_by: null,
    seasons: [],
    distributions: [],
    ...overrides,
  };
}

/** The answer of a family write (create, update, status change): `{ message, data, warnings }`. */
export function familyWritten(family: FamilyRecord) {
  return { message: 'حُفظت بيانات الأسرة', data: family, warnings: [] };
}

/** The answer of `POST /family-members/{id}/move`: the recorded move and the member as it is now. */
export function memberMoved(moved: FamilyMember, fromFamilyId = 7): MemberMoveResponse {
  return {
    message: 'نُقل الفرد',
    data: {
      id: 1,
      member_id: moved.id,
      from_member_id: moved.id,
      from_family: { id: fromFamilyId, file_number: 'F-1446-00007' },
      to_family: { id: moved.family_id, file_number: moved.family_file_number },
      from_relationship: 'spouse',
      to_relationship: moved.relationship ?? 'other',
      reason: 'انتقلت للعيش مع أخيها',
      effective_date: '2025-03-01',
      at: NOW,
      by: { id: 1, name: 'نورة الباحثة' },
      member: moved,
    },
  };
}

/** A complete, valid wizard draft's step data (steps 1–5), as the forms store it. */
export function completeStepsData(): unknown[] {
  return [
    {
      head: {
        full_name: 'محمد أحمد علي الشهري',
        national_id: HEAD_ID,
        gender: 'male',
        birth_date: '1980-05-01',
        marital_status: 'married',
        education_level: '',
        employment_status: '',
        phone: '',
        is_pregnant: false,
        is_lactating: false,
      },
    },
    {
      primary_phone: '0501234567',
      alt_phone: '',
      city: 'riyadh',
      district: 'riyadh_olaya',
      address: 'شارع العليا',
      national_address_short_code: '',
    },
    {
      housing_type: 'apartment',
      housing_ownership: 'rented',
      monthly_rent: '1500',
      income_sources: [{ source: 'salary', amount: '3000', verified: false }],
    },
    {
      members: [
        {
          full_name: 'فاطمة صالح محمد الشهري',
          national_id: SPOUSE_ID,
          relationship: 'spouse',
          gender: 'female',
          birth_date: '1985-01-01',
          marital_status: 'married',
          health_status: '',
          disabilities: [],
          education_level: '',
          employment_status: '',
          occupation: '',
          monthly_income: '',
          is_pregnant: false,
          is_lactating: false,
          phone: '',
        },
      ],
    },
    {
      categories: ['low_income'],
      needs: [],
      consent_data_processing: true,
      consent_share_with_partners: false,
      assigned_researcher_id: '',
      next_reassessment_date: '',
      notes: '',
    },
  ];
}
