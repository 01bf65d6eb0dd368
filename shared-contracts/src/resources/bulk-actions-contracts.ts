import { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { countOf, type NounName } from '../core/plural';
import {
  REASON_REQUIRED_MESSAGE,
  entityIdSchema,
  hasReason,
  reasonTextSchema,
} from '../core/values';
import { familyStatusSchema, requiresReason } from '../beneficiaries/family-status';
import { serviceRequiresReason } from '../services/service';
import {
  checkDistributionContent,
  distributionInputSchema,
  seasonBeneficiaryExcludeSchema,
} from '../beneficiaries/season';

/**
 * Bulk actions (docs/bulk-actions.md): one action on many families or services, chosen by their
 * ids (the rows ticked in a list) or by the list's own filter (every row that matches). Each item
 * goes through the same rules, permissions and transaction as its single-item endpoint; the answer
 * says which were done and why the others were refused. Above `BULK_SYNC_LIMIT` items the action
 * runs as a job, followed with `GET /bulk-actions/{id}`.
 */

/** At most this many items in one request (a 422 above). */
export const BULK_MAX_ITEMS = 1000;
/** Above this many items the action runs as a job (202) rather than inside the request. */
export const BULK_SYNC_LIMIT = 200;

export const BULK_MESSAGES = {
  tooMany: `لا يمكن تنفيذ إجراء جماعي على أكثر من ${countOf(BULK_MAX_ITEMS, 'record', { case: 'oblique' })} في الطلب الواحد`,
  selectionRequired: 'حدد السجلات المطلوبة أو معايير التصفية (أحدهما فقط)',
  nothingMatches: 'لا توجد سجلات مطابقة لمعايير التصفية',
  notFound: 'العملية الجماعية غير موجودة',
  jobFailed: 'تعذر إكمال العملية الجماعية',
  started: 'بدأ تنفيذ الإجراء الجماعي، ويمكنك متابعة تقدمه',
  seasonPermission: 'تسجيل الأسر في البرامج الموسمية يتطلب صلاحية تعديل البرامج الموسمية',
  familyNotFound: 'الأسرة غير موجودة',
  serviceNotFound: 'الخدمة غير موجودة',
  beneficiaryNotFound: 'المستفيد غير مسجل في هذا البرنامج',
  alreadyAssigned: 'الباحث الاجتماعي مسند إلى هذه الأسرة مسبقاً',
  failed: 'تعذر تنفيذ الإجراء على هذا السجل',
  confirmCountRequired: 'اكتب عدد الأسر المحددة للتأكيد',
  confirmCountMismatch: 'العدد المكتوب لا يطابق عدد الأسر المحددة للتجهيل',
} as const;

/**
 * The selection: `ids` (the ticked rows), or `filter` (the list's own query parameters, as its
 * GET takes them: `search`, `filter[status]`…; paging and sorting are ignored). Exactly one.
 */
const selectionShape = {
  ids: z
    .array(entityIdSchema)
    .min(1)
    .max(BULK_MAX_ITEMS, { error: BULK_MESSAGES.tooMany })
    .optional(),
  filter: z.record(z.string(), z.string()).optional(),
};

function oneSelection(value: { ids?: unknown; filter?: unknown }): boolean {
  return (value.ids === undefined) !== (value.filter === undefined);
}

export const FAMILY_BULK_ACTIONS = [
  'change_status',
  'assign_researcher',
  'enrol_in_season',
] as const;
export type FamilyBulkAction = (typeof FAMILY_BULK_ACTIONS)[number];

/** `POST /families/bulk`. */
export const familyBulkSchema = z
  .discriminatedUnion('action', [
    z.object({
      action: z.literal('change_status'),
      status: familyStatusSchema,
      reason: reasonTextSchema.nullish(),
      ...selectionShape,
    }),
    z.object({
      action: z.literal('assign_researcher'),
      researcher_id: entityIdSchema,
      ...selectionShape,
    }),
    z.object({
      action: z.literal('enrol_in_season'),
      season_id: entityIdSchema,
      ...selectionShape,
    }),
  ])
  .refine(oneSelection, { error: BULK_MESSAGES.selectionRequired, path: ['ids'] })
  .refine(
    (value) =>
      value.action !== 'change_status' || !requiresReason(value.status) || hasReason(value.reason),
    { error: REASON_REQUIRED_MESSAGE, path: ['reason'] },
  );
export type FamilyBulkInput = z.input<typeof familyBulkSchema>;
export type FamilyBulk = z.output<typeof familyBulkSchema>;

export const SERVICE_BULK_ACTIONS = ['approve', 'start', 'deliver', 'reject', 'cancel'] as const;
export type ServiceBulkAction = (typeof SERVICE_BULK_ACTIONS)[number];

/** The status each services' bulk action moves to. */
export const SERVICE_BULK_TARGET = {
  approve: 'approved',
  start: 'in_progress',
  deliver: 'delivered',
  reject: 'rejected',
  cancel: 'cancelled',
} as const satisfies Record<ServiceBulkAction, string>;

/** `POST /services/bulk`: reject and cancel take a reason. */
export const serviceBulkSchema = z
  .object({
    action: z.enum(SERVICE_BULK_ACTIONS),
    reason: reasonTextSchema.nullish(),
    ...selectionShape,
  })
  .refine(oneSelection, { error: BULK_MESSAGES.selectionRequired, path: ['ids'] })
  .refine(
    (value) => !serviceRequiresReason(SERVICE_BULK_TARGET[value.action]) || hasReason(value.reason),
    { error: REASON_REQUIRED_MESSAGE, path: ['reason'] },
  );
export type ServiceBulkInput = z.input<typeof serviceBulkSchema>;
export type ServiceBulk = z.output<typeof serviceBulkSchema>;

export const SEASON_BENEFICIARY_BULK_ACTIONS = ['record_distribution', 'exclude'] as const;
export type SeasonBeneficiaryBulkAction = (typeof SEASON_BENEFICIARY_BULK_ACTIONS)[number];

const distributionFields = distributionInputSchema.shape;

/**
 * `POST /seasons/{id}/beneficiaries/bulk`: the ids are the season's beneficiaries (the rows of its
 * list), the filter that list's own parameters. A handover takes what the single one takes except
 * who received it: each family's head, as on the signed distribution list (the voucher is not
 * typed, so it is not checked). Excluding takes the single exclusion's required reason.
 */
export const seasonBeneficiaryBulkSchema = z
  .discriminatedUnion('action', [
    z.object({
      action: z.literal('record_distribution'),
      kind: distributionFields.kind,
      items: distributionFields.items,
      cash_amount: distributionFields.cash_amount,
      distributed_at: distributionFields.distributed_at,
      notes: distributionFields.notes,
      ...selectionShape,
    }),
    z.object({
      action: z.literal('exclude'),
      reason: seasonBeneficiaryExcludeSchema.shape.reason,
      ...selectionShape,
    }),
  ])
  .refine(oneSelection, { error: BULK_MESSAGES.selectionRequired, path: ['ids'] })
  .superRefine((value, ctx) => {
    if (value.action === 'record_distribution') checkDistributionContent(value, ctx);
  });
export type SeasonBeneficiaryBulkInput = z.input<typeof seasonBeneficiaryBulkSchema>;
export type SeasonBeneficiaryBulk = z.output<typeof seasonBeneficiaryBulkSchema>;

/**
 * The typed confirmation of an erasure in bulk: the number of families selected, typed again
 * (docs/personal-data.md#the-privacy-page). The server compares it with the families it resolved
 * from the selection, so a filter matching more than the officer read erases nothing.
 */
const confirmCountSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z.number({ error: BULK_MESSAGES.confirmCountRequired }).int({
    error: BULK_MESSAGES.confirmCountRequired,
  }),
);

