import { z } from 'zod';
import { access, defineEndpoints, fileResponse } from '../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { defineFieldVisibility, type FieldReader } from '../core/field-visibility';
import {
  booleanFilter,
  codesFilter,
  defineListQuery,
  exportQueryOf,
  idFilter,
} from '../core/list-query';
import {
  ISO_DATE_SHAPE,
  entityIdSchema,
  enumInputSchema,
  isBlank,
  isoDateSchema,
  optionalInput,
  personRefSchema,
  textSchema,
  timestampSchema,
  todayIso,
  type ExportColumn,
} from '../core/values';
import { RUN_ALWAYS, isRecord } from '../beneficiaries/family-member';
import { maySeeMedicalFields } from '../beneficiaries/medical';
import { visitsResource } from './visits';

/**
 * Field visits (الزيارات الميدانية): a researcher's visit to a family — planned with a date, a
 * researcher and a purpose, then recorded with the date it took place, its outcome, notes and
 * the observation checklist. Reading them takes `show_families`, planning and recording
 * `edit_families`. One health item of the checklist is medical (docs/medical-fields.md): the
 * API leaves it out for a reader who may not see medical fields, on every path. Decisions:
 * docs/visits.md.
 */

export const VISIT_MESSAGES = {
  notFound: 'الزيارة غير موجودة',
  familyNotFound: 'الأسرة غير موجودة',
  created: 'تم تخطيط الزيارة بنجاح',
  updated: 'تم حفظ الزيارة بنجاح',
  researcherNotFound: 'الباحث المختار غير موجود أو غير مفعّل',
  visitedOnRequired: 'يجب إدخال تاريخ الزيارة عند تسجيل نتيجتها',
  visitedOnWithoutOutcome: 'يُسجَّل تاريخ الزيارة مع نتيجتها',
  visitedInFuture: 'تاريخ الزيارة لا يمكن أن يكون في المستقبل',
  checklistNeedsVisit: 'تُسجَّل الملاحظات عند إتمام الزيارة فقط',
  reassessmentNeedsVisit: 'يُحدَّد موعد إعادة التقييم التالي عند إتمام زيارة تقييم أو إعادة تقييم',
  reassessmentBeforeVisit: 'موعد إعادة التقييم التالي يجب أن يكون بعد تاريخ الزيارة',
  dateRange: 'تاريخ البداية يجب أن يسبق تاريخ النهاية',
} as const;

// ---------------------------------------------------------------------------------------------
// Purposes, outcomes, the observation checklist
// ---------------------------------------------------------------------------------------------

export const VISIT_PURPOSES = [
  { code: 'first_assessment', label: 'تقييم أول' },
  { code: 'reassessment', label: 'إعادة تقييم' },
  { code: 'follow_up', label: 'متابعة' },
  { code: 'complaint', label: 'شكوى' },
  { code: 'emergency', label: 'حالة طارئة' },
] as const;
export type VisitPurpose = (typeof VISIT_PURPOSES)[number]['code'];
export const VISIT_PURPOSE_CODES = VISIT_PURPOSES.map((item) => item.code);
export const visitPurposeSchema = enumInputSchema(VISIT_PURPOSE_CODES);

/** Purposes after which the family's next reassessment date may be set when the visit took place. */
export const VISIT_ASSESSMENT_PURPOSES: readonly VisitPurpose[] = [
  'first_assessment',
  'reassessment',
];

export const VISIT_OUTCOMES = [
  { code: 'visited', label: 'تمت الزيارة' },
  { code: 'not_home', label: 'لم يكونوا في المنزل' },
  { code: 'refused', label: 'رفضت الأسرة الزيارة' },
  { code: 'moved', label: 'انتقلت الأسرة' },
] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number]['code'];
export const VISIT_OUTCOME_CODES = VISIT_OUTCOMES.map((item) => item.code);
export const visitOutcomeSchema = enumInputSchema(VISIT_OUTCOME_CODES);

