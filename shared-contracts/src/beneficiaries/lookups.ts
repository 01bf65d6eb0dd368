/**
 * The beneficiaries lookup lists, as data: a stable `code` (what the API stores and the schemas
 * validate) and the Arabic `label` (what people see).
 *
 * Two kinds (see `BENEFICIARY_LOOKUPS`):
 * - editable lists (categories, cities, need types…): the API seeds its lookup tables from these
 *   arrays; admins may then add entries or edit labels, so the forms read them from the API and
 *   these arrays are only the seed and the offline fallback. Schemas validate their codes by shape
 *   (`lookupCodeSchema`) and the API checks existence.
 * - fixed lists (statuses, gender, relationship, housing ownership, priority, organisation type,
 *   season kind…): business rules depend on the codes, so the schemas enumerate them and API
 *   responses return bare codes (labels come from here). Admins may relabel, not add or remove.
 */

export interface LookupItem {
  readonly code: string;
  readonly label: string;
}

export interface CityItem extends LookupItem {
  readonly districts: readonly LookupItem[];
}

/** The label of `code` in `list`; the code itself when unknown (so a new code still shows); '' for no code. */
export function labelOf(list: readonly LookupItem[], code: string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '';
  return list.find((item) => item.code === code)?.label ?? code;
}

/** True when `code` is one of the list's codes. */
export function isKnownCode(list: readonly LookupItem[], code: unknown): boolean {
  return typeof code === 'string' && list.some((item) => item.code === code);
}

/** The codes of a list, in order (typed as the list's literal codes). */
export function codesOf<const L extends readonly LookupItem[]>(list: L): L[number]['code'][] {
  return list.map((item) => item.code);
}

// ---------------------------------------------------------------------------------------------
// Families
// ---------------------------------------------------------------------------------------------

/** فئات الأسر (editable; a family can be in several). */
export const FAMILY_CATEGORIES = [
  { code: 'orphans', label: 'أيتام' },
  { code: 'widows', label: 'أرامل' },
  { code: 'divorced', label: 'مطلقات' },
  { code: 'abandoned', label: 'أسر مهجورة (معلّقات)' },
  { code: 'elderly', label: 'كبار السن' },
  { code: 'disabled', label: 'ذوو الإعاقة' },
  { code: 'chronic_illness', label: 'مرضى مزمنون' },
  { code: 'low_income', label: 'ذوو الدخل المحدود' },
  { code: 'prisoners_family', label: 'أسر السجناء' },
  { code: 'debtors', label: 'الغارمون' },
  { code: 'large_family', label: 'أسر كبيرة العدد' },
] as const satisfies readonly LookupItem[];

/** أنواع السكن (editable). */
export const HOUSING_TYPES = [
  { code: 'villa', label: 'فيلا' },
  { code: 'apartment', label: 'شقة' },
  { code: 'floor', label: 'دور' },
  { code: 'traditional_house', label: 'بيت شعبي' },
  { code: 'room', label: 'غرفة' },
  { code: 'tent_caravan', label: 'خيمة أو كرفان' },
  { code: 'other', label: 'أخرى' },
] as const satisfies readonly LookupItem[];

/** ملكية السكن (fixed: `rented` makes the monthly rent required). */
export const HOUSING_OWNERSHIPS = [
  { code: 'owned', label: 'ملك' },
  { code: 'rented', label: 'مستأجر' },
  { code: 'endowment', label: 'وقف' },
  { code: 'with_relatives', label: 'مع الأقارب' },
  { code: 'government', label: 'سكن حكومي' },
  { code: 'charity', label: 'سكن خيري' },
  { code: 'other', label: 'أخرى' },
] as const satisfies readonly LookupItem[];
export type HousingOwnership = (typeof HOUSING_OWNERSHIPS)[number]['code'];
export const RENTED_OWNERSHIP: HousingOwnership = 'rented';

