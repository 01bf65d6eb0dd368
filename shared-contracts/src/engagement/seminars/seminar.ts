import { z } from 'zod';
import { defineEndpoints } from '../../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../../core/envelope';
import { seminarsResource } from '../../resources/seminars';
import { codesFilter, defineListQuery, idFilter } from '../../core/list-query';
import { ageOf, ageRangeOf, defineNoun } from '../../core/plural';
import { normaliseDigits } from '../../core/text';
import { LOCAL_DATE_TIME_HINT, withOpenApiHint } from '../../core/openapi-hints';
import {
  REASON_REQUIRED_MESSAGE,
  entityIdSchema,
  enumInputSchema,
  hasReason,
  integerInputSchema,
  isoDateSchema,
  isBlank,
  optionalInput,
  reasonTextSchema,
  nameTextSchema,
  textSchema,
  timestampSchema,
} from '../../core/values';
import { RUN_ALWAYS, isRecord } from '../../beneficiaries/family-member';
import {
  FAMILY_CATEGORIES,
  GENDERS,
  codesOf,
  labelOf,
  type LookupItem,
} from '../../beneficiaries/lookups';
import { seminarsAccess } from './seminar-type';

/**
 * Seminars and training courses (ندوات ودورات): what, who presents it, where (a
 * venue or an online link), when (start and end, Riyadh wall-clock time), how many places, whom
 * it targets (gender, age range, family categories) and its workflow
 *
 *   planned ──► open (registration) ──► closed ──► held
 *      │              │      ▲             │
 *      │              │      └─────────────┤ (reopened)
 *      └──────────────┴────────────────────┴──► cancelled (reason)
 *
 * Everything here needs `show_seminars`.
 */

export const SEMINAR_MESSAGES = {
  notFound: 'الندوة غير موجودة',
  created: 'تمت إضافة الندوة بنجاح',
  updated: 'تم تحديث بيانات الندوة بنجاح',
  statusChanged: 'تم تغيير حالة الندوة بنجاح',
  endBeforeStart: 'وقت النهاية يجب أن يكون بعد وقت البداية',
  invalidDateTime: 'تاريخ ووقت غير صالحين',
  placeRequired: 'يجب إدخال مكان الندوة أو رابط حضورها عن بعد',
  invalidLink: 'رابط الحضور عن بعد غير صالح، أدخل رابط الاجتماع كاملاً',
  ageRange: 'الحد الأعلى للعمر يجب ألا يقل عن الحد الأدنى',
  typeInactive: 'نوع الندوة غير موجود أو موقوف',
  axisInactive: 'المحور المختار غير موجود أو غير مفعّل',
  capacityBelowRegistered: (registered: number) =>
    `لا يمكن أن تقل السعة عن عدد المسجلين حالياً (${registered})`,
  closedForEdit: (status: string) => `لا يمكن تعديل ندوة حالتها «${status}»`,
  dateRange: 'تاريخ البداية يجب أن يسبق تاريخ النهاية',
} as const;

/** Counting seminars in Arabic (`countOf(n, SEMINAR_NOUN)`). */
export const SEMINAR_NOUN = defineNoun({
  one: 'ندوة',
  two: 'ندوتان',
  few: 'ندوات',
  many: 'ندوة',
  other: 'ندوة',
  gender: 'feminine',
  zero: 'لا توجد ندوات',
});

// ---------------------------------------------------------------------------------------------
// Status workflow
// ---------------------------------------------------------------------------------------------

export const SEMINAR_STATUSES = [
  { code: 'planned', label: 'مخطط لها' },
  { code: 'open', label: 'مفتوحة للتسجيل' },
  { code: 'closed', label: 'مغلق التسجيل' },
  { code: 'held', label: 'منعقدة' },
  { code: 'cancelled', label: 'ملغاة' },
] as const satisfies readonly LookupItem[];
export type SeminarStatus = (typeof SEMINAR_STATUSES)[number]['code'];
export const SEMINAR_STATUS_CODES = codesOf(SEMINAR_STATUSES);
export const seminarStatusSchema = enumInputSchema(SEMINAR_STATUS_CODES);

