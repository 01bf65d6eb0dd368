import { z } from 'zod';
import { access, defineEndpoints, fileResponse } from '../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { servicesResource } from '../resources/services';
import {
  booleanFilter,
  codesFilter,
  defineListQuery,
  exportQueryOf,
  idFilter,
} from '../core/list-query';
import {
  ISO_DATE_SHAPE,
  REASON_REQUIRED_MESSAGE,
  entityIdSchema,
  enumInputSchema,
  hasReason,
  integerInputSchema,
  isoDateSchema,
  moneyInputSchema,
  moneyResponseSchema,
  optionalInput,
  personRefSchema,
  reasonTextSchema,
  textSchema,
  timestampSchema,
  todayIso,
  type ExportColumn,
} from '../core/values';
import { RUN_ALWAYS, isRecord } from '../beneficiaries/family-member';
import {
  familyStatusLabel,
  familyStatusSchema,
  type FamilyStatus,
} from '../beneficiaries/family-status';
import { codesOf, type LookupItem } from '../beneficiaries/lookups';
import { dateFilter, namedRefSchema } from './common';

/**
 * Services delivered to families (خدمات): one record per service requested for a
 * family (optionally for one of its members), its workflow
 *
 *   requested ──► approved ──► in_progress ──► delivered
 *       │            │              │
 *       ├──► rejected (reason)      │
 *       └────────────┴──────────────┴──► cancelled (reason)
 *
 * with every change kept in its status history, the overdue flag (past the expected date and
 * still open), the list, its export and the per-family counts of the family page's panel.
 * Everything here needs `show_services`.
 */

export const SERVICE_MESSAGES = {
  notFound: 'الخدمة غير موجودة',
  created: 'تم تسجيل طلب الخدمة بنجاح',
  updated: 'تم تحديث بيانات الخدمة بنجاح',
  statusChanged: 'تم تغيير حالة الخدمة بنجاح',
  requestInFuture: 'تاريخ الطلب لا يمكن أن يكون في المستقبل',
  approvalBeforeRequest: 'تاريخ الاعتماد يجب أن يكون في تاريخ الطلب أو بعده',
  expectedBeforeRequest: 'التاريخ المتوقع للتنفيذ يجب أن يكون في تاريخ الطلب أو بعده',
  deliveryBeforeRequest: 'تاريخ التنفيذ يجب أن يكون في تاريخ الطلب أو بعده',
  deliveryBeforeApproval: 'تاريخ التنفيذ يجب أن يكون في تاريخ الاعتماد أو بعده',
  deliveryInFuture: 'تاريخ التنفيذ لا يمكن أن يكون في المستقبل',
  statusDateInFuture: 'التاريخ لا يمكن أن يكون في المستقبل',
  statusDateBeforeRequest: 'التاريخ يجب أن يكون في تاريخ الطلب أو بعده',
  typeInactive: 'نوع الخدمة غير موجود أو موقوف، لا تُطلب إلا أنواع الخدمات المفعّلة',
  familyNotFound: 'الأسرة غير موجودة',
  memberNotInFamily: 'الفرد المختار ليس من أفراد هذه الأسرة',
  employeeNotFound: 'الموظف المختار غير موجود أو غير مفعّل',
  organisationNotFound: 'الجهة المختارة غير موجودة أو غير نشطة',
  approvalDateNotYet: 'يُسجَّل تاريخ الاعتماد بعد اعتماد الخدمة',
  deliveryDateNotYet: 'يُسجَّل تاريخ التنفيذ بعد تنفيذ الخدمة',
  satisfactionNotYet: 'يُسجَّل رضا المستفيد بعد تنفيذ الخدمة',
  dateRange: 'تاريخ البداية يجب أن يسبق تاريخ النهاية',
} as const;

// ---------------------------------------------------------------------------------------------
// Status workflow
// ---------------------------------------------------------------------------------------------

export const SERVICE_STATUSES = [
  { code: 'requested', label: 'مطلوبة' },
  { code: 'approved', label: 'معتمدة' },
  { code: 'in_progress', label: 'قيد التنفيذ' },
  { code: 'delivered', label: 'منفذة' },
  { code: 'rejected', label: 'مرفوضة' },
  { code: 'cancelled', label: 'ملغاة' },
] as const satisfies readonly LookupItem[];
export type ServiceStatus = (typeof SERVICE_STATUSES)[number]['code'];
export const SERVICE_STATUS_CODES = codesOf(SERVICE_STATUSES);
export const serviceStatusSchema = enumInputSchema(SERVICE_STATUS_CODES);