/** مصادر الدخل (editable). */
export const INCOME_SOURCE_TYPES = [
  { code: 'salary', label: 'راتب' },
  { code: 'retirement', label: 'تقاعد' },
  { code: 'social_security', label: 'الضمان الاجتماعي' },
  { code: 'citizen_account', label: 'حساب المواطن' },
  { code: 'gosi', label: 'التأمينات الاجتماعية' },
  { code: 'disability_allowance', label: 'إعانة ذوي الإعاقة' },
  { code: 'alimony', label: 'نفقة' },
  { code: 'charity_aid', label: 'مساعدة جهة خيرية' },
  { code: 'relatives_support', label: 'مساعدة الأقارب' },
  { code: 'self_employment', label: 'عمل حر' },
  { code: 'other', label: 'أخرى' },
] as const satisfies readonly LookupItem[];

/** أنواع الاحتياجات (editable). */
export const NEED_TYPES = [
  { code: 'food', label: 'مواد غذائية' },
  { code: 'rent', label: 'سداد إيجار' },
  { code: 'bills', label: 'فواتير الكهرباء والماء' },
  { code: 'medical', label: 'علاج' },
  { code: 'medical_devices', label: 'أجهزة طبية' },
  { code: 'furniture', label: 'أثاث' },
  { code: 'appliances', label: 'أجهزة كهربائية' },
  { code: 'housing_repair', label: 'ترميم المسكن' },
  { code: 'education', label: 'رسوم ومستلزمات دراسية' },
  { code: 'clothing', label: 'كسوة' },
  { code: 'debt_relief', label: 'سداد ديون' },
  { code: 'employment', label: 'توظيف وتأهيل' },
  { code: 'transport', label: 'مواصلات' },
  { code: 'other', label: 'أخرى' },
] as const satisfies readonly LookupItem[];

/** أولوية الاحتياج (fixed). */
export const NEED_PRIORITIES = [
  { code: 'low', label: 'منخفضة' },
  { code: 'medium', label: 'متوسطة' },
  { code: 'high', label: 'عالية' },
  { code: 'urgent', label: 'عاجلة' },
] as const satisfies readonly LookupItem[];
export type NeedPriority = (typeof NEED_PRIORITIES)[number]['code'];

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

/** صلة القرابة برب الأسرة (fixed: `head` is the head of family, exactly one per family). */
export const RELATIONSHIPS = [
  { code: 'head', label: 'رب الأسرة' },
  { code: 'spouse', label: 'زوج / زوجة' },
  { code: 'son', label: 'ابن' },
  { code: 'daughter', label: 'ابنة' },
  { code: 'father', label: 'أب' },
  { code: 'mother', label: 'أم' },
  { code: 'brother', label: 'أخ' },
  { code: 'sister', label: 'أخت' },
  { code: 'grandchild', label: 'حفيد / حفيدة' },
  { code: 'other', label: 'أخرى' },
] as const satisfies readonly LookupItem[];
export type Relationship = (typeof RELATIONSHIPS)[number]['code'];

/** الجنس (fixed). */
export const GENDERS = [
  { code: 'male', label: 'ذكر' },
  { code: 'female', label: 'أنثى' },
] as const satisfies readonly LookupItem[];
export type Gender = (typeof GENDERS)[number]['code'];

/** The gender a relationship implies (used to catch "son" entered as female). */
export const RELATIONSHIP_GENDER: Partial<Record<Relationship, Gender>> = {
  son: 'male',
  daughter: 'female',
  father: 'male',
  mother: 'female',
  brother: 'male',
  sister: 'female',
};

/** نوع الهوية (fixed; derived from the first digit of a Saudi ID). */
export const ID_TYPES = [
  { code: 'national_id', label: 'هوية وطنية' },
  { code: 'iqama', label: 'إقامة' },
] as const satisfies readonly LookupItem[];
export type IdType = (typeof ID_TYPES)[number]['code'];