export const SEMINAR_STATUS_TRANSITIONS: Readonly<Record<SeminarStatus, readonly SeminarStatus[]>> =
  {
    planned: ['open', 'cancelled'],
    open: ['closed', 'cancelled'],
    closed: ['held', 'open', 'cancelled'],
    held: [],
    cancelled: [],
  };

/** The button verbs of each move. */
export const SEMINAR_STATUS_ACTION_LABELS: Readonly<Record<SeminarStatus, string>> = {
  planned: 'إعادة إلى التخطيط',
  open: 'فتح التسجيل',
  closed: 'إغلاق التسجيل',
  held: 'تسجيل انعقاد الندوة',
  cancelled: 'إلغاء الندوة',
};

/**
 * What a seminar in each status allows: editing its data, registering people (only while open),
 * removing a registration (which frees the place), and marking attendance (from the day
 * registration opens until it was held).
 */
export const SEMINAR_STATUS_CAPABILITIES: Readonly<
  Record<
    SeminarStatus,
    { edit: boolean; register: boolean; unregister: boolean; attendance: boolean }
  >
> = {
  planned: { edit: true, register: false, unregister: true, attendance: false },
  open: { edit: true, register: true, unregister: true, attendance: true },
  closed: { edit: true, register: false, unregister: true, attendance: true },
  held: { edit: false, register: false, unregister: false, attendance: true },
  cancelled: { edit: false, register: false, unregister: false, attendance: false },
};

export function seminarStatusLabel(status: SeminarStatus): string {
  return labelOf(SEMINAR_STATUSES, status);
}

export function nextSeminarStatuses(from: SeminarStatus): readonly SeminarStatus[] {
  return SEMINAR_STATUS_TRANSITIONS[from];
}

/** The Arabic message of a refused move (the API answers 409 with it); null when allowed. */
export function seminarTransitionError(from: SeminarStatus, to: SeminarStatus): string | null {
  if (SEMINAR_STATUS_TRANSITIONS[from].includes(to)) return null;
  return `لا يمكن نقل الندوة من حالة «${seminarStatusLabel(from)}» إلى حالة «${seminarStatusLabel(to)}»`;
}

// ---------------------------------------------------------------------------------------------
// Target audience
// ---------------------------------------------------------------------------------------------

export const AGE_MIN = 0;
export const AGE_MAX = 120;

/** Whom a seminar targets; null / empty means "anyone". */
export interface SeminarTarget {
  target_gender: 'male' | 'female' | null;
  target_age_min: number | null;
  target_age_max: number | null;
  target_categories: readonly string[];
}

/** A person as the target check reads them. */
export interface AudienceCandidateFacts {
  gender: string | null;
  birth_date: string | null;
  family_categories: readonly string[];
}

/** Whole years between a birth date and a day (both `YYYY-MM-DD`). */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * Why a person falls outside a seminar's target (Arabic, one line per reason), empty when they
 * fit. Unknown facts (no gender, no birth date) do not count against them. `day` is the
 * seminar's start date (the age that matters is the age on the day).
 */
export function audienceMismatches(
  target: SeminarTarget,
  person: AudienceCandidateFacts,
  day: string,
): string[] {
  const reasons: string[] = [];
  if (target.target_gender && person.gender && person.gender !== target.target_gender) {
    reasons.push(`الندوة موجهة لفئة «${labelOf(GENDERS, target.target_gender)}»`);
  }
  if (person.birth_date && (target.target_age_min !== null || target.target_age_max !== null)) {
    const age = ageOn(person.birth_date, day);
    if (
      (target.target_age_min !== null && age < target.target_age_min) ||
      (target.target_age_max !== null && age > target.target_age_max)
    ) {
      reasons.push(`العمر (${ageOf(age)}) خارج الفئة العمرية المستهدفة (${targetAgeText(target)})`);
    }
  }
  if (
    target.target_categories.length > 0 &&
    !target.target_categories.some((code) => person.family_categories.includes(code))
  ) {
    reasons.push(
      `الأسرة ليست من الفئات المستهدفة (${target.target_categories.map((code) => labelOf(FAMILY_CATEGORIES, code)).join('، ')})`,
    );
  }
  return reasons;
}

