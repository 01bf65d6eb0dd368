import { z } from 'zod';
import { normaliseArabic, normaliseDigits } from '../core/text';
import { parseLocalisedNumber } from '../core/numbers';
import { formatPhoneForDisplay } from '../core/identifiers/display';
import {
  RUN_ALWAYS,
  checkMemberRules,
  codeListSchema,
  familyHeadDraftSchema,
  familyHeadInputSchema,
  familyMemberDraftSchema,
  familyMemberInputSchema,
  familyMemberSchema,
  fullNameSchema,
  isRecord,
  type FamilyMember,
  type FamilyMemberFormValues,
} from './family-member';
import {
  FAMILY_STATUS_CODES,
  familyStatusHistoryEntrySchema,
  familyStatusSchema,
  type FamilyStatus,
} from './family-status';
import {
  asIsoDate,
  entityIdSchema,
  enumInputSchema,
  isBlank,
  isoDateSchema,
  lookupCodeSchema,
  lookupRefSchema,
  moneyInputSchema,
  moneyResponseSchema,
  optionalInput,
  personRefSchema,
  stripBidiControls,
  textSchema,
  timestampSchema,
  toIsoDate,
  todayIso,
  type ExportColumn,
} from '../core/values';
import { itemEnvelopeOf, listEnvelopeOf, listQuerySchema } from '../core/envelope';
import {
  booleanFilter,
  codesFilter,
  defineListQuery,
  exportQueryOf,
  idFilter,
  idsFilter,
} from '../core/list-query';
import { activityLogEntrySchema } from '../core/activity-entry';
import {
  SEASON_BENEFICIARY_STATUS_CODES,
  distributionKindSchema,
  seasonStatusSchema,
} from './season';
import { HOUSING_OWNERSHIPS, NEED_PRIORITIES, RENTED_OWNERSHIP, codesOf } from './lookups';
import {
  PHONE_MESSAGES,
  normaliseSaudiMobile,
  samePhone,
  saudiMobileSchema,
} from '../core/identifiers/phone';
import { normaliseSaudiId, saudiIdSchema } from '../core/identifiers/saudi-id';

/**
 * Families: create/update input (strict `familySubmitSchema`, lenient
 * `familyDraftSchema`), income computations, API responses, the list query, file numbers and
 * the duplicate checks.
 *
 * Which schema validates a write (`POST /families`, `PUT /families/{id}`):
 * - `familyDraftSchema` when the family is (or is created as) a draft: body `save_as_draft: true`
 *   on create, or a family whose status is `draft` on update;
 * - `familySubmitSchema` otherwise: creating without `save_as_draft` creates the family in
 *   `pending_review` (the wizard's "review and submit"), and every update of a non-draft family.
 * Moving draft → pending_review (`POST /families/{id}/status`) re-validates the stored family
 * with `familySubmitSchema` (build the input with `familyDetailToInput`).
 */

export const FAMILY_MESSAGES = {
  rentRequired: 'الإيجار الشهري مطلوب عندما يكون السكن مستأجراً',
  categoriesRequired: 'اختر فئة واحدة على الأقل',
  consentRequired: 'يجب الحصول على موافقة الأسرة على معالجة بياناتها قبل إرسالها للمراجعة',
  shortAddress: 'العنوان المختصر يتكون من 4 أحرف إنجليزية و4 أرقام، مثال: RRRD2929',
  altPhoneSameAsPrimary: PHONE_MESSAGES.sameAsPrimary,
  duplicateNationalIdInFamily: (nationalId: string) => `رقم الهوية ${nationalId} مكرر داخل الأسرة`,
  nationalIdTaken: (family: { file_number: string; head_name?: string | null }) =>
    family.head_name
      ? `رقم الهوية مسجل مسبقاً في الأسرة رقم ${family.file_number} (رب الأسرة: ${family.head_name})`
      : `رقم الهوية مسجل مسبقاً في الأسرة رقم ${family.file_number}`,
  similarMember: (family: { file_number: string }) =>
    `يوجد فرد باسم مشابه وتاريخ الميلاد نفسه في الأسرة رقم ${family.file_number}، تأكد من عدم التكرار`,
} as const;

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

