import { z } from 'zod';
import { access, defineEndpoints, fileResponse } from '../core/endpoint';
import { itemEnvelopeOf, listMetaSchema } from '../core/envelope';
import { financeResource } from '../resources/finance';
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
  isBlank,
  isoDateSchema,
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
import {
  financeDirectionSchema,
  financialCategoryRefSchema,
  type FinanceDirection,
} from './category';
import {
  moneyAmountInputSchema,
  moneyBoundInputSchema,
  moneyStringSchema,
  moneyToHalalas,
} from './money';

/**
 * Financial records (السجل المالي): every riyal in (zakat, sadaqa,
 * grants, waqf revenue…) and out (aid, operations, salaries), with its status
 *
 *   pending ──► completed ──► refunded   (by a reversing entry, POST …/reverse)
 *      │
 *      └──► cancelled (reason)            (POST …/cancel)
 *
 * MONEY: decimal strings with exactly two decimals ("1250.50") end to end, `numeric(14,2)` in
 * PostgreSQL, every total summed in SQL — never a JavaScript float sum (see `money.ts`).
 *
 * Rules the API enforces (the schemas check what they can, the API the rest):
 * - A COMPLETED RECORD IS NEVER EDITED IN PLACE. `PUT` accepts pending records only (it may
 *   complete them); on a completed one it answers 409 with `FINANCIAL_RECORD_MESSAGES.
 *   completedNotEditable`, which points to the reversal. Cancelled and refunded records are
 *   closed (409).
 * - REVERSAL (`POST …/{id}/reverse`, completed records only, once): creates, in one transaction,
 *   a reversing entry — same direction, category, links and purpose, the OPPOSITE amount
 *   ("-1250.50"), status completed, `reverses_id` = the original — and marks the original
 *   `refunded` (its `reversed_by_id` then names the entry). A reversing entry cannot itself be
 *   reversed or edited. The original stays in the month it happened; the reversal is dated the
 *   day it is made (today in Riyadh unless given), as auditors expect of a closed period.
 * - CANCEL (`POST …/{id}/cancel`, pending records only) needs a reason; a completed record is
 *   reversed instead (409 says so).
 * - WHAT COUNTS: the totals of the list and every figure of the report count the records whose
 *   status is in `FINANCE_COUNTED_STATUSES` — completed and refunded — so a refunded original
 *   (+1250.50) and its reversing entry (−1250.50) net to zero, in their own months. Pending and
 *   cancelled records never count.
 * - THE ZAKAT RULE: an expense in a zakat category (`is_zakat`) must be linked to a family, and
 *   that family must be approved (`zakatFamilyRefusal`); otherwise 422 on `family_id` with the
 *   reason. Checked on create and on every edit of a pending record.
 * - The category must be active (one the record already holds stays accepted) and of the
 *   record's direction; linked family, organisation, season and service must exist; a linked
 *   service must belong to the linked family.
 * Everything here needs `show_financial`.
 */

