import { z } from 'zod';
import { isVisibleText, normaliseDigits } from '../core/text';
import { ageRangeOf } from '../core/plural';
import {
  REASON_REQUIRED_MESSAGE,
  VISIBLE_TEXT,
  asIsoDate,
  entityIdSchema,
  enumInputSchema,
  hasReason,
  integerInputSchema,
  isoDateSchema,
  lookupCodeSchema,
  lookupRefSchema,
  moneyInputSchema,
  moneyResponseSchema,
  notFutureDateSchema,
  optionalInput,
  personRefSchema,
  reasonTextSchema,
  stripBidiControls,
  nameTextSchema,
  textSchema,
  timestampSchema,
  todayIso,
  type ExportColumn,
} from '../core/values';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { RUN_ALWAYS, codeListSchema, isRecord, memberAge } from './family-member';
import { FAMILY_STATUSES, familyStatusLabel, type FamilyStatus } from './family-status';
import {
  codesFilter,
  defineListQuery,
  exportQueryOf,
  idFilter,
  integerFilter,
} from '../core/list-query';
import {
  DISTRIBUTION_KINDS,
  SEASON_KINDS,
  codesOf,
  type LookupItem,
  type SeasonKind,
} from './lookups';
import { checkDateRange } from './organisation';
import { saudiIdSchema } from '../core/identifiers/saudi-id';

/**
 * Seasonal programmes (برامج موسمية): the season, its status workflow, the
 * eligibility rule and `isFamilyEligible`, enrolment of families (a family at most once per
 * season), distributions (items or cash) and voucher codes.
 */

export const SEASON_MESSAGES = {
  endBeforeStart: 'تاريخ النهاية يجب أن يكون في تاريخ البداية أو بعده',
  ageRange: 'الحد الأدنى للعمر يجب ألا يتجاوز الحد الأعلى',
  distributedInFuture: 'تاريخ التسليم لا يمكن أن يكون في المستقبل',
  beneficiaryRequired: 'حدد المستفيد',
  itemsRequired: 'أضف صنفاً واحداً على الأقل',
  cashRequired: 'أدخل مبلغاً نقدياً أكبر من صفر',
  alreadyEnrolled: 'الأسرة مسجلة مسبقاً في هذا البرنامج',
  invalidVoucher: 'رمز القسيمة غير صحيح',
} as const;

// ---------------------------------------------------------------------------------------------
// Status workflow
// ---------------------------------------------------------------------------------------------

/** draft → approved → distributing → closed; cancelled from draft, approved or distributing. */
export const SEASON_STATUSES = [
  { code: 'draft', label: 'مسودة' },
  { code: 'approved', label: 'معتمد' },
  { code: 'distributing', label: 'قيد التوزيع' },
  { code: 'closed', label: 'مغلق' },
  { code: 'cancelled', label: 'ملغى' },
] as const satisfies readonly LookupItem[];
export type SeasonStatus = (typeof SEASON_STATUSES)[number]['code'];
export const SEASON_STATUS_CODES = codesOf(SEASON_STATUSES);
export const seasonStatusSchema = enumInputSchema(SEASON_STATUS_CODES);

export const SEASON_STATUS_TRANSITIONS: Readonly<Record<SeasonStatus, readonly SeasonStatus[]>> = {
  draft: ['approved', 'cancelled'],
  approved: ['distributing', 'cancelled'],
  distributing: ['closed', 'cancelled'],
  closed: [],
  cancelled: [],
};

/** Moving into these statuses requires a reason. */
export const SEASON_REASON_REQUIRED_STATUSES: readonly SeasonStatus[] = ['cancelled'];

export function canTransitionSeason(from: SeasonStatus, to: SeasonStatus): boolean {
  return SEASON_STATUS_TRANSITIONS[from].includes(to);
}

export function seasonStatusLabel(status: SeasonStatus): string {
  return SEASON_STATUSES.find((item) => item.code === status)?.label ?? status;
}

export function seasonTransitionError(from: SeasonStatus, to: SeasonStatus): string | null {
  if (canTransitionSeason(from, to)) return null;
  return `لا يمكن نقل البرنامج من حالة «${seasonStatusLabel(from)}» إلى حالة «${seasonStatusLabel(to)}»`;
}