/** planned: not recorded yet; done: recorded with an outcome. */
export const VISIT_STATUSES = [
  { code: 'planned', label: 'مخططة' },
  { code: 'done', label: 'منجزة' },
] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number]['code'];
export const VISIT_STATUS_CODES = VISIT_STATUSES.map((item) => item.code);

/**
 * The observation checklist, defined once: each item's key (its column, response key and
 * activity-log field), its Arabic question and its answers. `medical` items follow the medical
 * rule (`VISIT_FIELD_VISIBILITY`).
 */
export const VISIT_CHECKLIST = [
  {
    key: 'housing_condition',
    label: 'حالة السكن',
    medical: false,
    options: [
      { code: 'good', label: 'جيدة' },
      { code: 'fair', label: 'متوسطة' },
      { code: 'poor', label: 'سيئة' },
    ],
  },
  {
    key: 'furniture',
    label: 'الأثاث',
    medical: false,
    options: [
      { code: 'adequate', label: 'كافٍ' },
      { code: 'partial', label: 'ناقص' },
      { code: 'none', label: 'غير موجود' },
    ],
  },
  {
    key: 'appliances',
    label: 'الأجهزة المنزلية',
    medical: false,
    options: [
      { code: 'working', label: 'متوفرة وتعمل' },
      { code: 'partial', label: 'ناقصة أو معطلة' },
      { code: 'none', label: 'غير موجودة' },
    ],
  },
  {
    key: 'health_needs_seen',
    label: 'احتياجات صحية ملاحظة',
    medical: true,
    options: [
      { code: 'none', label: 'لا توجد' },
      { code: 'some', label: 'توجد احتياجات صحية' },
      { code: 'urgent', label: 'احتياج صحي عاجل' },
    ],
  },
  {
    key: 'children_schooling',
    label: 'انتظام الأطفال في الدراسة',
    medical: false,
    options: [
      { code: 'all', label: 'جميعهم منتظمون' },
      { code: 'some', label: 'بعضهم غير منتظم' },
      { code: 'none', label: 'غير منتظمين' },
      { code: 'no_children', label: 'لا يوجد أطفال في سن الدراسة' },
    ],
  },
] as const;
export type VisitChecklistKey = (typeof VISIT_CHECKLIST)[number]['key'];
export const VISIT_CHECKLIST_KEYS = VISIT_CHECKLIST.map((item) => item.key);

/** The answer codes of one checklist item. */
export type VisitChecklistCode<K extends VisitChecklistKey> = Extract<
  (typeof VISIT_CHECKLIST)[number],
  { key: K }
>['options'][number]['code'];

function checklistItem<K extends VisitChecklistKey>(key: K) {
  const item = VISIT_CHECKLIST.find((entry) => entry.key === key);
  if (!item) throw new Error(`unknown checklist item ${key}`);
  return item;
}
function checklistSchema<K extends VisitChecklistKey>(key: K) {
  const codes = checklistItem(key).options.map((option) => option.code) as VisitChecklistCode<K>[];
  return enumInputSchema(codes as readonly VisitChecklistCode<K>[]);
}

/** The Arabic answer of a checklist item's code (the code itself when unknown). */
export function visitChecklistLabel(key: VisitChecklistKey, code: string | null): string | null {
  if (code === null) return null;
  const option = checklistItem(key).options.find((entry) => entry.code === code);
  return option?.label ?? code;
}

export function visitPurposeLabel(code: string): string {
  return VISIT_PURPOSES.find((item) => item.code === code)?.label ?? code;
}
export function visitOutcomeLabel(code: string | null): string | null {
  if (code === null) return null;
  return VISIT_OUTCOMES.find((item) => item.code === code)?.label ?? code;
}
export function visitStatusLabel(code: VisitStatus): string {
  return VISIT_STATUSES.find((item) => item.code === code)?.label ?? code;
}