/** الحالة الاجتماعية (editable). */
export const MARITAL_STATUSES = [
  { code: 'single', label: 'أعزب / عزباء' },
  { code: 'married', label: 'متزوج / متزوجة' },
  { code: 'divorced', label: 'مطلق / مطلقة' },
  { code: 'widowed', label: 'أرمل / أرملة' },
  { code: 'separated', label: 'منفصل / منفصلة' },
] as const satisfies readonly LookupItem[];

/** الحالة الصحية (editable; sensitive data). */
export const HEALTH_STATUSES = [
  { code: 'healthy', label: 'سليم' },
  { code: 'chronic_illness', label: 'مرض مزمن' },
  { code: 'disabled', label: 'ذو إعاقة' },
  { code: 'bedridden', label: 'طريح الفراش' },
] as const satisfies readonly LookupItem[];

/** أنواع الإعاقة (editable; sensitive data). */
export const DISABILITY_TYPES = [
  { code: 'physical', label: 'حركية' },
  { code: 'visual', label: 'بصرية' },
  { code: 'hearing', label: 'سمعية' },
  { code: 'speech', label: 'نطقية' },
  { code: 'intellectual', label: 'ذهنية' },
  { code: 'autism', label: 'اضطراب طيف التوحد' },
  { code: 'multiple', label: 'متعددة' },
  { code: 'other', label: 'أخرى' },
] as const satisfies readonly LookupItem[];

/** المستوى التعليمي (editable). */
export const EDUCATION_LEVELS = [
  { code: 'under_school_age', label: 'دون سن الدراسة' },
  { code: 'illiterate', label: 'أمي' },
  { code: 'literate', label: 'يقرأ ويكتب' },
  { code: 'kindergarten', label: 'روضة' },
  { code: 'primary', label: 'ابتدائي' },
  { code: 'intermediate', label: 'متوسط' },
  { code: 'secondary', label: 'ثانوي' },
  { code: 'diploma', label: 'دبلوم' },
  { code: 'bachelor', label: 'بكالوريوس' },
  { code: 'postgraduate', label: 'دراسات عليا' },
] as const satisfies readonly LookupItem[];

/** الحالة الوظيفية (editable). */
export const EMPLOYMENT_STATUSES = [
  { code: 'employed', label: 'موظف' },
  { code: 'self_employed', label: 'عمل حر' },
  { code: 'unemployed', label: 'عاطل عن العمل' },
  { code: 'retired', label: 'متقاعد' },
  { code: 'student', label: 'طالب' },
  { code: 'homemaker', label: 'ربة منزل' },
  { code: 'unable_to_work', label: 'غير قادر على العمل' },
  { code: 'not_applicable', label: 'لا ينطبق (طفل)' },
] as const satisfies readonly LookupItem[];

// ---------------------------------------------------------------------------------------------
// Places
// ---------------------------------------------------------------------------------------------

/**
 * Cities of Saudi Arabia with a few districts each (editable seed; the API keeps cities and
 * districts in one hierarchical area table). District codes are globally unique: `<city>_<district>`.
 */