/**
 * What each status allows: editing the season, enrolling/excluding families, recording
 * distributions. The API refuses (409) an action the season's status does not allow.
 */
export const SEASON_STATUS_CAPABILITIES: Readonly<
  Record<SeasonStatus, { edit: boolean; enrol: boolean; distribute: boolean }>
> = {
  draft: { edit: true, enrol: true, distribute: false },
  approved: { edit: true, enrol: true, distribute: false },
  distributing: { edit: false, enrol: true, distribute: true },
  closed: { edit: false, enrol: false, distribute: false },
  cancelled: { edit: false, enrol: false, distribute: false },
};

/** Body of `POST /seasons/{id}/status`. Cancelling needs a reason. */
export const seasonStatusChangeSchema = z
  .object({ status: seasonStatusSchema, reason: reasonTextSchema.nullish() })
  .refine(
    (value) => !SEASON_REASON_REQUIRED_STATUSES.includes(value.status) || hasReason(value.reason),
    {
      error: REASON_REQUIRED_MESSAGE,
      path: ['reason'],
    },
  );
export type SeasonStatusChange = z.output<typeof seasonStatusChangeSchema>;

// ---------------------------------------------------------------------------------------------
// Eligibility
// ---------------------------------------------------------------------------------------------

/** Family statuses a season may target (drafts, rejected and archived families never receive aid). */
export const SEASON_TARGET_FAMILY_STATUSES = [
  'approved',
  'pending_review',
  'suspended',
] as const satisfies readonly FamilyStatus[];

export const seasonEligibilityInputSchema = z
  .object({
    /** family_categories codes; a family qualifies when it is in any of them. Empty: any category. */
    categories: codeListSchema(20).default([]),
    /** Upper bound (inclusive) of the family's monthly per-capita income, SAR. */
    max_per_capita_income: optionalInput(moneyInputSchema()),
    /** At least one member aged within [min, max] (whole years, inclusive) on the reference date. */
    member_min_age: optionalInput(integerInputSchema(0, 120)),
    member_max_age: optionalInput(integerInputSchema(0, 120)),
    /** Family statuses that qualify. */
    statuses: z.array(enumInputSchema(SEASON_TARGET_FAMILY_STATUSES)).min(1).default(['approved']),
  })
  .superRefine((value, ctx) => {
    if (!isRecord(value)) return;
    const { member_min_age: min, member_max_age: max } = value;
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      ctx.addIssue({
        code: 'custom',
        message: SEASON_MESSAGES.ageRange,
        path: ['member_max_age'],
        input: max,
      });
    }
  }, RUN_ALWAYS);
export type SeasonEligibilityInput = z.output<typeof seasonEligibilityInputSchema>;

/** The rule as `isFamilyEligible` reads it (input or response form). */
export interface SeasonEligibilityRule {
  categories?: ReadonlyArray<string | { code: string }> | null;
  max_per_capita_income?: number | string | null;
  member_min_age?: number | null;
  member_max_age?: number | null;
  /** Default ['approved']. */
  statuses?: readonly FamilyStatus[] | null;
}

/** What `isFamilyEligible` needs to know about a family (a `FamilyDetail` fits). */
export interface EligibilityFamily {
  status: FamilyStatus;
  categories: ReadonlyArray<string | { code: string }>;
  per_capita_income: number | string | null;
  /** A member without a birth date (only in drafts) never satisfies an age condition. */
  members: ReadonlyArray<{ birth_date: string | null }>;
}

export interface EligibilityResult {
  eligible: boolean;
  /** Arabic, one per failed condition (empty when eligible). */
  reasons: string[];
}

const amountFormat = new Intl.NumberFormat('ar-SA-u-nu-latn', { maximumFractionDigits: 2 });
const codeOf = (value: string | { code: string }) =>
  typeof value === 'string' ? value : value.code;

/**
 * Checks a family against a season's rule on date `at` (ages are computed on that date; use the
 * season's start date): status among the rule's statuses (default approved); in at least one of
 * the rule's categories (when given); per-capita income ≤ the maximum (when given); at least one
 * member within the age range (when given). Every failed condition adds an Arabic reason.
 */