export const HOUSING_OWNERSHIP_CODES = codesOf(HOUSING_OWNERSHIPS);
export const NEED_PRIORITY_CODES = codesOf(NEED_PRIORITIES);
export const housingOwnershipSchema = enumInputSchema(HOUSING_OWNERSHIP_CODES);
export const needPrioritySchema = enumInputSchema(NEED_PRIORITY_CODES);

/** Saudi National Address short code: 4 Latin letters + 4 digits (`RRRD2929`); spaces removed, upper-cased. */
export const nationalAddressShortCodeSchema = z
  .string()
  .transform((value) => stripBidiControls(normaliseDigits(value)).replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{4}\d{4}$/, { error: FAMILY_MESSAGES.shortAddress }));

export const incomeSourceInputSchema = z.object({
  /** income_source_types code (salary, social_security, citizen_account…). */
  source: lookupCodeSchema,
  /** Monthly amount in SAR. */
  amount: moneyInputSchema(),
  /** Checked against a document by the researcher. */
  verified: z.boolean().default(false),
  notes: optionalInput(textSchema(300)),
});
export type IncomeSourceInput = z.output<typeof incomeSourceInputSchema>;

export const familyNeedInputSchema = z.object({
  /** need_types code. */
  need_type: lookupCodeSchema,
  priority: needPrioritySchema.default('medium'),
  description: optionalInput(textSchema(1000)),
});
export type FamilyNeedInput = z.output<typeof familyNeedInputSchema>;

/** Family categories (family_categories codes): at least one, duplicates removed. */
export const familyCategoriesSchema = codeListSchema(20).refine((codes) => codes.length > 0, {
  error: FAMILY_MESSAGES.categoriesRequired,
});

/** The family's own fields (everything but the head and the other members), strict form. */
export const familyFieldSchemas = {
  primary_phone: saudiMobileSchema,
  alt_phone: optionalInput(saudiMobileSchema),
  /** cities code. */
  city: lookupCodeSchema,
  /** districts code (a district of `city`; the API checks the pair). */
  district: lookupCodeSchema,
  address: optionalInput(textSchema(300)),
  national_address_short_code: optionalInput(nationalAddressShortCodeSchema),
  /** housing_types code. */
  housing_type: lookupCodeSchema,
  housing_ownership: housingOwnershipSchema,
  /** Required (> 0) when `housing_ownership` is `rented`. */
  monthly_rent: optionalInput(moneyInputSchema()),
  income_sources: z.array(incomeSourceInputSchema).max(20).default([]),
  categories: familyCategoriesSchema,
  needs: z.array(familyNeedInputSchema).max(30).default([]),
  /** Must be true to submit for review; a draft may be saved without it. */
  consent_data_processing: z.literal(true, { error: FAMILY_MESSAGES.consentRequired }),
  /** Sharing with partner organisations is blocked without it. */
  consent_share_with_partners: z.boolean().default(false),
  /** Employee id of the social researcher (الباحث الاجتماعي). */
  assigned_researcher_id: optionalInput(entityIdSchema),
  next_reassessment_date: optionalInput(isoDateSchema),
  notes: optionalInput(textSchema(2000)),
};

type Ctx = z.RefinementCtx;

/** Rent required when rented. */
export function checkRentRule(value: unknown, ctx: Ctx): void {
  if (!isRecord(value) || value.housing_ownership !== RENTED_OWNERSHIP) return;
  const rent = value.monthly_rent;
  if (!(typeof rent === 'number' && rent > 0)) {
    ctx.addIssue({
      code: 'custom',
      message: FAMILY_MESSAGES.rentRequired,
      path: ['monthly_rent'],
      input: rent,
    });
  }
}

/** The alternative phone must differ from the primary one. */
export function checkAltPhoneRule(value: unknown, ctx: Ctx): void {
  if (!isRecord(value)) return;
  const { primary_phone: primary, alt_phone: alt } = value;
  if (typeof primary === 'string' && typeof alt === 'string' && samePhone(primary, alt)) {
    ctx.addIssue({
      code: 'custom',
      message: FAMILY_MESSAGES.altPhoneSameAsPrimary,
      path: ['alt_phone'],
      input: alt,
    });
  }
}

/**
 * National IDs are unique within the family (head + members); the message names the duplicate
 * and sits on the second occurrence. `headNationalId` is the head's ID when checking `members`
 * alone (the wizard's members step).
 */