export const SAUDI_CITIES = [
  {
    code: 'riyadh',
    label: 'الرياض',
    districts: [
      { code: 'riyadh_olaya', label: 'العليا' },
      { code: 'riyadh_malaz', label: 'الملز' },
      { code: 'riyadh_naseem', label: 'النسيم' },
      { code: 'riyadh_shifa', label: 'الشفا' },
      { code: 'riyadh_suwaidi', label: 'السويدي' },
      { code: 'riyadh_aziziyah', label: 'العزيزية' },
      { code: 'riyadh_rawdah', label: 'الروضة' },
    ],
  },
  {
    code: 'jeddah',
    label: 'جدة',
    districts: [
      { code: 'jeddah_safa', label: 'الصفا' },
      { code: 'jeddah_marwah', label: 'المروة' },
      { code: 'jeddah_balad', label: 'البلد' },
      { code: 'jeddah_rawdah', label: 'الروضة' },
      { code: 'jeddah_aziziyah', label: 'العزيزية' },
      { code: 'jeddah_nuzhah', label: 'النزهة' },
    ],
  },
  {
    code: 'makkah',
    label: 'مكة المكرمة',
    districts: [
      { code: 'makkah_aziziyah', label: 'العزيزية' },
      { code: 'makkah_shawqiyah', label: 'الشوقية' },
      { code: 'makkah_awali', label: 'العوالي' },
      { code: 'makkah_misfalah', label: 'المسفلة' },
      { code: 'makkah_nawariyah', label: 'النوارية' },
    ],
  },
  {
    code: 'madinah',
    label: 'المدينة المنورة',
    districts: [
      { code: 'madinah_quba', label: 'قباء' },
      { code: 'madinah_aziziyah', label: 'العزيزية' },
      { code: 'madinah_awali', label: 'العوالي' },
      { code: 'madinah_sultanah', label: 'السلطانة' },
      { code: 'madinah_harrah_sharqiyah', label: 'الحرة الشرقية' },
    ],
  },
  {
    code: 'dammam',
    label: 'الدمام',
    districts: [
      { code: 'dammam_faisaliyah', label: 'الفيصلية' },
      { code: 'dammam_shati', label: 'الشاطئ' },
      { code: 'dammam_adamah', label: 'العدامة' },
      { code: 'dammam_jalawiyah', label: 'الجلوية' },
      { code: 'dammam_taybah', label: 'طيبة' },
    ],
  },
  {
    code: 'khobar',
    label: 'الخبر',
    districts: [
      { code: 'khobar_thuqbah', label: 'الثقبة' },
      { code: 'khobar_aqrabiyah', label: 'العقربية' },
      { code: 'khobar_rakah', label: 'الراكة' },
    ],
  },
  {
    code: 'ahsa',
    label: 'الأحساء',
    districts: [
      { code: 'ahsa_hufuf', label: 'الهفوف' },
      { code: 'ahsa_mubarraz', label: 'المبرز' },
      { code: 'ahsa_oyoun', label: 'العيون' },
    ],
  },
  {
    code: 'taif',
    label: 'الطائف',
    districts: [
      { code: 'taif_shihar', label: 'شهار' },
      { code: 'taif_hawiyah', label: 'الحوية' },
      { code: 'taif_faisaliyah', label: 'الفيصلية' },
      { code: 'taif_qumariyah', label: 'القمرية' },
    ],
  },
  {
    code: 'tabuk',
    label: 'تبوك',
    districts: [
      { code: 'tabuk_muruj', label: 'المروج' },
      { code: 'tabuk_faisaliyah', label: 'الفيصلية' },
      { code: 'tabuk_rawdah', label: 'الروضة' },
      { code: 'tabuk_sulaimaniyah', label: 'السليمانية' },
    ],
  },
  {
    code: 'buraydah',
    label: 'بريدة',
    districts: [
      { code: 'buraydah_iskan', label: 'الإسكان' },
      { code: 'buraydah_safra', label: 'الصفراء' },
      { code: 'buraydah_rayyan', label: 'الريان' },
      { code: 'buraydah_khaleej', label: 'الخليج' },
    ],
  },
  {
    code: 'abha',
    label: 'أبها',
    districts: [
      { code: 'abha_mansak', label: 'المنسك' },
      { code: 'abha_khalidiyah', label: 'الخالدية' },
      { code: 'abha_muftaha', label: 'المفتاحة' },
      { code: 'abha_wardatayn', label: 'الوردتين' },
    ],
  },
  {
    code: 'khamis_mushait',
    label: 'خميس مشيط',
    districts: [
      { code: 'khamis_mushait_raqi', label: 'الراقي' },
      { code: 'khamis_mushait_dabab', label: 'الضباب' },
      { code: 'khamis_mushait_shifa', label: 'الشفا' },
    ],
  },
  {
    code: 'hail',
    label: 'حائل',
    districts: [
      { code: 'hail_samra', label: 'السمراء' },
      { code: 'hail_aziziyah', label: 'العزيزية' },
      { code: 'hail_naqrah', label: 'النقرة' },
      { code: 'hail_muntazah', label: 'المنتزه' },
    ],
  },
  {
    code: 'jazan',
    label: 'جازان',
    districts: [
      { code: 'jazan_rawdah', label: 'الروضة' },
      { code: 'jazan_shati', label: 'الشاطئ' },
      { code: 'jazan_suways', label: 'السويس' },
    ],
  },
  {
    code: 'najran',
    label: 'نجران',
    districts: [
      { code: 'najran_faisaliyah', label: 'الفيصلية' },
      { code: 'najran_fahd', label: 'الفهد' },
      { code: 'najran_khalidiyah', label: 'الخالدية' },
    ],
  },
] as const satisfies readonly CityItem[];