export function isFamilyEligible(
  family: EligibilityFamily,
  rule: SeasonEligibilityRule,
  at: string | Date = todayIso(),
): EligibilityResult {
  const reasons: string[] = [];
  const statuses =
    rule.statuses && rule.statuses.length > 0 ? rule.statuses : (['approved'] as const);
  if (!statuses.includes(family.status)) {
    const allowed = statuses.map(familyStatusLabel).join('، ');
    reasons.push(
      `حالة الأسرة «${familyStatusLabel(family.status)}» غير مشمولة، يشترط البرنامج: ${allowed}`,
    );
  }

  const ruleCategories = (rule.categories ?? []).map(codeOf);
  if (ruleCategories.length > 0) {
    const familyCategories = new Set(family.categories.map(codeOf));
    if (!ruleCategories.some((code) => familyCategories.has(code))) {
      reasons.push('الأسرة لا تنتمي إلى أي من الفئات المستهدفة');
    }
  }

  if (rule.max_per_capita_income != null && rule.max_per_capita_income !== '') {
    const max = Number(rule.max_per_capita_income);
    const income = family.per_capita_income == null ? null : Number(family.per_capita_income);
    if (income === null || !Number.isFinite(income)) reasons.push('دخل الفرد في الأسرة غير محدد');
    else if (income > max) {
      reasons.push(
        `دخل الفرد (${amountFormat.format(income)} ريال) يتجاوز الحد الأعلى (${amountFormat.format(max)} ريال)`,
      );
    }
  }

  const min = rule.member_min_age;
  const max = rule.member_max_age;
  if (min != null || max != null) {
    const date = asIsoDate(at);
    const inRange = family.members.some((member) => {
      if (member.birth_date === null) return false;
      const age = memberAge(member.birth_date, date);
      return (min == null || age >= min) && (max == null || age <= max);
    });
    if (!inRange)
      reasons.push(`لا يوجد في الأسرة فرد ضمن الفئة العمرية المستهدفة (${ageRangeOf(min, max)})`);
  }

  return { eligible: reasons.length === 0, reasons };
}

// ---------------------------------------------------------------------------------------------
// Season input and responses
// ---------------------------------------------------------------------------------------------

export const SEASON_KIND_CODES = codesOf(SEASON_KINDS);
export const seasonKindSchema = enumInputSchema(SEASON_KIND_CODES);

/** `POST /seasons`, `PUT /seasons/{id}` (status changes go through `/seasons/{id}/status`). */
export const seasonInputSchema = z
  .object({
    name: nameTextSchema(200, 2),
    kind: seasonKindSchema,
    hijri_year: integerInputSchema(1400, 1500),
    start_date: isoDateSchema,
    end_date: isoDateSchema,
    /** SAR. */
    budget: optionalInput(moneyInputSchema()),
    /** The funding organisation (usually a donor). */
    funding_org_id: optionalInput(entityIdSchema),
    eligibility: seasonEligibilityInputSchema.default({ categories: [], statuses: ['approved'] }),
    notes: optionalInput(textSchema(2000)),
  })
  .superRefine(checkDateRange(SEASON_MESSAGES.endBeforeStart), RUN_ALWAYS);
export type SeasonInput = z.output<typeof seasonInputSchema>;
export type SeasonFormValues = z.input<typeof seasonInputSchema>;

export const seasonEligibilitySchema = z.object({
  categories: z.array(lookupRefSchema),
  max_per_capita_income: moneyResponseSchema.nullable(),
  member_min_age: z.number().int().nullable(),
  member_max_age: z.number().int().nullable(),
  statuses: z.array(z.enum(FAMILY_STATUSES.map((status) => status.code) as FamilyStatus[])),
});
export type SeasonEligibility = z.infer<typeof seasonEligibilitySchema>;

/** A season (list and detail). Counters are computed by the API. */
export const seasonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: seasonKindSchema,
  hijri_year: z.number().int(),
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  budget: moneyResponseSchema.nullable(),
  funding_org: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  eligibility: seasonEligibilitySchema,
  status: seasonStatusSchema,
  status_reason: z.string().nullable(),
  notes: z.string().nullable(),
  beneficiaries_count: z.number().int().min(0),
  received_count: z.number().int().min(0),
  cash_distributed_total: moneyResponseSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Season = z.infer<typeof seasonSchema>;
export const seasonListResponseSchema = listEnvelopeOf(seasonSchema);
export const seasonResponseSchema = itemEnvelopeOf(seasonSchema);