/**
 * The statuses each status may move to. Rejected and cancelled are final; a delivered service
 * can still be cancelled with a reason — the way to correct one recorded wrongly (its family,
 * type and cost no longer change, see `SERVICE_LOCKED_FIELDS`), which its history then shows.
 */
export const SERVICE_STATUS_TRANSITIONS: Readonly<Record<ServiceStatus, readonly ServiceStatus[]>> =
  {
    requested: ['approved', 'rejected', 'cancelled'],
    approved: ['in_progress', 'cancelled'],
    in_progress: ['delivered', 'cancelled'],
    delivered: ['cancelled'],
    rejected: [],
    cancelled: [],
  };

/** Moving into these statuses needs a reason (≥ 3 characters). */
export const SERVICE_REASON_REQUIRED_STATUSES: readonly ServiceStatus[] = ['rejected', 'cancelled'];

/** Still open: a service in one of these is overdue once its expected date has passed. */
export const SERVICE_OPEN_STATUSES: readonly ServiceStatus[] = [
  'requested',
  'approved',
  'in_progress',
];

/** Arabic verbs for the buttons that move a service into each status. */
export const SERVICE_STATUS_ACTION_LABELS: Readonly<Record<ServiceStatus, string>> = {
  requested: 'طلب',
  approved: 'اعتماد',
  in_progress: 'بدء التنفيذ',
  delivered: 'تسجيل التنفيذ',
  rejected: 'رفض',
  cancelled: 'إلغاء',
};

/**
 * What a service in each status accepts in `PUT /services/{id}`: `edit` (rejected and cancelled
 * services are closed), `approval_date` (once approved), `delivery` (the delivery date and the
 * beneficiary's satisfaction, once delivered). The form shows only the allowed fields; the API
 * answers 409 / 422 otherwise.
 */
export const SERVICE_STATUS_CAPABILITIES: Readonly<
  Record<ServiceStatus, { edit: boolean; approval_date: boolean; delivery: boolean }>
> = {
  requested: { edit: true, approval_date: false, delivery: false },
  approved: { edit: true, approval_date: true, delivery: false },
  in_progress: { edit: true, approval_date: true, delivery: false },
  delivered: { edit: true, approval_date: true, delivery: true },
  rejected: { edit: false, approval_date: false, delivery: false },
  cancelled: { edit: false, approval_date: false, delivery: false },
};

export function serviceStatusLabel(status: ServiceStatus): string {
  return SERVICE_STATUSES.find((item) => item.code === status)?.label ?? status;
}

export function canTransitionService(from: ServiceStatus, to: ServiceStatus): boolean {
  return SERVICE_STATUS_TRANSITIONS[from].includes(to);
}

export function nextServiceStatuses(from: ServiceStatus): readonly ServiceStatus[] {
  return SERVICE_STATUS_TRANSITIONS[from];
}

export function serviceRequiresReason(to: ServiceStatus): boolean {
  return SERVICE_REASON_REQUIRED_STATUSES.includes(to);
}

/** The Arabic message of a refused transition (the API answers 409 with it); null when allowed. */
export function serviceTransitionError(from: ServiceStatus, to: ServiceStatus): string | null {
  if (canTransitionService(from, to)) return null;
  return `لا يمكن نقل الخدمة من حالة «${serviceStatusLabel(from)}» إلى حالة «${serviceStatusLabel(to)}»`;
}

/** Why a service in this status cannot be edited (409), or null. */
export function serviceEditError(status: ServiceStatus): string | null {
  return SERVICE_STATUS_CAPABILITIES[status].edit
    ? null
    : `لا يمكن تعديل خدمة حالتها «${serviceStatusLabel(status)}»`;
}

/**
 * What a closed service (delivered, rejected or cancelled) keeps as it was: for whom, what, how
 * much and at what cost. A delivered service still takes its follow-up and the beneficiary's
 * satisfaction; these fields change only by cancelling it (with a reason) and requesting anew.
 */
export const SERVICE_LOCKED_FIELDS = [
  'family_id',
  'member_id',
  'service_type_id',
  'quantity',
  'cost',
] as const;
export type ServiceLockedField = (typeof SERVICE_LOCKED_FIELDS)[number];