export function checkUniqueNationalIds(members: unknown, ctx: Ctx, headNationalId?: unknown): void {
  const seen = new Set<string>();
  if (typeof headNationalId === 'string' && headNationalId.trim() !== '')
    seen.add(normaliseSaudiId(headNationalId));
  if (!Array.isArray(members)) return;
  members.forEach((member, index) => {
    if (
      !isRecord(member) ||
      typeof member.national_id !== 'string' ||
      member.national_id.trim() === ''
    )
      return;
    const id = normaliseSaudiId(member.national_id);
    if (seen.has(id)) {
      ctx.addIssue({
        code: 'custom',
        message: FAMILY_MESSAGES.duplicateNationalIdInFamily(id),
        path: ['members', index, 'national_id'],
        input: member.national_id,
      });
    } else seen.add(id);
  });
}

function familyRules(value: unknown, ctx: Ctx): void {
  if (!isRecord(value)) return;
  checkRentRule(value, ctx);
  checkAltPhoneRule(value, ctx);
  const head = isRecord(value.head) ? value.head : undefined;
  checkUniqueNationalIds(value.members, ctx, head?.national_id);
}

/**
 * The strict family body: head (with national ID), the family's fields, the other members
 * (none of them `head`: exactly one head overall), unique national IDs within the family,
 * rent when rented, consent given.
 */
export const familySubmitSchema = z
  .object({
    head: familyHeadInputSchema,
    ...familyFieldSchemas,
    members: z.array(familyMemberInputSchema).max(40).default([]),
  })
  .superRefine(familyRules, RUN_ALWAYS);
/** The create/update body in its strict form (same schema as `familySubmitSchema`). */
export const familyInputSchema = familySubmitSchema;
export type FamilyInput = z.output<typeof familySubmitSchema>;
export type FamilyFormValues = z.input<typeof familySubmitSchema>;

/**
 * How deep a draft's blank values are looked for: the deepest field of a draft is
 * `members[i].disabilities[j]` (4 levels). Anything deeper is not a draft field and is passed on
 * untouched for the schema to refuse, so a hostile body cannot make this recurse without end.
 */
const DRAFT_BLANK_DEPTH = 4;