/** A season turned back into the write body (edit form defaults). */
export function seasonToInput(season: Season): SeasonFormValues {
  return {
    name: season.name,
    kind: season.kind,
    hijri_year: season.hijri_year,
    start_date: season.start_date,
    end_date: season.end_date,
    budget: season.budget,
    funding_org_id: season.funding_org?.id ?? null,
    eligibility: {
      categories: season.eligibility.categories.map((category) => category.code),
      max_per_capita_income: season.eligibility.max_per_capita_income,
      member_min_age: season.eligibility.member_min_age,
      member_max_age: season.eligibility.member_max_age,
      statuses: season.eligibility.statuses.filter(
        (status): status is (typeof SEASON_TARGET_FAMILY_STATUSES)[number] =>
          (SEASON_TARGET_FAMILY_STATUSES as readonly string[]).includes(status),
      ),
    },
    notes: season.notes,
  };
}

export const SEASON_SORTABLE = [
  'name',
  'kind',
  'hijri_year',
  'start_date',
  'end_date',
  'status',
  'created_at',
] as const;

/** `GET /seasons?filter[status]=approved,distributing&filter[kind]=ramadan_basket&filter[hijri_year]=1447`. */
export const seasonListQuery = defineListQuery({
  sortable: SEASON_SORTABLE,
  filters: {
    status: codesFilter(SEASON_STATUS_CODES),
    kind: codesFilter(SEASON_KIND_CODES),
    hijri_year: integerFilter(1400, 1500),
    funding_org_id: idFilter(),
  },
});
export const seasonListQuerySchema = seasonListQuery.schema;
export const toSeasonListParams = seasonListQuery.toParams;
export const fromSeasonListParams = seasonListQuery.fromParams;
export type SeasonListQuery = z.output<typeof seasonListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Beneficiaries (enrolment)
// ---------------------------------------------------------------------------------------------

export const SEASON_BENEFICIARY_STATUSES = [
  { code: 'enrolled', label: 'مسجلة' },
  { code: 'received', label: 'استلمت' },
  { code: 'excluded', label: 'مستبعدة' },
] as const satisfies readonly LookupItem[];
export type SeasonBeneficiaryStatus = (typeof SEASON_BENEFICIARY_STATUSES)[number]['code'];
export const SEASON_BENEFICIARY_STATUS_CODES = codesOf(SEASON_BENEFICIARY_STATUSES);

/**
 * `POST /seasons/{id}/beneficiaries`: enrol chosen families, or every eligible family at once.
 * A family is enrolled at most once per season (unique season_id + family_id; a second try is
 * reported as `already_enrolled`, or 409 `SEASON_MESSAGES.alreadyEnrolled` for a single family).
 * Ineligible families are skipped with their reasons.
 */
export const seasonEnrolmentSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('families'), family_ids: z.array(entityIdSchema).min(1).max(500) }),
  z.object({ mode: z.literal('all_eligible') }),
]);
export type SeasonEnrolment = z.output<typeof seasonEnrolmentSchema>;

export const seasonEnrolmentResultSchema = z.object({
  enrolled: z.number().int().min(0),
  already_enrolled: z.number().int().min(0),
  ineligible: z.array(
    z.object({
      family_id: z.number().int(),
      file_number: z.string(),
      head_name: z.string(),
      reasons: z.array(z.string()),
    }),
  ),
});
export type SeasonEnrolmentResult = z.infer<typeof seasonEnrolmentResultSchema>;

/** `POST /seasons/{id}/beneficiaries/{beneficiaryId}/exclude`. */
export const seasonBeneficiaryExcludeSchema = z.object({
  reason: z
    .string({ error: REASON_REQUIRED_MESSAGE })
    .trim()
    .min(3, { error: REASON_REQUIRED_MESSAGE })
    .max(1000)
    .refine(isVisibleText, VISIBLE_TEXT),
});