/**
 * `POST /privacy/anonymise`: the families due for anonymisation (the ids of
 * `GET /privacy/due-families`, or its filter), each erased by the family-erasure module's own
 * command. A reason is required, and `confirm_count` must be the number of families selected.
 */
export const familyAnonymiseBulkSchema = z
  .object({
    action: z.literal('anonymise'),
    reason: reasonTextSchema
      .nullish()
      .refine(hasReason, { error: REASON_REQUIRED_MESSAGE })
      .transform((reason) => reason ?? ''),
    confirm_count: confirmCountSchema,
    ...selectionShape,
  })
  .refine(oneSelection, { error: BULK_MESSAGES.selectionRequired, path: ['ids'] });
export type FamilyAnonymiseBulkInput = z.input<typeof familyAnonymiseBulkSchema>;
export type FamilyAnonymiseBulk = z.output<typeof familyAnonymiseBulkSchema>;

/** The Arabic names of the actions (the activity log names the bulk action each row was part of). */
export const BULK_ACTION_LABELS: Record<
  FamilyBulkAction | ServiceBulkAction | SeasonBeneficiaryBulkAction | 'anonymise',
  string
> = {
  change_status: 'تغيير الحالة',
  assign_researcher: 'إسناد باحث اجتماعي',
  enrol_in_season: 'التسجيل في برنامج موسمي',
  approve: 'اعتماد',
  start: 'بدء التنفيذ',
  deliver: 'تسجيل التنفيذ',
  reject: 'رفض',
  cancel: 'إلغاء',
  record_distribution: 'تسجيل الصرف',
  exclude: 'الاستبعاد من البرنامج',
  anonymise: 'تجهيل بيانات الأسر',
};