/**
 * Who may see each checklist field (docs/medical-fields.md): the health item only for readers
 * who see medical fields — the same keys as the members' health status. The visit answers, the
 * list, the export and the activity log (the family timeline) all apply it.
 */
export const VISIT_FIELD_VISIBILITY = defineFieldVisibility({
  health_needs_seen: ['edit_families'],
});
export const MEDICAL_VISIT_FIELDS = VISIT_CHECKLIST.filter((item) => item.medical).map(
  (item) => item.key,
);

/** True when the reader may see the checklist's medical items (the medical rule's one answer). */
export function maySeeVisitHealthNeeds(reader: FieldReader): boolean {
  return maySeeMedicalFields(reader);
}

/** The activity-log field visibility of the visits' entity type. */
export const VISITS_ACTIVITY_FIELD_VISIBILITY = { visit: VISIT_FIELD_VISIBILITY } as const;

/** The Arabic name of each field of a visit (its declaration's, `resources/visits.ts`). */
export const VISIT_FIELD_LABELS = visitsResource.fields;

/** Not recorded and planned before today (Riyadh calendar). */
export function isVisitOverdue(
  visit: { outcome: string | null; planned_date: string },
  today: string = todayIso(),
): boolean {
  return visit.outcome === null && visit.planned_date < today;
}

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/** `POST /families/{id}/visits`: plan a visit. The API checks the researcher is an active employee. */
export const visitPlanSchema = z.object({
  planned_date: isoDateSchema,
  researcher_id: entityIdSchema,
  purpose: visitPurposeSchema,
  notes: optionalInput(textSchema(2000)),
});
export type VisitPlanInput = z.output<typeof visitPlanSchema>;
export type VisitPlanFormValues = z.input<typeof visitPlanSchema>;

function recordRules(value: unknown, ctx: z.RefinementCtx): void {
  if (!isRecord(value)) return;
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', message, path: [path], input: value[path] });
  const present = (key: string) => !isBlank(value[key]);
  const date = (key: string): string | null => {
    const field = value[key];
    return typeof field === 'string' && ISO_DATE_SHAPE.test(field) ? field : null;
  };
  const outcome = present('outcome') ? value.outcome : null;
  const visited = date('visited_on');
  if (outcome !== null && !present('visited_on'))
    issue('visited_on', VISIT_MESSAGES.visitedOnRequired);
  if (outcome === null && present('visited_on'))
    issue('visited_on', VISIT_MESSAGES.visitedOnWithoutOutcome);
  if (visited && visited > todayIso()) issue('visited_on', VISIT_MESSAGES.visitedInFuture);
  if (outcome !== 'visited') {
    for (const key of VISIT_CHECKLIST_KEYS)
      if (present(key)) issue(key, VISIT_MESSAGES.checklistNeedsVisit);
  }
  if (present('next_reassessment_date')) {
    const purpose = value.purpose;
    if (
      outcome !== 'visited' ||
      typeof purpose !== 'string' ||
      !(VISIT_ASSESSMENT_PURPOSES as readonly string[]).includes(purpose)
    )
      issue('next_reassessment_date', VISIT_MESSAGES.reassessmentNeedsVisit);
    else {
      const next = date('next_reassessment_date');
      if (next && visited && next <= visited)
        issue('next_reassessment_date', VISIT_MESSAGES.reassessmentBeforeVisit);
    }
  }
}

/**
 * `PUT /visits/{id}`: reschedule (another date, researcher or purpose) or record the visit
 * (`outcome` with `visited_on`, not in the future; the checklist when the family was visited).
 * Clearing `outcome` turns a recorded visit back into a planned one. `next_reassessment_date`,
 * after a visit of assessment or reassessment that took place, becomes the family's next
 * reassessment date.
 */