/** An enrolled family (`GET /seasons/{id}/beneficiaries`, also the printable distribution list). */
export const seasonBeneficiarySchema = z.object({
  id: z.number().int(),
  season_id: z.number().int(),
  family: z.object({
    id: z.number().int(),
    file_number: z.string(),
    head_name: z.string(),
    head_national_id: z.string().nullable(),
    primary_phone: z.string().nullable(),
    members_count: z.number().int().min(0),
    per_capita_income: moneyResponseSchema.nullable(),
    city: lookupRefSchema.nullable(),
    district: lookupRefSchema.nullable(),
  }),
  status: z.enum(SEASON_BENEFICIARY_STATUS_CODES),
  status_reason: z.string().nullable(),
  voucher_code: z.string(),
  enrolled_at: timestampSchema,
  enrolled_by: personRefSchema.nullable(),
  distributions_count: z.number().int().min(0),
  last_distributed_at: z.iso.date().nullable(),
});
export type SeasonBeneficiary = z.infer<typeof seasonBeneficiarySchema>;
export const seasonBeneficiaryListResponseSchema = listEnvelopeOf(seasonBeneficiarySchema);

export const SEASON_BENEFICIARY_SORTABLE = [
  'file_number',
  'head_name',
  'voucher_code',
  'status',
  'enrolled_at',
] as const;

/** `GET /seasons/{id}/beneficiaries?search=&filter[status]=enrolled&filter[city]=riyadh`. Search: head name, file number, national ID, voucher code. */
export const seasonBeneficiaryListQuery = defineListQuery({
  sortable: SEASON_BENEFICIARY_SORTABLE,
  filters: {
    status: codesFilter(SEASON_BENEFICIARY_STATUS_CODES),
    city: codesFilter(),
    district: codesFilter(),
  },
});
export const seasonBeneficiaryListQuerySchema = seasonBeneficiaryListQuery.schema;

/** Columns of a season's beneficiaries XLSX export, in order. */
export const SEASON_BENEFICIARY_EXPORT_COLUMNS: readonly ExportColumn<string>[] = [
  { key: 'file_number', header: 'رقم الملف' },
  { key: 'head_name', header: 'رب الأسرة' },
  { key: 'head_national_id', header: 'رقم الهوية' },
  { key: 'primary_phone', header: 'الجوال' },
  { key: 'members_count', header: 'عدد الأفراد' },
  { key: 'per_capita_income', header: 'دخل الفرد' },
  { key: 'city', header: 'المدينة' },
  { key: 'district', header: 'الحي' },
  { key: 'voucher_code', header: 'رمز القسيمة' },
  { key: 'status', header: 'الحالة' },
  { key: 'enrolled_at', header: 'تاريخ التسجيل' },
  { key: 'distributions_count', header: 'مرات الاستلام' },
  { key: 'last_distributed_at', header: 'آخر استلام' },
];
export const toSeasonBeneficiaryListParams = seasonBeneficiaryListQuery.toParams;
export const fromSeasonBeneficiaryListParams = seasonBeneficiaryListQuery.fromParams;

// ---------------------------------------------------------------------------------------------
// Distributions
// ---------------------------------------------------------------------------------------------

export const DISTRIBUTION_KIND_CODES = codesOf(DISTRIBUTION_KINDS);
export const distributionKindSchema = enumInputSchema(DISTRIBUTION_KIND_CODES);

export const distributionItemInputSchema = z.object({
  /** distribution_item_kinds code. */
  item: lookupCodeSchema,
  quantity: integerInputSchema(1, 100_000),
});

/**
 * `POST /seasons/{id}/distributions`: one handover. Identify the beneficiary by `beneficiary_id`
 * or `family_id` (if both, the API checks they match). `kind: 'items'` needs at least one item;
 * `kind: 'cash'` needs `cash_amount` > 0 (the other part is ignored). `handed_over_by` is NOT in
 * the body: the API records the logged-in employee. `voucher_code`, when typed or scanned, must
 * match the beneficiary's.
 */
export const distributionInputSchema = z
  .object({
    beneficiary_id: optionalInput(entityIdSchema),
    family_id: optionalInput(entityIdSchema),
    kind: distributionKindSchema,
    items: z.array(distributionItemInputSchema).max(30).optional(),
    cash_amount: optionalInput(moneyInputSchema()),
    distributed_at: notFutureDateSchema(SEASON_MESSAGES.distributedInFuture),
    received_by_name: nameTextSchema(150, 2),
    received_by_national_id: optionalInput(saudiIdSchema),
    voucher_code: optionalInput(z.string().transform(normaliseVoucherCode)),
    notes: optionalInput(textSchema(1000)),
  })
  .superRefine((value, ctx) => {
    if (!isRecord(value)) return;
    if (value.beneficiary_id == null && value.family_id == null) {
      ctx.addIssue({
        code: 'custom',
        message: SEASON_MESSAGES.beneficiaryRequired,
        path: ['beneficiary_id'],
        input: null,
      });
    }
    checkDistributionContent(value, ctx);
  }, RUN_ALWAYS);