/** What a bulk action did: the items done and the ones refused, each with its Arabic reason. */
export const bulkResultSchema = z.object({
  total: z.number().int(),
  done: z.array(z.number().int()),
  failed: z.array(
    z.object({
      id: z.number().int(),
      /** The record as a person reads it (file number and head, the service and its family). */
      label: z.string().nullable(),
      message: z.string(),
    }),
  ),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const BULK_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
/** What a bulk action's items are. */
export const BULK_RESOURCES = ['families', 'services', 'season_beneficiaries'] as const;
export type BulkResource = (typeof BULK_RESOURCES)[number];

/** A bulk action run as a job: its progress, then its result. */
export const bulkJobSchema = z.object({
  job_id: z.number().int(),
  resource: z.enum(BULK_RESOURCES),
  action: z.string(),
  status: z.enum(BULK_JOB_STATUSES),
  processed: z.number().int(),
  total: z.number().int(),
  result: bulkResultSchema.nullable(),
  error: z.string().nullable(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

/** `{ data: result }` when done in the request (200), `{ data: job }` when queued (202). */
export const bulkStartResponseSchema = z.object({
  message: z.string().optional(),
  data: z.union([bulkResultSchema, bulkJobSchema]),
});
export type BulkStartResponse = z.infer<typeof bulkStartResponseSchema>;

export const bulkJobResponseSchema = z.object({ data: bulkJobSchema });

export function isBulkJob(data: BulkResult | BulkJob): data is BulkJob {
  return 'job_id' in data;
}

/**
 * «تم تحديث 38 أسرة، وتعذر تحديث أسرتين»: the summary of a result, every count through the
 * plural helper.
 */
export function bulkSummary(result: Pick<BulkResult, 'done' | 'failed'>, noun: NounName): string {
  const done = result.done.length;
  const failed = result.failed.length;
  const parts: string[] = [];
  if (done > 0) parts.push(`تم تحديث ${countOf(done, noun, { case: 'oblique' })}`);
  if (failed > 0)
    parts.push(`${done > 0 ? 'و' : ''}تعذر تحديث ${countOf(failed, noun, { case: 'oblique' })}`);
  return parts.length > 0 ? parts.join('، ') : 'لم يُحدَّث أي سجل';
}

export const bulkActionEndpoints = defineEndpoints('bulk-actions', {
  families: {
    method: 'POST',
    path: '/families/bulk',
    body: familyBulkSchema,
    response: bulkStartResponseSchema,
    // Enrolling in a season also takes edit_seasonal (checked by the API for that action).
    access: access.allOf('show_families', 'edit_families'),
    summary: 'إجراء جماعي على أسر (تغيير الحالة، إسناد باحث، التسجيل في برنامج)',
  },
  services: {
    method: 'POST',
    path: '/services/bulk',
    body: serviceBulkSchema,
    response: bulkStartResponseSchema,
    access: access.allOf('show_services'),
    summary: 'إجراء جماعي على خدمات (اعتماد، بدء التنفيذ، تسجيل التنفيذ، رفض، إلغاء)',
  },
  seasonBeneficiaries: {
    method: 'POST',
    path: '/seasons/:id/beneficiaries/bulk',
    body: seasonBeneficiaryBulkSchema,
    response: bulkStartResponseSchema,
    // What a handover and an exclusion take (and reading the season's list, for a filter).
    access: access.allOf('show_seasonal', 'edit_seasonal'),
    summary: 'إجراء جماعي على المستفيدين من برنامج (تسجيل الصرف، الاستبعاد)',
  },
  anonymise: {
    method: 'POST',
    path: '/privacy/anonymise',
    body: familyAnonymiseBulkSchema,
    response: bulkStartResponseSchema,
    // What the privacy page's list and the single erasure take.
    access: access.allOf('show_families', 'manage_personal_data', 'anonymise_families'),
    summary: 'تجهيل بيانات أسر مستحقة للتجهيل دفعة واحدة (إجراء جماعي)',
  },
  show: {
    method: 'GET',
    path: '/bulk-actions/:id',
    response: bulkJobResponseSchema,
    access: access.authenticated,
    summary: 'تقدم إجراء جماعي ونتيجته',
  },
});