/** Every seeded district, with the code of its city. */
export const SAUDI_DISTRICTS: readonly (LookupItem & { readonly city: string })[] =
  SAUDI_CITIES.flatMap((city) =>
    city.districts.map((district) => ({ ...district, city: city.code })),
  );

/** The seeded districts of a city (empty for an unknown city). */
export function districtsOf(cityCode: string | null | undefined): readonly LookupItem[] {
  return SAUDI_CITIES.find((city) => city.code === cityCode)?.districts ?? [];
}

// ---------------------------------------------------------------------------------------------
// Organisations and seasons
// ---------------------------------------------------------------------------------------------

/** أنواع الجهات (fixed). */
export const ORGANISATION_TYPES = [
  { code: 'donor', label: 'جهة مانحة' },
  { code: 'partner', label: 'جهة شريكة' },
  { code: 'government', label: 'جهة حكومية' },
  { code: 'supplier', label: 'مورّد' },
  { code: 'volunteer_body', label: 'جهة تطوعية' },
] as const satisfies readonly LookupItem[];
export type OrganisationType = (typeof ORGANISATION_TYPES)[number]['code'];

/** حالة الجهة (fixed). */
export const ORGANISATION_STATUSES = [
  { code: 'active', label: 'نشطة' },
  { code: 'inactive', label: 'غير نشطة' },
] as const satisfies readonly LookupItem[];
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number]['code'];

/** أنواع البرامج الموسمية (fixed; each has a two-letter voucher prefix in `season.ts`). */
export const SEASON_KINDS = [
  { code: 'ramadan_basket', label: 'سلة رمضان' },
  { code: 'zakat_al_fitr', label: 'زكاة الفطر' },
  { code: 'eid_clothing', label: 'كسوة العيد' },
  { code: 'winter_kit', label: 'الحقيبة الشتوية' },
  { code: 'back_to_school', label: 'الحقيبة المدرسية' },
  { code: 'adahi', label: 'الأضاحي' },
  { code: 'other', label: 'أخرى' },
] as const satisfies readonly LookupItem[];
export type SeasonKind = (typeof SEASON_KINDS)[number]['code'];

/** أصناف التوزيع (editable). */
export const DISTRIBUTION_ITEM_KINDS = [
  { code: 'food_basket', label: 'سلة غذائية' },
  { code: 'rice', label: 'أرز' },
  { code: 'flour', label: 'دقيق' },
  { code: 'sugar', label: 'سكر' },
  { code: 'oil', label: 'زيت' },
  { code: 'dates', label: 'تمر' },
  { code: 'meat', label: 'لحوم' },
  { code: 'clothing', label: 'ملابس' },
  { code: 'clothing_voucher', label: 'قسيمة كسوة' },
  { code: 'blanket', label: 'بطانية' },
  { code: 'heater', label: 'مدفأة' },
  { code: 'winter_jacket', label: 'جاكيت شتوي' },
  { code: 'school_bag', label: 'حقيبة مدرسية' },
  { code: 'stationery', label: 'قرطاسية' },
  { code: 'shopping_card', label: 'بطاقة شرائية' },
  { code: 'other', label: 'أخرى' },
] as const satisfies readonly LookupItem[];