export type DistributionInput = z.output<typeof distributionInputSchema>;
export type DistributionFormValues = z.input<typeof distributionInputSchema>;

/**
 * What a handover gives: items need at least one, cash an amount above zero. Shared by the
 * single handover and the bulk one (docs/bulk-actions.md), so both refuse the same bodies.
 */
export function checkDistributionContent(
  value: Record<string, unknown>,
  ctx: z.RefinementCtx,
): void {
  if (value.kind === 'items' && !(Array.isArray(value.items) && value.items.length > 0)) {
    ctx.addIssue({
      code: 'custom',
      message: SEASON_MESSAGES.itemsRequired,
      path: ['items'],
      input: value.items,
    });
  }
  if (value.kind === 'cash' && !(typeof value.cash_amount === 'number' && value.cash_amount > 0)) {
    ctx.addIssue({
      code: 'custom',
      message: SEASON_MESSAGES.cashRequired,
      path: ['cash_amount'],
      input: value.cash_amount,
    });
  }
}

export const distributionSchema = z.object({
  id: z.number().int(),
  season_id: z.number().int(),
  beneficiary_id: z.number().int(),
  family: z.object({ id: z.number().int(), file_number: z.string(), head_name: z.string() }),
  kind: distributionKindSchema,
  items: z.array(z.object({ item: lookupRefSchema, quantity: z.number().int() })),
  cash_amount: moneyResponseSchema.nullable(),
  distributed_at: z.iso.date(),
  received_by_name: z.string(),
  received_by_national_id: z.string().nullable(),
  handed_over_by: personRefSchema,
  voucher_code: z.string(),
  notes: z.string().nullable(),
  created_at: timestampSchema,
});
export type Distribution = z.infer<typeof distributionSchema>;
export const distributionListResponseSchema = listEnvelopeOf(distributionSchema);

// ---------------------------------------------------------------------------------------------
// Voucher codes
// ---------------------------------------------------------------------------------------------

/** 32 characters without the look-alikes 0/O and 1/I. */
export const VOUCHER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The two letters that start a season's vouchers. */
export const SEASON_KIND_VOUCHER_PREFIX: Readonly<Record<SeasonKind, string>> = {
  ramadan_basket: 'RM',
  zakat_al_fitr: 'ZF',
  eid_clothing: 'EC',
  winter_kit: 'WK',
  back_to_school: 'BS',
  adahi: 'AD',
  other: 'GN',
};

/** `RM47-7KQ2-X9`: kind prefix + 2-digit Hijri year, 4 random characters, 2 check characters. */
export const VOUCHER_CODE_PATTERN = /^[A-Z]{2}\d{2}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{2}$/;

