import { z } from 'zod';
import { defineEndpoints, fileResponse } from '../../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../../core/envelope';
import { defineListQuery, EXPORT_FORMATS } from '../../core/list-query';
import { phoneSchema } from '../../core/identifiers/phone';
import { defineNoun } from '../../core/plural';
import {
  entityIdSchema,
  enumInputSchema,
  optionalInput,
  nameTextSchema,
  reasonTextSchema,
  timestampSchema,
  type ExportColumn,
} from '../../core/values';
import { RUN_ALWAYS, isRecord } from '../../beneficiaries/family-member';
import { LOCAL_DATE_TIME_SHAPE, seminarStatusSchema } from './seminar';
import { seminarsAccess } from './seminar-type';

/**
 * A seminar's audience (جمهور الندوة, after CiviCRM's participant statuses):
 * members of registered families or external guests (name and phone). Registration is serialised
 * per seminar: while places remain a person is `registered`, afterwards `waiting`, in order; when
 * a registered person is removed the first waiting one moves up (`promoted_at` marks them).
 * Attendance (attended / no-show) is marked on the day for registered people. A member outside
 * the seminar's target audience is registered only with a confirmed override, kept in the entry.
 */

export const AUDIENCE_MESSAGES = {
  notFound: 'التسجيل غير موجود في هذه الندوة',
  registered: 'تم التسجيل في الندوة',
  // Without gender: a man, a woman or a guest reads the same words.
  waiting: 'اكتمل العدد: التسجيل في قائمة الانتظار',
  removed: 'أُلغي التسجيل وتحرر المقعد',
  attendanceSaved: 'تم تسجيل الحضور',
  memberNotFound: 'الفرد غير موجود أو لم يعد من أفراد أسرته',
  alreadyRegistered: 'هذا الشخص مسجل في الندوة من قبل',
  registrationClosed: (status: string) =>
    `لا يقبل التسجيل في ندوة حالتها «${status}»، يُفتح التسجيل أولاً`,
  unregisterClosed: (status: string) => `لا يمكن إلغاء التسجيل في ندوة حالتها «${status}»`,
  attendanceClosed: (status: string) => `لا يُسجل الحضور في ندوة حالتها «${status}»`,
  attendanceWaiting: 'لا يُسجل حضور من هو في قائمة الانتظار',
  attendanceNotStarted: 'لا يُسجل الحضور قبل موعد بدء الندوة',
  overrideRequired: 'الفرد خارج الفئة المستهدفة للندوة، أكّد تسجيله استثناءً',
  guestNameRequired: 'يجب إدخال اسم الضيف',
  guestPhoneRequired: 'يجب إدخال رقم جوال الضيف',
  memberRequired: 'يجب اختيار الفرد',
} as const;

/** Counting people in the audience (`countOf(n, PERSON_NOUN)`). */
export const PERSON_NOUN = defineNoun({
  one: 'شخص',
  two: 'شخصان',
  few: 'أشخاص',
  many: 'شخصاً',
  other: 'شخص',
  gender: 'masculine',
  zero: 'لا أحد',
});

export const AUDIENCE_STATES = [
  { code: 'registered', label: 'مسجل' },
  { code: 'waiting', label: 'في قائمة الانتظار' },
] as const;
export type AudienceState = (typeof AUDIENCE_STATES)[number]['code'];

export const ATTENDANCE_VALUES = [
  { code: 'attended', label: 'حضر' },
  { code: 'no_show', label: 'لم يحضر' },
] as const;
export type Attendance = (typeof ATTENDANCE_VALUES)[number]['code'];
export const attendanceSchema = enumInputSchema(['attended', 'no_show'] as const);

/**
 * `POST /seminars/{id}/audience`: a family member (`kind: member`, `member_id`; outside the
 * target audience `override_confirmed: true` is needed, else a 422 on `override_confirmed` names
 * the mismatches, and `override_reason` says why — 422 «يجب ذكر السبب» without one) or an
 * external guest (`kind: guest`, name and phone). The answer says whether the person got a place
 * or joined the waiting list.
 */
export const audienceRegistrationSchema = z
  .object({
    kind: enumInputSchema(['member', 'guest'] as const),
    member_id: optionalInput(entityIdSchema),
    override_confirmed: z.boolean().default(false),
    /** Why a member outside the target audience is registered: required with the override, kept. */
    override_reason: optionalInput(reasonTextSchema),
    guest_name: optionalInput(nameTextSchema(150, 3)),
    guest_phone: optionalInput(phoneSchema),
  })
  .superRefine(registrationRules, RUN_ALWAYS);
export type AudienceRegistrationInput = z.input<typeof audienceRegistrationSchema>;
export type AudienceRegistration = z.output<typeof audienceRegistrationSchema>;

