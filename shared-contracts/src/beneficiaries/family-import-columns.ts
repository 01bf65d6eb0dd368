import type { BeneficiaryLookupName } from './lookups';

/**
 * The columns of the import template and what each one fills in the `POST /families` body
 * (docs/family-import.md). A file's header may be the Arabic label or the field path; a coded
 * column takes the code or its Arabic label from its lookup list; a list column takes values
 * separated by `|`.
 */
export type ImportColumnKind =
  'text' | 'national_id' | 'phone' | 'date' | 'money' | 'boolean' | 'code' | 'codes';

export interface ImportColumn {
  /** The field path in the family body (`head.full_name`), or in a member for the members sheet. */
  readonly path: string;
  readonly label: string;
  readonly kind: ImportColumnKind;
  /** The lookup list of a coded column. */
  readonly lookup?: BeneficiaryLookupName;
  readonly required?: boolean;
  /** The example row of the template. */
  readonly example: string;
}

export const IMPORT_SHEET_NAMES = {
  families: 'الأسر',
  members: 'الأفراد',
  values: 'القيم المسموح بها',
} as const;

/** The families sheet: the head and the family's own fields, one family per row. */
export const FAMILY_IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    path: 'head.full_name',
    label: 'اسم رب الأسرة',
    kind: 'text',
    required: true,
    example: 'محمد عبدالله الأحمد',
  },
  {
    path: 'head.national_id',
    label: 'رقم هوية رب الأسرة',
    kind: 'national_id',
    required: true,
    example: '1000000008',
  },
  {
    path: 'head.gender',
    label: 'جنس رب الأسرة',
    kind: 'code',
    lookup: 'genders',
    required: true,
    example: 'ذكر',
  },
  {
    path: 'head.birth_date',
    label: 'تاريخ ميلاد رب الأسرة',
    kind: 'date',
    required: true,
    example: '15/03/1980',
  },
  {
    path: 'head.marital_status',
    label: 'الحالة الاجتماعية لرب الأسرة',
    kind: 'code',
    lookup: 'marital_statuses',
    example: 'متزوج / متزوجة',
  },
  {
    path: 'head.health_status',
    label: 'الحالة الصحية لرب الأسرة',
    kind: 'code',
    lookup: 'health_statuses',
    example: 'سليم',
  },
  {
    path: 'head.education_level',
    label: 'المستوى التعليمي لرب الأسرة',
    kind: 'code',
    lookup: 'education_levels',
    example: '',
  },
  {
    path: 'head.employment_status',
    label: 'الحالة الوظيفية لرب الأسرة',
    kind: 'code',
    lookup: 'employment_statuses',
    example: '',
  },
  { path: 'head.monthly_income', label: 'دخل رب الأسرة الشهري', kind: 'money', example: '' },
  { path: 'head.phone', label: 'جوال رب الأسرة', kind: 'phone', example: '' },
  {
    path: 'primary_phone',
    label: 'رقم الجوال الأساسي',
    kind: 'phone',
    required: true,
    example: '0501234567',
  },
  { path: 'alt_phone', label: 'رقم جوال بديل', kind: 'phone', example: '' },
  {
    path: 'city',
    label: 'المدينة',
    kind: 'code',
    lookup: 'cities',
    required: true,
    example: 'الرياض',
  },
  {
    path: 'district',
    label: 'الحي',
    kind: 'code',
    lookup: 'districts',
    required: true,
    example: 'العليا',
  },
  { path: 'address', label: 'العنوان', kind: 'text', example: '' },
  {
    path: 'housing_type',
    label: 'نوع السكن',
    kind: 'code',
    lookup: 'housing_types',
    required: true,
    example: 'شقة',
  },
  {
    path: 'housing_ownership',
    label: 'ملكية السكن',
    kind: 'code',
    lookup: 'housing_ownerships',
    required: true,
    example: 'ملك',
  },
  { path: 'monthly_rent', label: 'الإيجار الشهري', kind: 'money', example: '' },
  {
    path: 'categories',
    label: 'فئات الأسرة',
    kind: 'codes',
    lookup: 'family_categories',
    required: true,
    example: 'ذوو الدخل المحدود',
  },
  {
    path: 'consent_data_processing',
    label: 'الموافقة على معالجة البيانات',
    kind: 'boolean',
    required: true,
    example: 'نعم',
  },
  {
    path: 'consent_share_with_partners',
    label: 'الموافقة على المشاركة مع الجهات الشريكة',
    kind: 'boolean',
    example: 'لا',
  },
  { path: 'notes', label: 'ملاحظات', kind: 'text', example: '' },
];

/** The members sheet: one member per row, keyed by the national ID of their family's head. */
export const MEMBER_IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    path: 'head_national_id',
    label: 'رقم هوية رب الأسرة',
    kind: 'national_id',
    required: true,
    example: '1000000008',
  },
  {
    path: 'full_name',
    label: 'اسم الفرد',
    kind: 'text',
    required: true,
    example: 'سارة محمد الأحمد',
  },
  { path: 'national_id', label: 'رقم هوية الفرد', kind: 'national_id', example: '' },
  {
    path: 'relationship',
    label: 'صلة القرابة',
    kind: 'code',
    lookup: 'relationships',
    required: true,
    example: 'ابنة',
  },
  {
    path: 'gender',
    label: 'الجنس',
    kind: 'code',
    lookup: 'genders',
    required: true,
    example: 'أنثى',
  },
  {
    path: 'birth_date',
    label: 'تاريخ الميلاد',
    kind: 'date',
    required: true,
    example: '1432/05/10 هـ',
  },
  {
    path: 'marital_status',
    label: 'الحالة الاجتماعية',
    kind: 'code',
    lookup: 'marital_statuses',
    example: '',
  },
  {
    path: 'health_status',
    label: 'الحالة الصحية',
    kind: 'code',
    lookup: 'health_statuses',
    example: '',
  },
  {
    path: 'disabilities',
    label: 'الإعاقات',
    kind: 'codes',
    lookup: 'disability_types',
    example: '',
  },
  {
    path: 'education_level',
    label: 'المستوى التعليمي',
    kind: 'code',
    lookup: 'education_levels',
    example: '',
  },
  {
    path: 'employment_status',
    label: 'الحالة الوظيفية',
    kind: 'code',
    lookup: 'employment_statuses',
    example: '',
  },
  { path: 'monthly_income', label: 'الدخل الشهري', kind: 'money', example: '' },
  { path: 'phone', label: 'الجوال', kind: 'phone', example: '' },
];

/** How a list column's values are separated in one cell. */
export const IMPORT_LIST_SEPARATOR = '|';
/** The Arabic words a yes/no column takes besides true/false. */
export const IMPORT_YES = ['نعم', 'yes', 'true', '1', 'موافق'] as const;
export const IMPORT_NO = ['لا', 'no', 'false', '0', 'غير موافق'] as const;