export const visitUpdateSchema = z
  .object({
    planned_date: isoDateSchema,
    researcher_id: entityIdSchema,
    purpose: visitPurposeSchema,
    notes: optionalInput(textSchema(2000)),
    outcome: optionalInput(visitOutcomeSchema),
    visited_on: optionalInput(isoDateSchema),
    housing_condition: optionalInput(checklistSchema('housing_condition')),
    furniture: optionalInput(checklistSchema('furniture')),
    appliances: optionalInput(checklistSchema('appliances')),
    health_needs_seen: optionalInput(checklistSchema('health_needs_seen')),
    children_schooling: optionalInput(checklistSchema('children_schooling')),
    next_reassessment_date: optionalInput(isoDateSchema),
  })
  .superRefine(recordRules, RUN_ALWAYS);
export type VisitUpdateInput = z.output<typeof visitUpdateSchema>;
export type VisitUpdateFormValues = z.input<typeof visitUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** The family as a visit names it: enough for the list and the route sheet. */
export const visitFamilyRefSchema = z.object({
  id: z.number().int(),
  file_number: z.string(),
  head_name: z.string(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  address: z.string().nullable(),
  primary_phone: z.string().nullable(),
  alt_phone: z.string().nullable(),
});
export type VisitFamilyRef = z.infer<typeof visitFamilyRefSchema>;

/**
 * One visit. `health_needs_seen` is absent (not null) for a reader who may not see medical
 * fields (`VISIT_FIELD_VISIBILITY`).
 */
export const visitSchema = z.object({
  id: z.number().int(),
  family: visitFamilyRefSchema,
  researcher: personRefSchema.nullable(),
  purpose: visitPurposeSchema,
  planned_date: z.iso.date(),
  status: enumInputSchema(VISIT_STATUS_CODES),
  /** Not recorded and planned before today (`isVisitOverdue`, computed by the API in Riyadh time). */
  overdue: z.boolean(),
  visited_on: z.iso.date().nullable(),
  outcome: visitOutcomeSchema.nullable(),
  notes: z.string().nullable(),
  housing_condition: checklistSchema('housing_condition').nullable(),
  furniture: checklistSchema('furniture').nullable(),
  appliances: checklistSchema('appliances').nullable(),
  health_needs_seen: checklistSchema('health_needs_seen').nullable().optional(),
  children_schooling: checklistSchema('children_schooling').nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Visit = z.infer<typeof visitSchema>;
export const visitListResponseSchema = listEnvelopeOf(visitSchema);
export const visitResponseSchema = itemEnvelopeOf(visitSchema);

/** A visit turned back into the `PUT` body (the record form's defaults). */
export function visitToUpdateInput(visit: Visit): VisitUpdateFormValues {
  return {
    planned_date: visit.planned_date,
    researcher_id: visit.researcher?.id ?? '',
    purpose: visit.purpose,
    notes: visit.notes,
    outcome: visit.outcome,
    visited_on: visit.visited_on,
    housing_condition: visit.housing_condition,
    furniture: visit.furniture,
    appliances: visit.appliances,
    health_needs_seen: visit.health_needs_seen ?? null,
    children_schooling: visit.children_schooling,
    next_reassessment_date: null,
  };
}

// ---------------------------------------------------------------------------------------------
// List and export
// ---------------------------------------------------------------------------------------------

/** A `YYYY-MM-DD` list filter; blank means "no filter". */
function dateFilter() {
  return z
    .preprocess((value: unknown) => (isBlank(value) ? undefined : value), isoDateSchema.optional())
    .optional();
}

export const VISIT_SORTABLE = [
  'visit_date',
  'planned_date',
  'visited_on',
  'district',
  'created_at',
] as const;

/** How many days ahead a planned visit counts as due (`filter[due]=true`). */
export const VISIT_DUE_DAYS = 7;

/**
 * `GET /visits?filter[researcher_id]=3&filter[status]=planned&filter[due]=true
 * &filter[overdue]=true&filter[outcome]=visited,refused&filter[family_id]=7
 * &filter[from]=2026-11-01&filter[to]=2026-11-30`. The period is on the visit's date (the day it
 * took place once recorded, else its planned date), both ends inclusive. `due`: not recorded and
 * planned up to `VISIT_DUE_DAYS` days from today (overdue ones included). Search: the family's
 * file number and head's name, its district and the researcher's name. Default order: the
 * visit's date, newest first.
 */
export const visitListQuery = defineListQuery({
  sortable: VISIT_SORTABLE,
  filters: {
    researcher_id: idFilter(),
    family_id: idFilter(),
    status: codesFilter(VISIT_STATUS_CODES),
    outcome: codesFilter(VISIT_OUTCOME_CODES),
    purpose: codesFilter(VISIT_PURPOSE_CODES),
    due: booleanFilter(),
    overdue: booleanFilter(),
    from: dateFilter(),
    to: dateFilter(),
  },
});
export const visitListQuerySchema = visitListQuery.schema;
export type VisitListQuery = z.output<typeof visitListQuerySchema>;

/** `GET /visits/export`: the list's search, filters and sort, `format=xlsx` (default) or `csv`. */
export const visitExportQuerySchema = exportQueryOf(visitListQuerySchema);

/** The export's columns, in order (`health_needs_seen` only for who sees medical fields). */
export const VISIT_EXPORT_COLUMNS = [
  { key: 'id', header: 'رقم الزيارة' },
  { key: 'file_number', header: 'رقم الملف' },
  { key: 'head_name', header: 'رب الأسرة' },
  { key: 'district', header: 'الحي' },
  { key: 'researcher', header: 'الباحث الاجتماعي' },
  { key: 'purpose', header: 'الغرض من الزيارة' },
  { key: 'planned_date', header: 'موعد الزيارة' },
  { key: 'status', header: 'الحالة' },
  { key: 'overdue', header: 'متأخرة' },
  { key: 'visited_on', header: 'تاريخ الزيارة' },
  { key: 'outcome', header: 'نتيجة الزيارة' },
  { key: 'housing_condition', header: 'حالة السكن' },
  { key: 'furniture', header: 'الأثاث' },
  { key: 'appliances', header: 'الأجهزة المنزلية' },
  { key: 'health_needs_seen', header: 'احتياجات صحية ملاحظة' },
  { key: 'children_schooling', header: 'انتظام الأطفال في الدراسة' },
  { key: 'notes', header: 'ملاحظات' },
] as const satisfies readonly ExportColumn[];

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

const readVisits = access.allOf('show_families');
const writeVisits = access.allOf('edit_families');

export const visitEndpoints = defineEndpoints('visits', {
  list: {
    method: 'GET',
    path: '/visits',
    query: visitListQuerySchema,
    response: visitListResponseSchema,
    access: readVisits,
    summary: 'الزيارات الميدانية',
  },
  export: {
    method: 'GET',
    path: '/visits/export',
    query: visitExportQuerySchema,
    response: fileResponse,
    access: readVisits,
    summary: 'تصدير الزيارات الميدانية (XLSX أو CSV)',
  },
  familyList: {
    method: 'GET',
    path: '/families/:id/visits',
    query: visitListQuerySchema,
    response: visitListResponseSchema,
    access: readVisits,
    summary: 'زيارات الأسرة',
  },
  create: {
    method: 'POST',
    path: '/families/:id/visits',
    body: visitPlanSchema,
    response: visitResponseSchema,
    status: 201,
    access: writeVisits,
    summary: 'تخطيط زيارة لأسرة',
  },
  update: {
    method: 'PUT',
    path: '/visits/:id',
    body: visitUpdateSchema,
    response: visitResponseSchema,
    access: writeVisits,
    summary: 'تسجيل زيارة أو إعادة جدولتها',
  },
});