function registrationRules(value: unknown, ctx: z.RefinementCtx): void {
  if (!isRecord(value)) return;
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', message, path: [path], input: value[path] });
  if (value.kind === 'member' && (value.member_id === null || value.member_id === undefined))
    issue('member_id', AUDIENCE_MESSAGES.memberRequired);
  if (value.kind === 'guest') {
    if (value.guest_name === null || value.guest_name === undefined)
      issue('guest_name', AUDIENCE_MESSAGES.guestNameRequired);
    if (value.guest_phone === null || value.guest_phone === undefined)
      issue('guest_phone', AUDIENCE_MESSAGES.guestPhoneRequired);
  }
}

/** `PUT /seminars/{id}/audience/{entryId}`: attended, no-show, or null to clear the mark. */
export const attendanceInputSchema = z.object({ attendance: attendanceSchema.nullable() });
export type AttendanceInput = z.input<typeof attendanceInputSchema>;

/** One person of a seminar's audience. */
export const audienceEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['member', 'guest']),
  name: z.string(),
  member_id: z.number().int().nullable(),
  national_id: z.string().nullable(),
  family: z
    .object({ id: z.number().int(), file_number: z.string(), head_name: z.string() })
    .nullable(),
  phone: z.string().nullable(),
  state: z.enum(['registered', 'waiting']),
  /** 1, 2, 3… within the waiting list (its order); null for a registered person. */
  waiting_position: z.number().int().min(1).nullable(),
  attendance: z.enum(['attended', 'no_show']).nullable(),
  attendance_at: timestampSchema.nullable(),
  registered_at: timestampSchema,
  /** When they moved up from the waiting list (the list marks them). */
  promoted_at: timestampSchema.nullable(),
  /** Registered outside the target audience: the mismatches, then «السبب: …» as given. */
  override_note: z.string().nullable(),
  registered_by: z.string().nullable(),
});
export type AudienceEntry = z.infer<typeof audienceEntrySchema>;

/** `GET /seminars/{id}/audience`: the whole audience (registered in order, then the waiting list) and its counts. */
export const audienceSchema = z.object({
  seminar: z.object({
    id: z.number().int(),
    title: z.string(),
    starts_at: z.string().regex(LOCAL_DATE_TIME_SHAPE),
    ends_at: z.string().regex(LOCAL_DATE_TIME_SHAPE),
    venue: z.string().nullable(),
    online_url: z.string().nullable(),
    presenter: z.string().nullable(),
    capacity: z.number().int(),
    status: seminarStatusSchema,
  }),
  entries: z.array(audienceEntrySchema),
  counts: z.object({
    registered: z.number().int().min(0),
    waiting: z.number().int().min(0),
    attended: z.number().int().min(0),
    no_show: z.number().int().min(0),
    unmarked: z.number().int().min(0),
    free_places: z.number().int().min(0),
  }),
});
export type Audience = z.infer<typeof audienceSchema>;
export const audienceResponseSchema = itemEnvelopeOf(audienceSchema);

/**
 * The answer of a registration, a removal or an attendance mark, in the usual `{ data }`
 * envelope: the audience as it now is, and `data.entry` — the person registered or marked, or
 * the one a removal moved up from the waiting list (null when nobody was).
 */
export const audienceChangeSchema = audienceSchema.extend({
  entry: audienceEntrySchema.nullable(),
});
export const audienceChangeResponseSchema = z.object({
  message: z.string(),
  data: audienceChangeSchema,
  /**
   * The same entry beside `data`, where the earlier answer put it: still sent for one release so
   * a client built against that answer keeps working; read `data.entry`.
   */
  entry: audienceEntrySchema.nullable().optional().meta({
    deprecated: true,
    description: 'قديم: استخدم data.entry (Deprecated: read data.entry).',
  }),
});
export type AudienceChangeResponse = z.infer<typeof audienceChangeResponseSchema>;

/** The attendance rate: attended out of those marked (attended + no-show); null before any mark. */
export function attendanceRate(
  counts: Pick<Audience['counts'], 'attended' | 'no_show'>,
): number | null {
  const marked = counts.attended + counts.no_show;
  return marked === 0 ? null : Math.round((counts.attended / marked) * 1000) / 10;
}

// ---------------------------------------------------------------------------------------------
// Candidates (the registration search)
// ---------------------------------------------------------------------------------------------

/**
 * `GET /seminars/{id}/candidates?search=`: current members of active families by name or file
 * number (Arabic-normalised), or by one whole national ID (an exact match, never a part of one),
 * each with why they fall outside the target audience and whether they are already in the
 * audience. No candidate carries a national ID: the search is open to `show_seminars`, which does
 * not show families' identity documents.
 */
export const audienceCandidatesQuery = defineListQuery({ sortable: ['name'], filters: {} });
export const audienceCandidatesQuerySchema = audienceCandidatesQuery.schema;
export type AudienceCandidatesQuery = z.output<typeof audienceCandidatesQuerySchema>;