/** Removes keys whose value is blank ('' / null) in plain objects, recursively (drafts only). */
function dropBlankValues(value: unknown, depth = 0): unknown {
  if (depth >= DRAFT_BLANK_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => dropBlankValues(item, depth + 1));
  if (!isRecord(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    // `__proto__` is no field; assigning it would set the copy's prototype instead.
    if (!isBlank(entry) && key !== '__proto__') result[key] = dropBlankValues(entry, depth + 1);
  }
  return result;
}

const familyDraftObject = z
  .object(familyFieldSchemas)
  .partial()
  .extend({
    head: familyHeadDraftSchema,
    categories: codeListSchema(20).optional(),
    consent_data_processing: z.boolean().optional(),
    members: z.array(familyMemberDraftSchema).max(40).optional(),
    /** true: create as a draft instead of submitting for review. */
    save_as_draft: z.boolean().optional(),
  });

/**
 * The lenient family body for a server draft: only the head's name is required; blank values
 * are ignored; whatever else is sent must be well-formed (a bad national ID is still refused)
 * and IDs stay unique within the family. Rent and consent are not enforced.
 */
export const familyDraftSchema = z.preprocess(
  (value: unknown) => dropBlankValues(value),
  familyDraftObject.superRefine((value, ctx) => {
    checkUniqueNationalIds(value.members, ctx, value.head?.national_id);
    if (Array.isArray(value.members))
      value.members.forEach((member, i) => checkMemberRules(member, ctx, ['members', i]));
  }),
);
export type FamilyDraftInput = z.output<typeof familyDraftSchema>;
/** What a form sends for a draft (only the head's name is required). */
export type FamilyDraftFormValues = z.input<typeof familyDraftObject>;

/** The write body's draft flag (`save_as_draft`), read before choosing the schema. */
export function isDraftWrite(body: unknown): boolean {
  return isRecord(body) && body.save_as_draft === true;
}

/** The schema that validates a family write, per the rule at the top of this file. */
export function familyWriteSchemaFor(options: {
  currentStatus?: FamilyStatus | null;
  saveAsDraft: boolean;
}) {
  const isDraft = options.currentStatus ? options.currentStatus === 'draft' : options.saveAsDraft;
  return isDraft ? familyDraftSchema : familySubmitSchema;
}

// ---------------------------------------------------------------------------------------------
// Computations
// ---------------------------------------------------------------------------------------------

function toCents(amount: unknown): number {
  // A typed amount ("1,500", "١٬٥٠٠") is read as the input schemas read it.
  const value = typeof amount === 'string' ? parseLocalisedNumber(amount) : amount;
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : 0;
}

/** Total monthly income: the sum of the sources' amounts (computed in halalas, no float drift). */
export function computeFamilyIncome(
  sources: ReadonlyArray<{ amount?: number | string | null }>,
): number {
  return sources.reduce((cents, source) => cents + toCents(source.amount), 0) / 100;
}

/**
 * The family's total monthly income: its income sources plus the monthly income recorded on each
 * of its members (head included) — a son's 500 SAR salary counts once, where it was entered, and
 * the forms say so. Halalas, as `computeFamilyIncome`.
 */
export function familyTotalIncome(
  sources: ReadonlyArray<{ amount?: number | string | null }>,
  members: ReadonlyArray<{ monthly_income?: number | string | null }>,
): number {
  return computeFamilyIncome([
    ...sources,
    ...members.map((member) => ({ amount: member.monthly_income })),
  ]);
}

/** What the family's income counts, as the forms and the family page say it. */
export const FAMILY_INCOME_NOTE =
  'إجمالي الدخل = مصادر دخل الأسرة + الدخل الشهري المسجل لكل فرد (ورب الأسرة)؛ لا يُدخل دخل الفرد مرة ثانية مصدراً.';

/** Income per member, rounded to 2 decimals; null for a family without members. */
export function perCapitaIncome(total: number, membersCount: number): number | null {
  if (!Number.isFinite(membersCount) || membersCount < 1) return null;
  return Math.round(toCents(total) / membersCount) / 100;
}

/** True when the reassessment date has passed (strictly before today, Riyadh time). */
export function isReassessmentOverdue(
  nextReassessmentDate: string | null | undefined,
  at: string | Date = todayIso(),
): boolean {
  return (
    typeof nextReassessmentDate === 'string' &&
    nextReassessmentDate !== '' &&
    nextReassessmentDate < asIsoDate(at)
  );
}

// ---------------------------------------------------------------------------------------------
// File number
// ---------------------------------------------------------------------------------------------

export const FILE_NUMBER_PATTERN = /^F-(\d{4})-(\d{5,})$/;

/** `formatFileNumber(1447, 123)` → `'F-1447-00123'` (the sequence widens past 99999, never truncates). */
export function formatFileNumber(hijriYear: number, sequence: number): string {
  if (!Number.isInteger(hijriYear) || !Number.isInteger(sequence) || sequence < 1) {
    throw new Error('formatFileNumber expects an integer year and a positive integer sequence');
  }
  return `F-${hijriYear}-${String(sequence).padStart(5, '0')}`;
}

export function parseFileNumber(value: string): { hijriYear: number; sequence: number } | null {
  const match = FILE_NUMBER_PATTERN.exec(normaliseDigits(value).trim().toUpperCase());
  return match ? { hijriYear: Number(match[1]), sequence: Number(match[2]) } : null;
}

const hijriYearFormat = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The Umm al-Qura Hijri year of a date (the year part of new file numbers). A `Date` is read in
 * Riyadh time; `'2025-06-26'` (1 Muharram 1447) → 1447.
 */
export function hijriYearOf(date: string | Date): number {
  const iso = typeof date === 'string' ? date.slice(0, 10) : toIsoDate(date);
  const year = hijriYearFormat
    .formatToParts(new Date(`${iso}T12:00:00Z`))
    .find((part) => part.type === 'year');
  return Number.parseInt(year?.value ?? '', 10);
}

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const familyIncomeSourceSchema = z.object({
  id: z.number().int(),
  source: lookupRefSchema,
  amount: moneyResponseSchema,
  verified: z.boolean(),
  notes: z.string().nullable(),
});
export type FamilyIncomeSource = z.infer<typeof familyIncomeSourceSchema>;

export const familyNeedSchema = z.object({
  id: z.number().int(),
  need_type: lookupRefSchema,
  priority: needPrioritySchema,
  description: z.string().nullable(),
  fulfilled_at: timestampSchema.nullable(),
});
export type FamilyNeed = z.infer<typeof familyNeedSchema>;

/**
 * A family in a list (`GET /families`). `total_income` and `per_capita_income` are computed
 * (`computeFamilyIncome`, `perCapitaIncome` over active members); `reassessment_overdue` per
 * `isReassessmentOverdue`. Drafts may lack phone, city and district.
 */
export const familySchema = z.object({
  id: z.number().int(),
  file_number: z.string(),
  status: familyStatusSchema,
  status_reason: z.string().nullable(),
  status_changed_at: timestampSchema.nullable(),
  head_name: z.string(),
  head_national_id: z.string().nullable(),
  primary_phone: z.string().nullable(),
  members_count: z.number().int().min(0),
  total_income: moneyResponseSchema,
  per_capita_income: moneyResponseSchema.nullable(),
  city: lookupRefSchema.nullable(),
  district: lookupRefSchema.nullable(),
  categories: z.array(lookupRefSchema),
  researcher: personRefSchema.nullable(),
  next_reassessment_date: z.iso.date().nullable(),
  reassessment_overdue: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Family = z.infer<typeof familySchema>;

/**
 * One family (`GET /families/{id}`): the list fields plus everything entered, the active
 * members (head first, relationship `head`), the income sources, the needs and the status history
 * (oldest first).
 */
export const familyDetailSchema = familySchema.extend({
  alt_phone: z.string().nullable(),
  address: z.string().nullable(),
  national_address_short_code: z.string().nullable(),
  housing_type: lookupRefSchema.nullable(),
  housing_ownership: housingOwnershipSchema.nullable(),
  monthly_rent: moneyResponseSchema.nullable(),
  income_sources: z.array(familyIncomeSourceSchema),
  needs: z.array(familyNeedSchema),
  consent_data_processing: z.boolean(),
  consent_share_with_partners: z.boolean(),
  consent_date: timestampSchema.nullable(),
  consent_by: personRefSchema.nullable(),
  notes: z.string().nullable(),
  members: z.array(familyMemberSchema),
  status_history: z.array(familyStatusHistoryEntrySchema),
  created_by: personRefSchema.nullable(),
  updated_by: personRefSchema.nullable(),
  /** When its personal data was erased (docs/personal-data.md#erasure); null or absent: never. */
  anonymised_at: timestampSchema.nullish(),
});
export type FamilyDetail = z.infer<typeof familyDetailSchema>;

export const familyListResponseSchema = listEnvelopeOf(familySchema);
export const familyResponseSchema = itemEnvelopeOf(familyDetailSchema);

function memberToInput(member: FamilyMember): FamilyMemberFormValues {
  // A draft's member may lack relationship, gender or birth date (null): passed on as is, so
  // re-validating with familySubmitSchema reports them as required.
  return {
    id: member.id,
    full_name: member.full_name,
    full_name_en: member.full_name_en,
    national_id: member.national_id,
    id_type: member.id_type,
    id_expiry_date: member.id_expiry_date,
    relationship: member.relationship,
    gender: member.gender,
    birth_date: member.birth_date,
    marital_status: member.marital_status?.code ?? null,
    // Hidden medical fields stay absent (= unchanged on update), never null (= cleared).
    ...(member.health_status !== undefined
      ? { health_status: member.health_status?.code ?? null }
      : {}),
    ...(member.disabilities !== undefined
      ? { disabilities: member.disabilities.map((d) => d.code) }
      : {}),
    education_level: member.education_level?.code ?? null,
    employment_status: member.employment_status?.code ?? null,
    occupation: member.occupation,
    monthly_income: member.monthly_income,
    is_pregnant: member.is_pregnant,
    is_lactating: member.is_lactating,
    phone: phoneForForm(member.phone),
  } as FamilyMemberFormValues;
}

/** A stored phone as the edit form shows it: a Saudi mobile in the UI's local form (05…). */
function phoneForForm(phone: string | null | undefined): string | null {
  return phone === null || phone === undefined ? null : formatPhoneForDisplay(phone);
}

/**
 * A family detail turned back into the write body (codes instead of `{code, label}`): the edit
 * form's default values, and what the API re-validates with `familySubmitSchema` before
 * draft → pending_review. Member ids are kept (`id`) so an update can match rows.
 */
export function familyDetailToInput(detail: FamilyDetail): FamilyFormValues {
  const head = detail.members.find((member) => member.relationship === 'head');
  const others = detail.members.filter((member) => member.relationship !== 'head');
  return {
    head: (head
      ? memberToInput(head)
      : { full_name: detail.head_name }) as FamilyFormValues['head'],
    primary_phone: phoneForForm(detail.primary_phone) ?? '',
    alt_phone: phoneForForm(detail.alt_phone),
    city: detail.city?.code ?? '',
    district: detail.district?.code ?? '',
    address: detail.address,
    national_address_short_code: detail.national_address_short_code,
    housing_type: detail.housing_type?.code ?? '',
    housing_ownership: (detail.housing_ownership ?? '') as FamilyFormValues['housing_ownership'],
    monthly_rent: detail.monthly_rent,
    income_sources: detail.income_sources.map((source) => ({
      source: source.source.code,
      amount: source.amount,
      verified: source.verified,
      notes: source.notes,
    })),
    categories: detail.categories.map((category) => category.code),
    needs: detail.needs.map((need) => ({
      need_type: need.need_type.code,
      priority: need.priority,
      description: need.description,
    })),
    consent_data_processing: detail.consent_data_processing as true,
    consent_share_with_partners: detail.consent_share_with_partners,
    assigned_researcher_id: detail.researcher?.id ?? null,
    next_reassessment_date: detail.next_reassessment_date,
    notes: detail.notes,
    members: others.map(memberToInput),
  };
}

// ---------------------------------------------------------------------------------------------
// List query (/families)
// ---------------------------------------------------------------------------------------------

export const FAMILY_SORTABLE = [
  'file_number',
  'head_name',
  'status',
  'members_count',
  'total_income',
  'per_capita_income',
  'next_reassessment_date',
  'created_at',
  'updated_at',
] as const;

/** The order when the query has no `sort`. */
export const FAMILY_LIST_DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

/**
 * `GET /families?page=2&per_page=20&search=الشهري&sort=file_number&order=desc
 *   &filter[status]=approved,suspended&filter[category]=orphans&filter[city]=riyadh
 *   &filter[researcher_id]=7&filter[reassessment_overdue]=true&filter[missing_national_id]=true
 *   &filter[documents_expiring]=true`
 * Parsed: `{ page, per_page, search, sort, order, filter: { status: ['approved','suspended'],
 * category: ['orphans'], city: ['riyadh'], researcher_id: 7, reassessment_overdue: true } }`.
 * A family matches `category` when it is in any of the given categories.
 */
/** The families list's «وثائق تنتهي قريبًا»: a document expiring within this many days. */
export const DOCUMENTS_EXPIRING_DAYS = 30;

export const familyListQuery = defineListQuery({
  sortable: FAMILY_SORTABLE,
  filters: {
    status: codesFilter(FAMILY_STATUS_CODES),
    category: codesFilter(),
    city: codesFilter(),
    district: codesFilter(),
    researcher_id: idFilter(),
    reassessment_overdue: booleanFilter(),
    /** `true`: families with no (undeleted) document of kind `national_id` (docs/documents.md). */
    missing_national_id: booleanFilter(),
    /**
     * `true`: families with an (undeleted) document that expires from today to
     * `DOCUMENTS_EXPIRING_DAYS` days ahead; medical kinds count only for who may see them.
     */
    documents_expiring: booleanFilter(),
    /** Families not enrolled in this seasonal programme (the enrol search offers only those). */
    not_in_season: idFilter(),
    /** These families only: the export of the rows ticked in the list (docs/bulk-actions.md). */
    ids: idsFilter(1000),
  },
});
export const familyListQuerySchema = familyListQuery.schema;
/** The URL / axios params of a families list state (defaults left out). */
export const toFamilyListParams = familyListQuery.toParams;
/** The list state of a families page URL (invalid entries dropped). */
export const fromFamilyListParams = familyListQuery.fromParams;
export type FamilyListQuery = z.output<typeof familyListQuerySchema>;

/**
 * How the API reads a search term (name, file number, national ID, phone —
 * docs/architecture.md#shared-ui): `text` is compared with the stored `name_normalized`; `digits`
 * (when the term is only digits) against national IDs by prefix; `phone` (when it is a Saudi
 * mobile) against stored E.164 phones; `file_number` (upper-cased) against file numbers by
 * substring.
 */
export function interpretFamilySearch(search: string): {
  text: string;
  digits: string | null;
  phone: string | null;
  file_number: string;
} {
  const compact = stripBidiControls(normaliseDigits(search)).replace(/[\s-]/g, '');
  return {
    text: normaliseArabic(search),
    digits: /^\d+$/.test(compact) ? compact : null,
    phone: normaliseSaudiMobile(search),
    file_number: stripBidiControls(normaliseDigits(search)).trim().toUpperCase(),
  };
}

/** Columns of the families XLSX export, in order. */
export const FAMILY_EXPORT_COLUMNS: readonly ExportColumn<string>[] = [
  { key: 'file_number', header: 'رقم الملف' },
  { key: 'head_name', header: 'رب الأسرة' },
  { key: 'head_national_id', header: 'رقم الهوية' },
  { key: 'primary_phone', header: 'الجوال' },
  { key: 'status', header: 'الحالة' },
  { key: 'categories', header: 'الفئات' },
  { key: 'city', header: 'المدينة' },
  { key: 'district', header: 'الحي' },
  { key: 'members_count', header: 'عدد الأفراد' },
  { key: 'total_income', header: 'إجمالي الدخل' },
  { key: 'per_capita_income', header: 'دخل الفرد' },
  { key: 'researcher', header: 'الباحث الاجتماعي' },
  { key: 'next_reassessment_date', header: 'موعد إعادة التقييم' },
  { key: 'created_at', header: 'تاريخ التسجيل' },
];

// ---------------------------------------------------------------------------------------------
// Duplicate checks
// ---------------------------------------------------------------------------------------------

/** `GET /families/checks/national-id?national_id=…&exclude_family_id=…` (as the wizard types). */
export const nationalIdCheckQuerySchema = z.object({
  national_id: saudiIdSchema,
  /** The family being edited: its own members do not count as duplicates. */
  exclude_family_id: optionalInput(entityIdSchema),
});

const familyRefSchema = z.object({
  id: z.number().int(),
  file_number: z.string(),
  head_name: z.string(),
});
export type FamilyRef = z.infer<typeof familyRefSchema>;

/** `available: false` names the family the ID already belongs to (show `FAMILY_MESSAGES.nationalIdTaken`). */
export const nationalIdCheckResponseSchema = z.object({
  available: z.boolean(),
  family: familyRefSchema.nullish(),
});
export type NationalIdCheckResponse = z.infer<typeof nationalIdCheckResponseSchema>;

/** `GET /families/checks/phone?phone=…`: families already using the (normalised) phone — a warning. */
export const phoneCheckQuerySchema = z.object({
  phone: saudiMobileSchema,
  exclude_family_id: optionalInput(entityIdSchema),
});
export const phoneCheckResponseSchema = z.object({ families: z.array(familyRefSchema) });
export type PhoneCheckResponse = z.infer<typeof phoneCheckResponseSchema>;

/**
 * `GET /families/checks/similar-members?full_name=…&birth_date=…`: members with the same birth
 * date whose names look alike (`namesLookAlike`) — a warning, never a block.
 */
export const similarMembersQuerySchema = z.object({
  full_name: fullNameSchema,
  birth_date: isoDateSchema,
  exclude_family_id: optionalInput(entityIdSchema),
});
export const similarMembersResponseSchema = z.object({
  matches: z.array(
    z.object({
      member_id: z.number().int(),
      full_name: z.string(),
      birth_date: z.iso.date(),
      family: familyRefSchema,
    }),
  ),
});
export type SimilarMembersResponse = z.infer<typeof similarMembersResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Endpoint bodies and answers (family-endpoints.ts)
// ---------------------------------------------------------------------------------------------

/**
 * Body of `POST /families`: `save_as_draft: true` is validated with `familyDraftSchema` (the
 * family is created as a draft), anything else with `familySubmitSchema` (created in
 * `pending_review`). The chosen schema's issues keep their paths and Arabic messages.
 */
export const familyCreateSchema = z
  .custom<FamilyFormValues | FamilyDraftFormValues>()
  .meta({
    description:
      'A family as familySubmitSchema describes it; with save_as_draft: true, as familyDraftSchema does.',
  })
  .transform((body, ctx): FamilyInput | FamilyDraftInput => {
    const parsed = familyWriteSchemaFor({ saveAsDraft: isDraftWrite(body) }).safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: issue.path,
        input: issue.input,
      });
    }
    return z.NEVER;
  });