/** A random number in [0, 1) from the Web Crypto API (the default random source). */
export function cryptoRandom(): number {
  const values = new Uint32Array(1);
  globalThis.crypto.getRandomValues(values);
  return (values[0] as number) / 2 ** 32;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function checkCharacters(seasonId: number, familyId: number, head: string, body: string): string {
  const hash = fnv1a(`${seasonId}|${familyId}|${head}${body}`);
  return (VOUCHER_ALPHABET[hash % 32] as string) + (VOUCHER_ALPHABET[(hash >>> 5) % 32] as string);
}

export interface VoucherSeason {
  id: number;
  kind: SeasonKind;
  hijri_year: number;
}

/**
 * A voucher code for a family in a season, e.g. `RM47-7KQ2-X9`: the season kind's prefix and the
 * last two digits of its Hijri year, 4 characters drawn from `random`, and 2 check characters
 * binding the code to this season and family (a mistyped or swapped code fails
 * `verifyVoucherCode`). Deterministic for a given `random` (tests pass a seeded one; the API
 * uses the default crypto source and retries on the rare unique-constraint collision).
 */
export function generateVoucherCode(
  season: VoucherSeason,
  familyId: number,
  random: () => number = cryptoRandom,
): string {
  const head = `${SEASON_KIND_VOUCHER_PREFIX[season.kind]}${String(season.hijri_year % 100).padStart(2, '0')}`;
  let body = '';
  for (let i = 0; i < 4; i += 1) {
    const index = Math.min(31, Math.max(0, Math.floor(random() * 32)));
    body += VOUCHER_ALPHABET[index] as string;
  }
  return `${head}-${body}-${checkCharacters(season.id, familyId, head, body)}`;
}

/**
 * A typed or scanned code in canonical form: upper-case, Arabic-Indic digits to ASCII, spaces and
 * dashes dropped then re-inserted. In the two year digits a typed O becomes 0 and I/L become 1
 * (the year is always digits). The random and check parts never contain 0, O, 1 or I, so such a
 * character there is left as typed and the code fails verification.
 */
export function normaliseVoucherCode(value: string): string {
  const compact = stripBidiControls(normaliseDigits(value)).replace(/[\s-]/g, '').toUpperCase();
  if (compact.length !== 10) return compact;
  const year = compact.slice(2, 4).replace(/O/g, '0').replace(/[IL]/g, '1');
  return `${compact.slice(0, 2)}${year}-${compact.slice(4, 8)}-${compact.slice(8)}`;
}

export function isWellFormedVoucherCode(value: string): boolean {
  return VOUCHER_CODE_PATTERN.test(normaliseVoucherCode(value));
}

/** True when `code` is a voucher of this season (kind and year) and family, check characters included. */
export function verifyVoucherCode(code: string, season: VoucherSeason, familyId: number): boolean {
  const normalised = normaliseVoucherCode(code);
  if (!VOUCHER_CODE_PATTERN.test(normalised)) return false;
  const [head, body, check] = normalised.split('-') as [string, string, string];
  const expectedHead = `${SEASON_KIND_VOUCHER_PREFIX[season.kind]}${String(season.hijri_year % 100).padStart(2, '0')}`;
  return head === expectedHead && check === checkCharacters(season.id, familyId, head, body);
}

// ---------------------------------------------------------------------------------------------
// Endpoint queries and answers (season-endpoints.ts)
// ---------------------------------------------------------------------------------------------

/** `GET /seasons/{id}/beneficiaries/export`: the beneficiaries list's query + `format=xlsx|csv`. */
export const seasonBeneficiaryExportQuerySchema = exportQueryOf(seasonBeneficiaryListQuerySchema);

/**
 * `POST /seasons/{id}/beneficiaries`: the counts, the ineligible families (listed only when
 * enrolling chosen families) and how many were ineligible.
 */
export const seasonEnrolmentResponseSchema = z.object({
  message: z.string(),
  data: seasonEnrolmentResultSchema.extend({ ineligible_count: z.number().int().min(0) }),
});

/** `POST /seasons/{id}/beneficiaries/{beneficiaryId}/exclude`: `{ message, data: beneficiary }`. */
export const seasonBeneficiaryResponseSchema = itemEnvelopeOf(seasonBeneficiarySchema);

export const DISTRIBUTION_SORTABLE = ['distributed_at', 'created_at', 'voucher_code'] as const;

/**
 * `GET /seasons/{id}/distributions?search=&filter[kind]=cash&filter[family_id]=7`: the handover
 * log (default order `distributed_at desc`). Search: the family (names, file number, IDs,
 * phones), the voucher code, the receiver's name and ID.
 */
export const distributionListQuery = defineListQuery({
  sortable: DISTRIBUTION_SORTABLE,
  filters: {
    kind: codesFilter(DISTRIBUTION_KIND_CODES),
    family_id: idFilter(),
    beneficiary_id: idFilter(),
  },
});
export const distributionListQuerySchema = distributionListQuery.schema;
export type DistributionListQuery = z.output<typeof distributionListQuerySchema>;

/** `POST /seasons/{id}/distributions` (201): `{ message, data: distribution }`. */
export const distributionResponseSchema = itemEnvelopeOf(distributionSchema);

/** `GET /seasons/{id}/distribution-list`: everything a printed distribution list needs. */
export const distributionSheetResponseSchema = z.object({
  data: z.object({
    season: seasonSchema,
    generated_at: timestampSchema,
    beneficiaries: z.array(seasonBeneficiarySchema),
  }),
});
export type DistributionSheet = z.infer<typeof distributionSheetResponseSchema>['data'];