export const FINANCIAL_RECORD_MESSAGES = {
  notFound: 'السجل المالي غير موجود',
  created: 'تم تسجيل القيد المالي بنجاح',
  updated: 'تم تحديث القيد المالي بنجاح',
  cancelled: 'تم إلغاء القيد المالي',
  reversed: 'تم تسجيل القيد العكسي وتحويل القيد الأصلي إلى «مسترد»',
  completedNotEditable:
    'لا يمكن تعديل قيد مالي مكتمل. لتصحيحه سجّل قيداً عكسياً (زر «قيد عكسي») ثم سجّل القيد الصحيح',
  closedNotEditable: (status: string) => `لا يمكن تعديل قيد مالي حالته «${status}»`,
  reversalNotEditable: 'لا يمكن تعديل قيد عكسي',
  cancelOnlyPending: 'لا يُلغى إلا القيد المعلّق. القيد المكتمل يُصحَّح بقيد عكسي',
  reverseOnlyCompleted: 'لا يُعكس إلا القيد المكتمل',
  alreadyReversed: 'تم عكس هذا القيد من قبل',
  reversalNotReversible: 'لا يمكن عكس قيد عكسي',
  reversalBeforeOriginal: 'تاريخ القيد العكسي يجب أن يكون في تاريخ القيد الأصلي أو بعده',
  categoryInactive: 'التصنيف المالي غير موجود أو موقوف',
  categoryDirection: (direction: FinanceDirection) =>
    direction === 'income'
      ? 'التصنيف المختار ليس من تصنيفات الإيرادات'
      : 'التصنيف المختار ليس من تصنيفات المصروفات',
  zakatNeedsFamily: 'صرف الزكاة يجب أن يرتبط بأسرة مستحقة معتمدة',
  familyNotFound: 'الأسرة غير موجودة',
  organisationNotFound: 'الجهة غير موجودة',
  seasonNotFound: 'البرنامج الموسمي غير موجود',
  serviceNotFound: 'الخدمة غير موجودة',
  serviceOtherFamily: 'الخدمة المختارة لا تخص الأسرة المختارة',
  dateInFuture: 'تاريخ القيد لا يمكن أن يكون في المستقبل',
  dateRange: 'تاريخ البداية يجب أن يسبق تاريخ النهاية أو يساويه',
  amountRange: 'الحد الأدنى للمبلغ يجب ألا يزيد عن الحد الأعلى',
  chequeNeedsNumber: 'رقم الشيك مطلوب عند الدفع بشيك',
} as const;

// ---------------------------------------------------------------------------------------------
// Statuses and payment methods
// ---------------------------------------------------------------------------------------------

export const FINANCIAL_RECORD_STATUSES = [
  { code: 'pending', label: 'معلّق' },
  { code: 'completed', label: 'مكتمل' },
  { code: 'cancelled', label: 'ملغى' },
  { code: 'refunded', label: 'مسترد' },
] as const satisfies readonly LookupItem[];
export type FinancialRecordStatus = (typeof FINANCIAL_RECORD_STATUSES)[number]['code'];
export const FINANCIAL_RECORD_STATUS_CODES = codesOf(FINANCIAL_RECORD_STATUSES);
export const financialRecordStatusSchema = enumInputSchema(FINANCIAL_RECORD_STATUS_CODES);

/** What a new or edited record may be (cancelled and refunded come from their own actions). */
export const FINANCIAL_RECORD_INPUT_STATUSES = ['pending', 'completed'] as const;
export const financialRecordInputStatusSchema = enumInputSchema(FINANCIAL_RECORD_INPUT_STATUSES);

/** The statuses whose amounts the list totals and the report count (see the module comment). */
export const FINANCE_COUNTED_STATUSES = [
  'completed',
  'refunded',
] as const satisfies readonly FinancialRecordStatus[];

export function financialRecordStatusLabel(status: FinancialRecordStatus): string {
  return FINANCIAL_RECORD_STATUSES.find((item) => item.code === status)?.label ?? status;
}

export const PAYMENT_METHODS = [
  { code: 'cash', label: 'نقداً' },
  { code: 'bank_transfer', label: 'تحويل بنكي' },
  { code: 'cheque', label: 'شيك' },
  { code: 'card', label: 'بطاقة' },
  { code: 'in_kind', label: 'عيني' },
] as const satisfies readonly LookupItem[];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['code'];
export const PAYMENT_METHOD_CODES = codesOf(PAYMENT_METHODS);
export const paymentMethodSchema = enumInputSchema(PAYMENT_METHOD_CODES);

export function paymentMethodLabel(method: PaymentMethod): string {
  return PAYMENT_METHODS.find((item) => item.code === method)?.label ?? method;
}

/** The actions a record in each status offers (buttons; the API answers 409 otherwise). */
export const FINANCIAL_RECORD_CAPABILITIES: Readonly<
  Record<FinancialRecordStatus, { edit: boolean; cancel: boolean; reverse: boolean }>
> = {
  pending: { edit: true, cancel: true, reverse: false },
  completed: { edit: false, cancel: false, reverse: true },
  cancelled: { edit: false, cancel: false, reverse: false },
  refunded: { edit: false, cancel: false, reverse: false },
};