/**
 * Body of `PUT /families/{id}`: the whole family again. Which schema applies depends on the
 * stored family (`familyDraftSchema` while it is a draft, `familySubmitSchema` otherwise), so the
 * API validates it once it has read the family (404 and 409 come first); the declaration only
 * types what a form sends. Its parsed value is `unknown` on purpose: nothing may use it unchecked.
 */
export const familyUpdateSchema = z
  .custom<FamilyFormValues | FamilyDraftFormValues>()
  .meta({
    description:
      'The whole family again: familyDraftSchema while the family is a draft, familySubmitSchema otherwise.',
  })
  .transform((body): unknown => body);

/** `GET /families/export`: the list's query (no paging) + `format=xlsx|csv`. */
export const familyExportQuerySchema = exportQueryOf(familyListQuerySchema);

/**
 * A warning attached to a family write (never a block): another family uses the same phone
 * (`field`: the phone's path), or a member looks like a member of another family (similar name,
 * same birth date; `field`: the member's `full_name` path).
 */
export const familyWarningSchema = z.object({
  field: z.string(),
  message: z.string(),
  families: z.array(familyRefSchema),
});
export type FamilyWarning = z.infer<typeof familyWarningSchema>;

/** A season the family is enrolled in (`status`: its enrolment's status), newest season first. */
export const familySeasonEnrolmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  hijri_year: z.number().int(),
  season_status: seasonStatusSchema,
  beneficiary_id: z.number().int(),
  status: z.enum(SEASON_BENEFICIARY_STATUS_CODES),
  voucher_code: z.string(),
});
export type FamilySeasonEnrolment = z.infer<typeof familySeasonEnrolmentSchema>;