/** Closed: its family, type, quantity and cost cannot change. */
export function isServiceClosed(status: ServiceStatus): boolean {
  return !SERVICE_OPEN_STATUSES.includes(status);
}

/** Why a closed service's family, type, quantity or cost cannot change (409, and the form says it), or null. */
export function serviceLockedFieldsError(status: ServiceStatus): string | null {
  if (!isServiceClosed(status)) return null;
  const locked = `الخدمة «${serviceStatusLabel(status)}» مغلقة: لا تتغير أسرتها ولا فردها ولا نوعها ولا كميتها ولا تكلفتها`;
  return canTransitionService(status, 'cancelled')
    ? `${locked}. للتصحيح تُلغى الخدمة من صفحتها مع ذكر السبب ثم تُطلب خدمة جديدة`
    : locked;
}

/** Open and past its expected date (Riyadh calendar). */
export function isServiceOverdue(
  service: { status: ServiceStatus; expected_date: string | null },
  today: string = todayIso(),
): boolean {
  return (
    service.expected_date !== null &&
    service.expected_date < today &&
    SERVICE_OPEN_STATUSES.includes(service.status)
  );
}

// ---------------------------------------------------------------------------------------------
// Which families can be served
// ---------------------------------------------------------------------------------------------

/** Family statuses a service may be requested (and approved) for. */
export const SERVABLE_FAMILY_STATUSES = ['approved'] as const satisfies readonly FamilyStatus[];

/** Why a family in this status cannot receive a service (the API answers 422 on `family_id` with it), or null. */
export function familyServiceRefusal(status: FamilyStatus): string | null {
  if ((SERVABLE_FAMILY_STATUSES as readonly FamilyStatus[]).includes(status)) return null;
  return `لا يمكن تقديم خدمة لأسرة حالتها «${familyStatusLabel(status)}»، تُقدَّم الخدمات للأسر المعتمدة فقط`;
}

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/** The Arabic name of each field of a service, for its form (its declaration's, `resources/services.ts`). */
export const SERVICE_FIELD_LABELS = servicesResource.fields;

export const SATISFACTION_MIN = 1;
export const SATISFACTION_MAX = 5;

function datesInOrder(value: unknown, ctx: z.RefinementCtx): void {
  if (!isRecord(value)) return;
  const date = (key: string): string | null => {
    const field = value[key];
    return typeof field === 'string' && ISO_DATE_SHAPE.test(field) ? field : null;
  };
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', message, path: [path], input: value[path] });
  const today = todayIso();
  const request = date('request_date');
  const approval = date('approval_date');
  const expected = date('expected_date');
  const delivery = date('delivery_date');
  if (request && request > today) issue('request_date', SERVICE_MESSAGES.requestInFuture);
  if (request && approval && approval < request)
    issue('approval_date', SERVICE_MESSAGES.approvalBeforeRequest);
  if (request && expected && expected < request)
    issue('expected_date', SERVICE_MESSAGES.expectedBeforeRequest);
  if (delivery && delivery > today) issue('delivery_date', SERVICE_MESSAGES.deliveryInFuture);
  else if (request && delivery && delivery < request)
    issue('delivery_date', SERVICE_MESSAGES.deliveryBeforeRequest);
  else if (approval && delivery && delivery < approval)
    issue('delivery_date', SERVICE_MESSAGES.deliveryBeforeApproval);
}

/**
 * `POST /services` (a new service starts `requested`) and `PUT /services/{id}`; status changes go
 * through `POST /services/{id}/status`. The API also checks: the type is active (one the service
 * already holds stays accepted), the family is servable (`familyServiceRefusal`, checked when the
 * family is chosen or changed), the member is a current member of that family, the employees are
 * active, the organisation exists and is active, and what the status allows
 * (`SERVICE_STATUS_CAPABILITIES`). `requested_by_id` defaults to the caller; `cost` to the type's
 * default cost × quantity.
 */