/** What the record's buttons may do, given its status and whether it is itself a reversal. */
export function financialRecordActions(record: {
  status: FinancialRecordStatus;
  reverses_id: number | null;
}) {
  const capabilities = FINANCIAL_RECORD_CAPABILITIES[record.status];
  const reversal = record.reverses_id !== null;
  return {
    edit: capabilities.edit && !reversal,
    cancel: capabilities.cancel && !reversal,
    reverse: capabilities.reverse && !reversal,
  };
}

/** Why `PUT` is refused on a record (the API answers 409 with it), or null. */
export function financialRecordEditError(record: {
  status: FinancialRecordStatus;
  reverses_id: number | null;
}): string | null {
  if (record.reverses_id !== null) return FINANCIAL_RECORD_MESSAGES.reversalNotEditable;
  if (record.status === 'completed') return FINANCIAL_RECORD_MESSAGES.completedNotEditable;
  if (record.status !== 'pending')
    return FINANCIAL_RECORD_MESSAGES.closedNotEditable(financialRecordStatusLabel(record.status));
  return null;
}

// ---------------------------------------------------------------------------------------------
// The zakat rule
// ---------------------------------------------------------------------------------------------

/** The family statuses zakat may be paid to. */
export const ZAKAT_ELIGIBLE_FAMILY_STATUSES = [
  'approved',
] as const satisfies readonly FamilyStatus[];

/** Why zakat cannot be paid to a family in this status (422 on `family_id`), or null. */
export function zakatFamilyRefusal(status: FamilyStatus): string | null {
  if ((ZAKAT_ELIGIBLE_FAMILY_STATUSES as readonly FamilyStatus[]).includes(status)) return null;
  return `لا يجوز صرف الزكاة لأسرة حالتها «${familyStatusLabel(status)}»، تُصرف الزكاة للأسر المعتمدة فقط`;
}

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/** The Arabic name of each field of a record, for its form and page (its declaration's, `resources/finance.ts`). */
export const FINANCIAL_RECORD_FIELD_LABELS = financeResource.fields;

function recordRules(value: unknown, ctx: z.RefinementCtx): void {
  if (!isRecord(value)) return;
  const date = value.occurred_on;
  if (typeof date === 'string' && ISO_DATE_SHAPE.test(date) && date > todayIso()) {
    ctx.addIssue({
      code: 'custom',
      message: FINANCIAL_RECORD_MESSAGES.dateInFuture,
      path: ['occurred_on'],
      input: date,
    });
  }
  if (value.payment_method === 'cheque' && isBlank(value.reference_number)) {
    ctx.addIssue({
      code: 'custom',
      message: FINANCIAL_RECORD_MESSAGES.chequeNeedsNumber,
      path: ['reference_number'],
      input: value.reference_number,
    });
  }
}

/**
 * `POST /financial-records` and `PUT /financial-records/{id}` (pending records only; a PUT
 * replaces every field). `occurred_on` defaults to today in Riyadh (the calendar day in Riyadh
 * when the request arrives, not UTC's); `status` to completed (money already received or paid) —
 * send `pending` for a pledge or a payment not yet made, on a PUT too (absent means completed).
 */
export const financialRecordInputSchema = z
  .object({
    direction: financeDirectionSchema,
    /** SAR, > 0, at most two decimals; parsed to the canonical string "1250.50". */
    amount: moneyAmountInputSchema,
    occurred_on: optionalInput(isoDateSchema),
    category_id: entityIdSchema,
    status: financialRecordInputStatusSchema.default('completed'),
    payment_method: paymentMethodSchema,
    /** A restricted fund's purpose («كفالة الأيتام», «سلال رمضان»); empty for unrestricted money. */
    restricted_purpose: optionalInput(textSchema(200, 2)),
    /** The bank reference or the cheque number (required for a cheque). */
    reference_number: optionalInput(textSchema(100)),
    receipt_number: optionalInput(textSchema(100)),
    family_id: optionalInput(entityIdSchema),
    organisation_id: optionalInput(entityIdSchema),
    season_id: optionalInput(entityIdSchema),
    service_id: optionalInput(entityIdSchema),
    notes: optionalInput(textSchema(2000)),
  })
  .superRefine(recordRules, RUN_ALWAYS);