export const audienceCandidateSchema = z.object({
  member_id: z.number().int(),
  name: z.string(),
  gender: z.string().nullable(),
  age: z.number().int().nullable(),
  family: z.object({ id: z.number().int(), file_number: z.string(), head_name: z.string() }),
  /** `audienceMismatches`: empty when the member fits the target audience. */
  outside_reasons: z.array(z.string()),
  already_registered: z.boolean(),
});
export type AudienceCandidate = z.infer<typeof audienceCandidateSchema>;
export const audienceCandidateListResponseSchema = listEnvelopeOf(audienceCandidateSchema);

// ---------------------------------------------------------------------------------------------
// Export and the family panel
// ---------------------------------------------------------------------------------------------

export const AUDIENCE_SHEETS = [
  { code: 'list', label: 'كشف الجمهور' },
  { code: 'sign_in', label: 'كشف التوقيع' },
] as const;
export type AudienceSheet = (typeof AUDIENCE_SHEETS)[number]['code'];

/** `GET /seminars/{id}/audience/export?sheet=list|sign_in&format=xlsx|csv`. */
export const audienceExportQuerySchema = z.object({
  sheet: enumInputSchema(['list', 'sign_in'] as const).default('list'),
  format: enumInputSchema(EXPORT_FORMATS).default('xlsx'),
});
export type AudienceExportQuery = z.output<typeof audienceExportQuerySchema>;

export const AUDIENCE_EXPORT_COLUMNS = [
  { key: 'number', header: 'م' },
  { key: 'name', header: 'الاسم' },
  { key: 'kind', header: 'النوع' },
  { key: 'file_number', header: 'رقم الملف' },
  { key: 'national_id', header: 'رقم الهوية' },
  { key: 'phone', header: 'رقم الجوال' },
  { key: 'state', header: 'حالة التسجيل' },
  { key: 'waiting_position', header: 'ترتيب الانتظار' },
  { key: 'attendance', header: 'الحضور' },
  { key: 'promoted', header: 'نُقل من الانتظار' },
  { key: 'override_note', header: 'تسجيل استثنائي' },
] as const satisfies readonly ExportColumn[];

/** The sign-in sheet: registered people only, with an empty signature column. */
export const AUDIENCE_SIGN_IN_COLUMNS = [
  { key: 'number', header: 'م' },
  { key: 'name', header: 'الاسم' },
  { key: 'file_number', header: 'رقم الملف' },
  { key: 'phone', header: 'رقم الجوال' },
  { key: 'signature', header: 'التوقيع' },
] as const satisfies readonly ExportColumn[];

/** `GET /seminars/attended?family_id=7`: the seminars the family's members attended (the family page's panel). */
export const attendedSeminarsQuerySchema = z.object({ family_id: entityIdSchema });

export const attendedSeminarSchema = z.object({
  entry_id: z.number().int(),
  seminar: z.object({
    id: z.number().int(),
    title: z.string(),
    starts_at: z.string().regex(LOCAL_DATE_TIME_SHAPE),
    type: z.string(),
  }),
  member: z.object({ id: z.number().int(), name: z.string() }),
});
export type AttendedSeminar = z.infer<typeof attendedSeminarSchema>;
export const attendedSeminarsResponseSchema = z.object({ data: z.array(attendedSeminarSchema) });

export const seminarAudienceEndpoints = defineEndpoints('seminar-audience', {
  attended: {
    method: 'GET',
    path: '/seminars/attended',
    query: attendedSeminarsQuerySchema,
    response: attendedSeminarsResponseSchema,
    access: seminarsAccess,
    summary: 'الندوات التي حضرها أفراد أسرة',
  },
  list: {
    method: 'GET',
    path: '/seminars/:id/audience',
    response: audienceResponseSchema,
    access: seminarsAccess,
    summary: 'جمهور الندوة (المسجلون وقائمة الانتظار)',
  },
  candidates: {
    method: 'GET',
    path: '/seminars/:id/candidates',
    query: audienceCandidatesQuerySchema,
    response: audienceCandidateListResponseSchema,
    access: seminarsAccess,
    summary: 'البحث عن أفراد الأسر لتسجيلهم في الندوة',
  },
  register: {
    method: 'POST',
    path: '/seminars/:id/audience',
    body: audienceRegistrationSchema,
    response: audienceChangeResponseSchema,
    status: 201,
    access: seminarsAccess,
    summary: 'تسجيل فرد أو ضيف في الندوة',
  },
  export: {
    method: 'GET',
    path: '/seminars/:id/audience/export',
    query: audienceExportQuerySchema,
    response: fileResponse,
    access: seminarsAccess,
    summary: 'تصدير كشف الجمهور أو كشف التوقيع (XLSX أو CSV)',
  },
  attendance: {
    method: 'PUT',
    path: '/seminars/:id/audience/:entryId',
    body: attendanceInputSchema,
    response: audienceChangeResponseSchema,
    access: seminarsAccess,
    summary: 'تسجيل حضور أو غياب',
  },
  remove: {
    method: 'DELETE',
    path: '/seminars/:id/audience/:entryId',
    response: audienceChangeResponseSchema,
    access: seminarsAccess,
    summary: 'إلغاء تسجيل (يتحرر المقعد لأول المنتظرين)',
  },
});