export const serviceInputSchema = z
  .object({
    service_type_id: entityIdSchema,
    family_id: entityIdSchema,
    member_id: optionalInput(entityIdSchema),
    requested_by_id: optionalInput(entityIdSchema),
    provider_id: optionalInput(entityIdSchema),
    /** The organisation a referral goes to. */
    implementing_org_id: optionalInput(entityIdSchema),
    request_date: isoDateSchema,
    approval_date: optionalInput(isoDateSchema),
    expected_date: optionalInput(isoDateSchema),
    delivery_date: optionalInput(isoDateSchema),
    quantity: integerInputSchema(1, 100_000).default(1),
    /** SAR, the whole service (not per unit). */
    cost: optionalInput(moneyInputSchema()),
    details: optionalInput(textSchema(2000)),
    follow_up_recommendations: optionalInput(textSchema(2000)),
    beneficiary_satisfaction: optionalInput(integerInputSchema(SATISFACTION_MIN, SATISFACTION_MAX)),
  })
  .superRefine(datesInOrder, RUN_ALWAYS);
export type ServiceInput = z.output<typeof serviceInputSchema>;
export type ServiceFormValues = z.input<typeof serviceInputSchema>;

/**
 * `POST /services/{id}/status`. Rejecting and cancelling need a reason. `date` is the approval
 * date (→ approved) or the delivery date (→ delivered), today when absent; not in the future and
 * not before the request date (checked by the API). Other moves ignore it.
 */
export const serviceStatusChangeSchema = z
  .object({
    status: serviceStatusSchema,
    reason: reasonTextSchema.nullish(),
    date: optionalInput(
      isoDateSchema.refine((value) => !ISO_DATE_SHAPE.test(value) || value <= todayIso(), {
        error: SERVICE_MESSAGES.statusDateInFuture,
      }),
    ),
  })
  .refine((value) => !serviceRequiresReason(value.status) || hasReason(value.reason), {
    error: REASON_REQUIRED_MESSAGE,
    path: ['reason'],
  });
export type ServiceStatusChangeInput = z.input<typeof serviceStatusChangeSchema>;
export type ServiceStatusChange = z.output<typeof serviceStatusChangeSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** One row of a service's status history, oldest first; `from` is null for the request itself. */
export const serviceStatusHistoryEntrySchema = z.object({
  from: serviceStatusSchema.nullable(),
  to: serviceStatusSchema,
  reason: z.string().nullable(),
  at: timestampSchema,
  by: personRefSchema.nullable(),
});
export type ServiceStatusHistoryEntry = z.infer<typeof serviceStatusHistoryEntrySchema>;

export const serviceFamilyRefSchema = z.object({
  id: z.number().int(),
  file_number: z.string(),
  head_name: z.string(),
  status: familyStatusSchema,
});
export type ServiceFamilyRef = z.infer<typeof serviceFamilyRefSchema>;