/** "من 18 إلى 40 سنة", "18 سنة فأكثر", "حتى 12 سنة", or "كل الأعمار" (`ageRangeOf`). */
export function targetAgeText(
  target: Pick<SeminarTarget, 'target_age_min' | 'target_age_max'>,
): string {
  return ageRangeOf(target.target_age_min, target.target_age_max);
}

/** The whole target in one Arabic line (show page, list tooltip, print header). */
export function targetText(target: SeminarTarget): string {
  const parts = [
    target.target_gender ? labelOf(GENDERS, target.target_gender) : 'الجنسان',
    targetAgeText(target),
  ];
  if (target.target_categories.length > 0)
    parts.push(target.target_categories.map((code) => labelOf(FAMILY_CATEGORIES, code)).join('، '));
  return parts.join(' — ');
}

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/** The Arabic name of each field of a seminar, for its form (its declaration's, `resources/seminars.ts`). */
export const SEMINAR_FIELD_LABELS = seminarsResource.fields;

/** Riyadh wall-clock time as a `datetime-local` input gives it: `2026-12-01T17:30`. */
export const LOCAL_DATE_TIME_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

function isCalendarDateTime(value: string): boolean {
  if (!LOCAL_DATE_TIME_SHAPE.test(value)) return false;
  const date = new Date(`${value}:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 16) === value;
}

/** A `YYYY-MM-DDTHH:MM` time (Arabic-Indic digits accepted; a space for the `T` too). */
export const localDateTimeSchema = withOpenApiHint(
  z
    .string({
      error: (issue) =>
        issue.input == null ? 'هذا الحقل مطلوب' : SEMINAR_MESSAGES.invalidDateTime,
    })
    .transform((value) => normaliseDigits(value).trim().replace(' ', 'T').slice(0, 16))
    .refine((value) => value !== '', { error: 'هذا الحقل مطلوب' })
    .refine((value) => value === '' || isCalendarDateTime(value), {
      error: SEMINAR_MESSAGES.invalidDateTime,
    }),
  LOCAL_DATE_TIME_HINT,
);

/** Riyadh's offset from UTC all year (Saudi Arabia keeps no daylight saving). */
const RIYADH_OFFSET_MS = 3 * 3_600_000;

/** The Riyadh wall-clock time of an instant, in the `YYYY-MM-DDTHH:MM` shape seminars keep. */
export function riyadhLocalDateTime(now: Date = new Date()): string {
  return new Date(now.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 16);
}

/**
 * True once the seminar's start time has come (Riyadh wall clock). Attendance is a fact of the
 * day: before the start nobody can have attended or missed it, so the API refuses a mark and the
 * audience page disables its buttons with the reason.
 */
export function seminarHasStarted(seminar: { starts_at: string }, now: Date = new Date()): boolean {
  return seminar.starts_at <= riyadhLocalDateTime(now);
}

/** An online link: http(s) only (`https://` added when missing). */
export const onlineLinkSchema = z
  .string()
  .trim()
  .max(500)
  .transform((value) => (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`))
  .pipe(z.url({ protocol: /^https?$/, hostname: /\./, error: SEMINAR_MESSAGES.invalidLink }));

const targetGenderSchema = enumInputSchema(['male', 'female'] as const);
const categoryCodes = codesOf(FAMILY_CATEGORIES);

function seminarRules(value: unknown, ctx: z.RefinementCtx): void {
  if (!isRecord(value)) return;
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', message, path: [path], input: value[path] });
  const start = value.starts_at;
  const end = value.ends_at;
  if (
    typeof start === 'string' &&
    typeof end === 'string' &&
    isCalendarDateTime(start) &&
    isCalendarDateTime(end) &&
    end <= start
  ) {
    issue('ends_at', SEMINAR_MESSAGES.endBeforeStart);
  }
  if (isBlank(value.venue) && isBlank(value.online_url))
    issue('venue', SEMINAR_MESSAGES.placeRequired);
  const min = value.target_age_min;
  const max = value.target_age_max;
  if (typeof min === 'number' && typeof max === 'number' && max < min)
    issue('target_age_max', SEMINAR_MESSAGES.ageRange);
}

/**
 * `POST /seminars` (a new seminar starts `planned`) and `PUT /seminars/{id}`; status changes go
 * through `POST /seminars/{id}/status`. The API also checks: the type is active and the axis is
 * an active services axis (what an edited seminar already holds stays accepted), the seminar's
 * status allows editing, and the capacity is not below the people already registered (raising it
 * moves the waiting list up).
 */
export const seminarInputSchema = z
  .object({
    title: nameTextSchema(200, 3),
    seminar_type_id: entityIdSchema,
    axis_id: optionalInput(entityIdSchema),
    presenter: optionalInput(nameTextSchema(200, 2)),
    venue: optionalInput(textSchema(300, 2)),
    online_url: optionalInput(onlineLinkSchema),
    starts_at: localDateTimeSchema,
    ends_at: localDateTimeSchema,
    capacity: integerInputSchema(1, 10_000),
    target_gender: optionalInput(targetGenderSchema),
    target_age_min: optionalInput(integerInputSchema(AGE_MIN, AGE_MAX)),
    target_age_max: optionalInput(integerInputSchema(AGE_MIN, AGE_MAX)),
    target_categories: z
      .array(enumInputSchema(categoryCodes))
      .max(categoryCodes.length)
      .default([]),
    description: optionalInput(textSchema(4000)),
  })
  .superRefine(seminarRules, RUN_ALWAYS);
export type SeminarInput = z.output<typeof seminarInputSchema>;
export type SeminarFormValues = z.input<typeof seminarInputSchema>;

/** `POST /seminars/{id}/status`: cancelling needs a reason (≥ 3 characters). */
export const seminarStatusChangeSchema = z
  .object({ status: seminarStatusSchema, reason: reasonTextSchema.nullish() })
  .refine((value) => value.status !== 'cancelled' || hasReason(value.reason), {
    error: REASON_REQUIRED_MESSAGE,
    path: ['reason'],
  });
export type SeminarStatusChangeInput = z.input<typeof seminarStatusChangeSchema>;
export type SeminarStatusChange = z.output<typeof seminarStatusChangeSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const namedRef = z.object({ id: z.number().int(), name: z.string() });

/** A seminar in a list. Times are Riyadh wall-clock `YYYY-MM-DDTHH:MM`. */
export const seminarSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  seminar_type: namedRef,
  axis: namedRef.nullable(),
  presenter: z.string().nullable(),
  venue: z.string().nullable(),
  online_url: z.string().nullable(),
  starts_at: z.string().regex(LOCAL_DATE_TIME_SHAPE),
  ends_at: z.string().regex(LOCAL_DATE_TIME_SHAPE),
  capacity: z.number().int().min(1),
  target_gender: z.enum(['male', 'female']).nullable(),
  target_age_min: z.number().int().nullable(),
  target_age_max: z.number().int().nullable(),
  target_categories: z.array(z.enum(categoryCodes)),
  status: seminarStatusSchema,
  status_reason: z.string().nullable(),
  registered_count: z.number().int().min(0),
  waiting_count: z.number().int().min(0),
  attended_count: z.number().int().min(0),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Seminar = z.infer<typeof seminarSchema>;

export const seminarDetailSchema = seminarSchema.extend({
  description: z.string().nullable(),
  status_changed_at: timestampSchema.nullable(),
  status_changed_by: namedRef.nullable(),
});
export type SeminarDetail = z.infer<typeof seminarDetailSchema>;

export const seminarListResponseSchema = listEnvelopeOf(seminarSchema);
export const seminarResponseSchema = itemEnvelopeOf(seminarDetailSchema);

/** A seminar turned back into the write body (edit form defaults). */
export function seminarToInput(seminar: SeminarDetail): SeminarFormValues {
  return {
    title: seminar.title,
    seminar_type_id: seminar.seminar_type.id,
    axis_id: seminar.axis?.id ?? null,
    presenter: seminar.presenter,
    venue: seminar.venue,
    online_url: seminar.online_url,
    starts_at: seminar.starts_at,
    ends_at: seminar.ends_at,
    capacity: seminar.capacity,
    target_gender: seminar.target_gender,
    target_age_min: seminar.target_age_min,
    target_age_max: seminar.target_age_max,
    target_categories: seminar.target_categories,
    description: seminar.description,
  };
}

// ---------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------

export const SEMINAR_SORTABLE = ['starts_at', 'title', 'status', 'capacity', 'created_at'] as const;

function dateFilter() {
  return z
    .preprocess((value: unknown) => (isBlank(value) ? undefined : value), isoDateSchema.optional())
    .optional();
}

/**
 * `GET /seminars?search=&filter[status]=open,closed&filter[seminar_type_id]=2&filter[axis_id]=1
 * &filter[from]=2026-01-01&filter[to]=2026-03-31`. The range is on the start date, both ends
 * inclusive (`from` after `to` is a 422 at `filter.to`). Search: title, presenter, venue, the
 * type's name (Arabic-normalised). Default order: the newest start first.
 */
export const seminarListQuery = defineListQuery({
  sortable: SEMINAR_SORTABLE,
  filters: {
    status: codesFilter(SEMINAR_STATUS_CODES),
    seminar_type_id: idFilter(),
    axis_id: idFilter(),
    from: dateFilter(),
    to: dateFilter(),
  },
});
export const seminarListQuerySchema = seminarListQuery.schema;
export const toSeminarListParams = seminarListQuery.toParams;
export type SeminarListQuery = z.output<typeof seminarListQuerySchema>;

/** `GET /seminars/options`: what the seminar form and filters pick from (a seminars officer may lack show_services). */
export const seminarOptionsSchema = z.object({
  types: z.array(namedRef.extend({ active: z.boolean() })),
  axes: z.array(namedRef.extend({ active: z.boolean() })),
});
export type SeminarOptions = z.infer<typeof seminarOptionsSchema>;
export const seminarOptionsResponseSchema = itemEnvelopeOf(seminarOptionsSchema);

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

export const seminarEndpoints = defineEndpoints('seminars', {
  list: {
    method: 'GET',
    path: '/seminars',
    query: seminarListQuerySchema,
    response: seminarListResponseSchema,
    access: seminarsAccess,
    summary: 'الندوات والدورات',
  },
  options: {
    method: 'GET',
    path: '/seminars/options',
    response: seminarOptionsResponseSchema,
    access: seminarsAccess,
    summary: 'أنواع الندوات والمحاور التي يختار منها نموذج الندوة',
  },
  show: {
    method: 'GET',
    path: '/seminars/:id',
    response: seminarResponseSchema,
    access: seminarsAccess,
    summary: 'بيانات ندوة',
  },
  create: {
    method: 'POST',
    path: '/seminars',
    body: seminarInputSchema,
    response: seminarResponseSchema,
    status: 201,
    access: seminarsAccess,
    summary: 'إضافة ندوة',
  },
  update: {
    method: 'PUT',
    path: '/seminars/:id',
    body: seminarInputSchema,
    response: seminarResponseSchema,
    access: seminarsAccess,
    summary: 'تعديل ندوة',
  },
  status: {
    method: 'POST',
    path: '/seminars/:id/status',
    body: seminarStatusChangeSchema,
    response: seminarResponseSchema,
    access: seminarsAccess,
    summary: 'تغيير حالة الندوة',
  },
});