export type FinancialRecordInput = z.output<typeof financialRecordInputSchema>;
export type FinancialRecordFormValues = z.input<typeof financialRecordInputSchema>;

/** A reason that must be given (≥ 3 characters once trimmed); absent or null reads as empty. */
const requiredReasonSchema = z
  .preprocess(
    (value: unknown) => (value === undefined || value === null ? '' : value),
    reasonTextSchema,
  )
  .refine(hasReason, { error: REASON_REQUIRED_MESSAGE });

/** `POST /financial-records/{id}/cancel` (pending records only): the reason, ≥ 3 characters. */
export const financialRecordCancelSchema = z.object({
  reason: requiredReasonSchema,
});
export type FinancialRecordCancelInput = z.input<typeof financialRecordCancelSchema>;
export type FinancialRecordCancel = z.output<typeof financialRecordCancelSchema>;

/**
 * `POST /financial-records/{id}/reverse` (completed records only): the reason (≥ 3 characters,
 * kept as the reversing entry's notes) and its date — today in Riyadh when absent, not in the
 * future, not before the original's date (API).
 */
export const financialRecordReverseSchema = z.object({
  reason: requiredReasonSchema,
  occurred_on: optionalInput(
    isoDateSchema.refine((value) => !ISO_DATE_SHAPE.test(value) || value <= todayIso(), {
      error: FINANCIAL_RECORD_MESSAGES.dateInFuture,
    }),
  ),
});
export type FinancialRecordReverseInput = z.input<typeof financialRecordReverseSchema>;
export type FinancialRecordReverse = z.output<typeof financialRecordReverseSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const financeFamilyRefSchema = z.object({
  id: z.number().int(),
  file_number: z.string(),
  head_name: z.string(),
  status: familyStatusSchema,
});
export type FinanceFamilyRef = z.infer<typeof financeFamilyRefSchema>;

const namedRef = z.object({ id: z.number().int(), name: z.string() });