/** نوع التوزيع (fixed). */
export const DISTRIBUTION_KINDS = [
  { code: 'items', label: 'عيني' },
  { code: 'cash', label: 'نقدي' },
] as const satisfies readonly LookupItem[];
export type DistributionKind = (typeof DISTRIBUTION_KINDS)[number]['code'];

// ---------------------------------------------------------------------------------------------
// Registry for the API's seeder
// ---------------------------------------------------------------------------------------------

export interface LookupListDefinition {
  /** Arabic name of the list (for the lookups admin screen). */
  readonly label: string;
  /** false: codes drive business rules; admins may relabel but not add or remove entries. */
  readonly editable: boolean;
  readonly items: readonly LookupItem[];
}

/**
 * Every beneficiaries lookup list keyed by a stable table name, for the API to seed its lookup
 * tables (cities and districts: `SAUDI_CITIES` carries the hierarchy; `districts` items carry
 * their `city`). Status lists live with their workflows (family.ts, season.ts).
 */
export const BENEFICIARY_LOOKUPS = {
  family_categories: { label: 'فئات الأسر', editable: true, items: FAMILY_CATEGORIES },
  housing_types: { label: 'أنواع السكن', editable: true, items: HOUSING_TYPES },
  housing_ownerships: { label: 'ملكية السكن', editable: false, items: HOUSING_OWNERSHIPS },
  income_source_types: { label: 'مصادر الدخل', editable: true, items: INCOME_SOURCE_TYPES },
  need_types: { label: 'أنواع الاحتياجات', editable: true, items: NEED_TYPES },
  need_priorities: { label: 'أولويات الاحتياج', editable: false, items: NEED_PRIORITIES },
  relationships: { label: 'صلة القرابة', editable: false, items: RELATIONSHIPS },
  genders: { label: 'الجنس', editable: false, items: GENDERS },
  id_types: { label: 'أنواع الهوية', editable: false, items: ID_TYPES },
  marital_statuses: { label: 'الحالة الاجتماعية', editable: true, items: MARITAL_STATUSES },
  health_statuses: { label: 'الحالة الصحية', editable: true, items: HEALTH_STATUSES },
  disability_types: { label: 'أنواع الإعاقة', editable: true, items: DISABILITY_TYPES },
  education_levels: { label: 'المستوى التعليمي', editable: true, items: EDUCATION_LEVELS },
  employment_statuses: { label: 'الحالة الوظيفية', editable: true, items: EMPLOYMENT_STATUSES },
  cities: { label: 'المدن', editable: true, items: SAUDI_CITIES },
  districts: { label: 'الأحياء', editable: true, items: SAUDI_DISTRICTS },
  organisation_types: { label: 'أنواع الجهات', editable: false, items: ORGANISATION_TYPES },
  organisation_statuses: { label: 'حالات الجهات', editable: false, items: ORGANISATION_STATUSES },
  season_kinds: { label: 'أنواع البرامج الموسمية', editable: false, items: SEASON_KINDS },
  distribution_item_kinds: {
    label: 'أصناف التوزيع',
    editable: true,
    items: DISTRIBUTION_ITEM_KINDS,
  },
  distribution_kinds: { label: 'أنواع التوزيع', editable: false, items: DISTRIBUTION_KINDS },
} as const satisfies Record<string, LookupListDefinition>;
export type BeneficiaryLookupName = keyof typeof BENEFICIARY_LOOKUPS;