/** A handover the family received, newest first. */
export const familyDistributionSchema = z.object({
  id: z.number().int(),
  season: z.object({ id: z.number().int(), name: z.string() }),
  kind: distributionKindSchema,
  items: z.array(z.object({ item: lookupRefSchema, quantity: z.number().int() })),
  cash_amount: moneyResponseSchema.nullable(),
  distributed_at: z.iso.date(),
  voucher_code: z.string(),
});
export type FamilyDistribution = z.infer<typeof familyDistributionSchema>;

/**
 * A family as `GET /families/{id}` and every family write answer it: the detail plus what
 * reached it (its season enrolments and handovers).
 */
export const familyRecordSchema = familyDetailSchema.extend({
  seasons: z.array(familySeasonEnrolmentSchema),
  distributions: z.array(familyDistributionSchema),
});
export type FamilyRecord = z.infer<typeof familyRecordSchema>;

/** `GET /families/{id}`: `{ data }`. */
export const familyRecordResponseSchema = z.object({ data: familyRecordSchema });

/**
 * `POST /families`, `PUT /families/{id}`, `POST /families/{id}/status`: `{ message, data,
 * warnings }` (a status change has no warnings: `[]`).
 */
export const familyWriteResponseSchema = z.object({
  message: z.string(),
  data: familyRecordSchema,
  warnings: z.array(familyWarningSchema),
});
export type FamilyWriteResponse = z.infer<typeof familyWriteResponseSchema>;

/** `GET /families/{id}/timeline?page=&per_page=`: the family's activity-log rows, newest first. */
export const familyTimelineQuerySchema = listQuerySchema.pick({ page: true, per_page: true });
export const familyTimelineResponseSchema = listEnvelopeOf(activityLogEntrySchema);

/** The duplicate checks answer inside `{ data }`. */
export const nationalIdCheckEnvelopeSchema = z.object({ data: nationalIdCheckResponseSchema });
export const phoneCheckEnvelopeSchema = z.object({ data: phoneCheckResponseSchema });
export const similarMembersEnvelopeSchema = z.object({ data: similarMembersResponseSchema });

/** `أسرة F-1447-00012 — <head>`: how the activity log names a family. */
export const familyLabel = (family: { file_number: string; head_name: string }): string =>
  family.head_name
    ? `أسرة ${family.file_number} — ${family.head_name}`
    : `أسرة ${family.file_number}`;