/** A record in the list (`GET /financial-records`) and in detail. */
export const financialRecordSchema = z.object({
  id: z.number().int(),
  direction: z.enum(['income', 'expense']),
  /** "1250.50"; negative on a reversing entry only. */
  amount: moneyStringSchema,
  occurred_on: z.iso.date(),
  category: financialCategoryRefSchema,
  status: z.enum(FINANCIAL_RECORD_STATUS_CODES),
  cancel_reason: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHOD_CODES),
  restricted_purpose: z.string().nullable(),
  reference_number: z.string().nullable(),
  receipt_number: z.string().nullable(),
  family: financeFamilyRefSchema.nullable(),
  organisation: namedRef.nullable(),
  season: namedRef.nullable(),
  /** The linked service: its type's name. */
  service: z
    .object({ id: z.number().int(), name: z.string(), family_id: z.number().int() })
    .nullable(),
  notes: z.string().nullable(),
  /** Set on a reversing entry: the record it reverses. */
  reverses_id: z.number().int().nullable(),
  /** Set on a reversed (refunded) original: its reversing entry. */
  reversed_by_id: z.number().int().nullable(),
  created_by: personRefSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type FinancialRecord = z.infer<typeof financialRecordSchema>;

/** One record (`GET /financial-records/{id}`): the same fields (the list already carries all). */
export const financialRecordDetailSchema = financialRecordSchema;
export type FinancialRecordDetail = FinancialRecord;
export const financialRecordResponseSchema = itemEnvelopeOf(financialRecordDetailSchema);

/**
 * The totals of a filtered set (list `totals`): income, expense and balance (income − expense)
 * over the records that match the filters AND whose status counts (`FINANCE_COUNTED_STATUSES`:
 * completed and refunded, reversing entries included — a reversed pair nets to zero). Computed
 * in SQL over all matching records, not the current page.
 */
export const financeTotalsSchema = z.object({
  income: moneyStringSchema,
  expense: moneyStringSchema,
  balance: moneyStringSchema,
  /** How many records were counted. */
  counted_records: z.number().int().min(0),
  /** Pending records matching the filters (not in the totals), for a hint. */
  pending_records: z.number().int().min(0),
});
export type FinanceTotals = z.infer<typeof financeTotalsSchema>;

/**
 * `GET /financial-records`: `{ data, meta, totals }`. A family / organisation / season page
 * panel makes one call — `?filter[family_id]=7&per_page=5&sort=occurred_on&order=desc` — and
 * has the latest records and the totals.
 */
export const financialRecordListResponseSchema = z.object({
  data: z.array(financialRecordSchema),
  meta: listMetaSchema,
  totals: financeTotalsSchema,
});
export type FinancialRecordListResponse = z.infer<typeof financialRecordListResponseSchema>;

/** A pending record turned back into the write body (edit form defaults). */
export function financialRecordToInput(record: FinancialRecord): FinancialRecordFormValues {
  return {
    direction: record.direction,
    amount: record.amount,
    occurred_on: record.occurred_on,
    category_id: record.category.id,
    status: record.status === 'pending' ? 'pending' : 'completed',
    payment_method: record.payment_method,
    restricted_purpose: record.restricted_purpose,
    reference_number: record.reference_number,
    receipt_number: record.receipt_number,
    family_id: record.family?.id ?? null,
    organisation_id: record.organisation?.id ?? null,
    season_id: record.season?.id ?? null,
    service_id: record.service?.id ?? null,
    notes: record.notes,
  };
}

// ---------------------------------------------------------------------------------------------
// List and export
// ---------------------------------------------------------------------------------------------

export const FINANCIAL_RECORD_SORTABLE = [
  'occurred_on',
  'amount',
  'status',
  'category',
  'created_at',
] as const;

function dateFilter() {
  return z
    .preprocess((value: unknown) => (isBlank(value) ? undefined : value), isoDateSchema.optional())
    .optional();
}

function moneyFilter() {
  return z
    .preprocess(
      (value: unknown) => (isBlank(value) ? undefined : value),
      moneyBoundInputSchema.optional(),
    )
    .optional();
}

/**
 * `GET /financial-records?search=&filter[direction]=expense&filter[category_id]=3
 * &filter[status]=completed,refunded&filter[payment_method]=cash,cheque&filter[family_id]=7
 * &filter[organisation_id]=2&filter[season_id]=1&filter[service_id]=9&filter[from]=2026-01-01
 * &filter[to]=2026-03-31&filter[amount_min]=100&filter[amount_max]=5000.50&filter[restricted]=true
 * &filter[zakat]=true`.
 * The date range is on `occurred_on`, both ends inclusive (`from` after `to`: 422 at
 * `filter.to`); the amount range is on the absolute amount (a reversing entry of −500.00 matches
 * 100–1000), `amount_min` above `amount_max`: 422 at `filter.amount_max`. Search: reference,
 * receipt number, restricted purpose, notes, the family's file number and head's name, the
 * organisation's name, the category's name (Arabic-normalised). `filter[zakat]`: records in a
 * zakat category, income and expense. Default order (no `sort`): newest first by the ORIGINAL's
 * date, each reversing entry right under the record it reverses (side by side, as auditors read a
 * ledger), whatever its own date.
 */
export const financialRecordListQuery = defineListQuery({
  sortable: FINANCIAL_RECORD_SORTABLE,
  filters: {
    direction: codesFilter(['income', 'expense'] as const),
    category_id: idFilter(),
    status: codesFilter(FINANCIAL_RECORD_STATUS_CODES),
    payment_method: codesFilter(PAYMENT_METHOD_CODES),
    family_id: idFilter(),
    organisation_id: idFilter(),
    season_id: idFilter(),
    service_id: idFilter(),
    from: dateFilter(),
    to: dateFilter(),
    amount_min: moneyFilter(),
    amount_max: moneyFilter(),
    restricted: booleanFilter(),
    zakat: booleanFilter(),
  },
});
export const financialRecordListQuerySchema = financialRecordListQuery.schema;
export const toFinancialRecordListParams = financialRecordListQuery.toParams;
export const fromFinancialRecordListParams = financialRecordListQuery.fromParams;
export type FinancialRecordListQuery = z.output<typeof financialRecordListQuerySchema>;

/** The list filters' cross-field rules (the API answers 422 with them; a filter bar can show them). */
export function financialListFilterErrors(
  filter: FinancialRecordListQuery['filter'],
): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  if (filter.from && filter.to && filter.from > filter.to)
    errors['filter.to'] = [FINANCIAL_RECORD_MESSAGES.dateRange];
  if (
    filter.amount_min !== undefined &&
    filter.amount_max !== undefined &&
    moneyToHalalas(filter.amount_min) > moneyToHalalas(filter.amount_max)
  ) {
    errors['filter.amount_max'] = [FINANCIAL_RECORD_MESSAGES.amountRange];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** `GET /financial-records/export`: the list's search, filters and sort; `format=xlsx` (default) or `csv`. */
export const financialRecordExportQuerySchema = exportQueryOf(financialRecordListQuerySchema);

/** The export's columns, in order (amounts as numbers with two decimals, negative for reversals). */
export const FINANCIAL_RECORD_EXPORT_COLUMNS = [
  { key: 'id', header: 'رقم القيد' },
  { key: 'occurred_on', header: 'التاريخ' },
  { key: 'direction', header: 'النوع' },
  { key: 'category', header: 'التصنيف' },
  { key: 'zakat', header: 'زكاة' },
  { key: 'amount', header: 'المبلغ (ريال)' },
  { key: 'status', header: 'الحالة' },
  { key: 'payment_method', header: 'طريقة الدفع' },
  { key: 'restricted_purpose', header: 'الغرض المقيد' },
  { key: 'reference_number', header: 'رقم المرجع أو الشيك' },
  { key: 'receipt_number', header: 'رقم الإيصال' },
  { key: 'file_number', header: 'رقم ملف الأسرة' },
  { key: 'head_name', header: 'رب الأسرة' },
  { key: 'organisation', header: 'الجهة' },
  { key: 'season', header: 'البرنامج الموسمي' },
  { key: 'service', header: 'الخدمة' },
  { key: 'reverses_id', header: 'يعكس القيد رقم' },
  { key: 'reversed_by_id', header: 'معكوس بالقيد رقم' },
  { key: 'cancel_reason', header: 'سبب الإلغاء' },
  { key: 'notes', header: 'ملاحظات' },
] as const satisfies readonly ExportColumn[];

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

const financeKey = access.allOf('show_financial');

export const financialRecordEndpoints = defineEndpoints('financial-records', {
  list: {
    method: 'GET',
    path: '/financial-records',
    query: financialRecordListQuerySchema,
    response: financialRecordListResponseSchema,
    access: financeKey,
    summary: 'السجلات المالية مع إجماليات المجموعة المصفّاة',
  },
  export: {
    method: 'GET',
    path: '/financial-records/export',
    query: financialRecordExportQuerySchema,
    response: fileResponse,
    access: financeKey,
    summary: 'تصدير السجلات المالية (XLSX أو CSV)',
  },
  show: {
    method: 'GET',
    path: '/financial-records/:id',
    response: financialRecordResponseSchema,
    access: financeKey,
    summary: 'بيانات قيد مالي',
  },
  create: {
    method: 'POST',
    path: '/financial-records',
    body: financialRecordInputSchema,
    response: financialRecordResponseSchema,
    status: 201,
    access: financeKey,
    summary: 'تسجيل قيد مالي (إيراد أو مصروف)',
  },
  update: {
    method: 'PUT',
    path: '/financial-records/:id',
    body: financialRecordInputSchema,
    response: financialRecordResponseSchema,
    access: financeKey,
    summary: 'تعديل قيد مالي معلّق (القيد المكتمل لا يُعدَّل)',
  },
  cancel: {
    method: 'POST',
    path: '/financial-records/:id/cancel',
    body: financialRecordCancelSchema,
    response: financialRecordResponseSchema,
    access: financeKey,
    summary: 'إلغاء قيد مالي معلّق مع ذكر السبب',
  },
  reverse: {
    method: 'POST',
    path: '/financial-records/:id/reverse',
    body: financialRecordReverseSchema,
    response: financialRecordResponseSchema,
    status: 201,
    access: financeKey,
    summary: 'تسجيل قيد عكسي لقيد مكتمل (الجواب: القيد العكسي الجديد)',
  },
});