/** A service in a list (`GET /services`). Department and axis are its type's. */
export const serviceSchema = z.object({
  id: z.number().int(),
  service_type: z.object({
    id: z.number().int(),
    name: z.string(),
    unit: z.string().nullable(),
    is_medical: z.boolean(),
  }),
  department: namedRefSchema,
  axis: namedRefSchema,
  family: serviceFamilyRefSchema,
  member: namedRefSchema.nullable(),
  requested_by: personRefSchema.nullable(),
  provider: personRefSchema.nullable(),
  implementing_org: namedRefSchema.nullable(),
  request_date: z.iso.date(),
  approval_date: z.iso.date().nullable(),
  expected_date: z.iso.date().nullable(),
  delivery_date: z.iso.date().nullable(),
  quantity: z.number().int(),
  cost: moneyResponseSchema.nullable(),
  status: serviceStatusSchema,
  /** The reason of the last rejection or cancellation. */
  status_reason: z.string().nullable(),
  /** Open and past its expected date (`isServiceOverdue`, computed by the API in Riyadh time). */
  overdue: z.boolean(),
  beneficiary_satisfaction: z.number().int().min(SATISFACTION_MIN).max(SATISFACTION_MAX).nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Service = z.infer<typeof serviceSchema>;

/** One service (`GET /services/{id}`), with its texts and status history. */
export const serviceDetailSchema = serviceSchema.extend({
  details: z.string().nullable(),
  follow_up_recommendations: z.string().nullable(),
  status_history: z.array(serviceStatusHistoryEntrySchema),
});
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;

export const serviceListResponseSchema = listEnvelopeOf(serviceSchema);
export const serviceResponseSchema = itemEnvelopeOf(serviceDetailSchema);

/** A service detail turned back into the write body (edit form defaults). */
export function serviceDetailToInput(detail: ServiceDetail): ServiceFormValues {
  return {
    service_type_id: detail.service_type.id,
    family_id: detail.family.id,
    member_id: detail.member?.id ?? null,
    requested_by_id: detail.requested_by?.id ?? null,
    provider_id: detail.provider?.id ?? null,
    implementing_org_id: detail.implementing_org?.id ?? null,
    request_date: detail.request_date,
    approval_date: detail.approval_date,
    expected_date: detail.expected_date,
    delivery_date: detail.delivery_date,
    quantity: detail.quantity,
    cost: detail.cost,
    details: detail.details,
    follow_up_recommendations: detail.follow_up_recommendations,
    beneficiary_satisfaction: detail.beneficiary_satisfaction,
  };
}

// ---------------------------------------------------------------------------------------------
// List, export, summary
// ---------------------------------------------------------------------------------------------

export const SERVICE_SORTABLE = [
  'request_date',
  'expected_date',
  'delivery_date',
  'status',
  'service_type',
  'cost',
  'created_at',
  'updated_at',
] as const;

/**
 * `GET /services?search=&filter[status]=requested,approved&filter[service_type_id]=3
 * &filter[department_id]=1&filter[axis_id]=2&filter[family_id]=7&filter[is_medical]=true
 * &filter[overdue]=true&filter[request_from]=2026-01-01&filter[request_to]=2026-03-31`.
 * The date range is on the request date, both ends inclusive (`request_from` after `request_to`
 * is a 422 at `filter.request_to`). Search: the type's name, the family's file number and head's
 * name, the member's name, the implementing organisation's name (Arabic-normalised). Default
 * order: newest request first.
 */
export const serviceListQuery = defineListQuery({
  sortable: SERVICE_SORTABLE,
  filters: {
    status: codesFilter(SERVICE_STATUS_CODES),
    service_type_id: idFilter(),
    department_id: idFilter(),
    axis_id: idFilter(),
    family_id: idFilter(),
    is_medical: booleanFilter(),
    overdue: booleanFilter(),
    request_from: dateFilter(),
    request_to: dateFilter(),
  },
});
export const serviceListQuerySchema = serviceListQuery.schema;
export const toServiceListParams = serviceListQuery.toParams;
export const fromServiceListParams = serviceListQuery.fromParams;
export type ServiceListQuery = z.output<typeof serviceListQuerySchema>;

/** `GET /services/export`: the list's search, filters and sort, `format=xlsx` (default) or `csv`. */
export const serviceExportQuerySchema = exportQueryOf(serviceListQuerySchema);

/** The export's columns, in order. */
export const SERVICE_EXPORT_COLUMNS = [
  { key: 'id', header: 'رقم الخدمة' },
  { key: 'service_type', header: 'نوع الخدمة' },
  { key: 'department', header: 'القطاع' },
  { key: 'axis', header: 'المحور' },
  { key: 'file_number', header: 'رقم الملف' },
  { key: 'head_name', header: 'رب الأسرة' },
  { key: 'member', header: 'الفرد المستفيد' },
  { key: 'status', header: 'الحالة' },
  { key: 'overdue', header: 'متأخرة' },
  { key: 'request_date', header: 'تاريخ الطلب' },
  { key: 'approval_date', header: 'تاريخ الاعتماد' },
  { key: 'expected_date', header: 'التاريخ المتوقع للتنفيذ' },
  { key: 'delivery_date', header: 'تاريخ التنفيذ' },
  { key: 'quantity', header: 'الكمية' },
  { key: 'unit', header: 'الوحدة' },
  { key: 'cost', header: 'التكلفة (ريال)' },
  { key: 'requested_by', header: 'الموظف طالب الخدمة' },
  { key: 'provider', header: 'الموظف مقدم الخدمة' },
  { key: 'implementing_org', header: 'الجهة المنفذة' },
  { key: 'status_reason', header: 'سبب الحالة' },
  { key: 'beneficiary_satisfaction', header: 'رضا المستفيد' },
] as const satisfies readonly ExportColumn[];

/**
 * `GET /services/summary?filter[family_id]=7` (any of the list's filters and search): how many
 * services match, per status (every status present, 0 included), how many are overdue and their
 * total cost. The family page's services panel reads it for one family.
 */
export const serviceSummarySchema = z.object({
  total: z.number().int().min(0),
  by_status: z.record(serviceStatusSchema, z.number().int().min(0)),
  overdue: z.number().int().min(0),
  /** SAR, delivered services only. */
  delivered_cost: moneyResponseSchema,
});
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;
export const serviceSummaryResponseSchema = itemEnvelopeOf(serviceSummarySchema);

// ---------------------------------------------------------------------------------------------
// What the service form picks from (a show_services holder may lack the families, organisations
// and employees keys, so the form's choices come from here)
// ---------------------------------------------------------------------------------------------

/** A family the service form may choose, with its current members and why it cannot be served. */
export const serviceFamilyOptionSchema = serviceFamilyRefSchema.extend({
  /** `familyServiceRefusal(status)`: null when a service may be requested for it. */
  refusal: z.string().nullable(),
  members: z.array(namedRefSchema.extend({ relationship: z.string().nullable() })),
});
export type ServiceFamilyOption = z.infer<typeof serviceFamilyOptionSchema>;
export const serviceFamilyOptionListResponseSchema = listEnvelopeOf(serviceFamilyOptionSchema);

/**
 * `GET /services/families?search=&filter[id]=7&filter[servable]=true`: families by file number,
 * head's name, national ID or phone (as the families list searches), archived ones left out;
 * `filter[id]` loads the one an edited service holds. `per_page` ≤ 50 is plenty for a picker.
 */
export const serviceFamilyOptionsQuery = defineListQuery({
  sortable: ['file_number', 'head_name'],
  filters: { id: idFilter(), servable: booleanFilter() },
});
export const serviceFamilyOptionsQuerySchema = serviceFamilyOptionsQuery.schema;
export type ServiceFamilyOptionsQuery = z.output<typeof serviceFamilyOptionsQuerySchema>;

/** `GET /services/options`: active employees (requesting / providing) and active organisations, by name. */
export const serviceOptionsSchema = z.object({
  /** With the email, which tells apart two employees of the same name in the pickers. */
  employees: z.array(personRefSchema.extend({ email: z.string() })),
  organisations: z.array(namedRefSchema),
});
export type ServiceOptions = z.infer<typeof serviceOptionsSchema>;
export const serviceOptionsResponseSchema = itemEnvelopeOf(serviceOptionsSchema);

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

const servicesKey = access.allOf('show_services');

export const serviceEndpoints = defineEndpoints('services', {
  list: {
    method: 'GET',
    path: '/services',
    query: serviceListQuerySchema,
    response: serviceListResponseSchema,
    access: servicesKey,
    summary: 'الخدمات المقدمة للأسر',
  },
  summary: {
    method: 'GET',
    path: '/services/summary',
    query: serviceListQuerySchema,
    response: serviceSummaryResponseSchema,
    access: servicesKey,
    summary: 'أعداد الخدمات حسب الحالة (لأسرة أو لأي تصفية)',
  },
  export: {
    method: 'GET',
    path: '/services/export',
    query: serviceExportQuerySchema,
    response: fileResponse,
    access: servicesKey,
    summary: 'تصدير الخدمات (XLSX أو CSV)',
  },
  families: {
    method: 'GET',
    path: '/services/families',
    query: serviceFamilyOptionsQuerySchema,
    response: serviceFamilyOptionListResponseSchema,
    access: servicesKey,
    summary: 'الأسر التي يمكن اختيارها في نموذج الخدمة',
  },
  options: {
    method: 'GET',
    path: '/services/options',
    response: serviceOptionsResponseSchema,
    access: servicesKey,
    summary: 'الموظفون والجهات التي يمكن اختيارها في نموذج الخدمة',
  },
  show: {
    method: 'GET',
    path: '/services/:id',
    response: serviceResponseSchema,
    access: servicesKey,
    summary: 'بيانات خدمة',
  },
  create: {
    method: 'POST',
    path: '/services',
    body: serviceInputSchema,
    response: serviceResponseSchema,
    status: 201,
    access: servicesKey,
    summary: 'طلب خدمة لأسرة',
  },
  update: {
    method: 'PUT',
    path: '/services/:id',
    body: serviceInputSchema,
    response: serviceResponseSchema,
    access: servicesKey,
    summary: 'تعديل خدمة',
  },
  status: {
    method: 'POST',
    path: '/services/:id/status',
    body: serviceStatusChangeSchema,
    response: serviceResponseSchema,
    access: servicesKey,
    summary: 'تغيير حالة الخدمة',
  },
});
