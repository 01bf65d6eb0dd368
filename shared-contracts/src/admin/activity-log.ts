import { z } from 'zod';
import { listQuerySchema } from '../core/envelope';
import { DECLARED_ACTIVITY_ENTITIES } from '../resources';
import { defineListQuery, idFilter, type ListState } from '../core/list-query';

/**
 * The activity log (docs/architecture.md#the-api): one append-only row per change, login and
 * logout. Actions and entity types are open strings in the database so later modules can add their
 * own; these are the ones the API writes today, with the Arabic labels the activity-tracking page
 * shows.
 */
export const ACTIVITY_ACTION_LABELS: Record<string, string> = {
  login: 'تسجيل الدخول',
  login_failed: 'محاولة دخول فاشلة',
  login_refused: 'محاولة دخول لحساب موقوف',
  logout: 'تسجيل الخروج',
  create: 'إضافة',
  update: 'تعديل',
  delete: 'حذف',
  status_change: 'تغيير الحالة',
  profile_update: 'تحديث الملف الشخصي',
  export: 'تصدير',
  archive: 'أرشفة',
  view: 'عرض',
  // written by the documents module
  upload: 'رفع ملف',
  download: 'تنزيل',
  // written by the beneficiaries modules (families, members, seasonal programmes)
  move_out: 'نقل فرد من الأسرة',
  move_in: 'انضمام فرد منقول',
  enrol: 'تسجيل في برنامج',
  exclude: 'استبعاد من برنامج',
  distribute: 'تسليم',
  print: 'طباعة',
  // written by the consents module (docs/personal-data.md)
  withdraw: 'سحب موافقة',
  // the family's erasure (docs/personal-data.md#erasure)
  anonymise: 'تجهيل بيانات الأسرة',
};

/**
 * The entity types' Arabic names, from the resource declarations (each names the entity types it
 * writes: `resources/registry.ts`).
 */
export const ACTIVITY_ENTITY_LABELS: Record<string, string> = Object.fromEntries(
  DECLARED_ACTIVITY_ENTITIES.map(({ entityType, label }) => [entityType, label]),
);

/** Written instead of a secret's old and new values. */
export const SECRET_CHANGED_MARKER = '[تم التغيير]';

// One row of the log: in core, because every domain's timeline answers with it.
export { activityLogEntrySchema, type ActivityLogEntry } from '../core/activity-entry';

const isoDate = z.iso.date();

export const ACTIVITY_DATE_RANGE_MESSAGE = 'تاريخ البداية يجب أن يسبق تاريخ النهاية';

/**
 * GET /activity-log: the list query plus filters as query-string keys
 * (`filter[employee_id]=3&filter[family_id]=7&filter[from]=2025-01-01`). `from` and `to` are
 * calendar dates, both inclusive. Newest first unless `order=asc`.
 */
export const activityLogQuerySchema = listQuerySchema
  .extend({
    order: z.enum(['asc', 'desc']).default('desc'),
    'filter[employee_id]': z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    /** Rows about one family (its file, members, enrolments): the family page's activity panel. */
    'filter[family_id]': z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    'filter[action]': z.string().trim().min(1).max(60).optional(),
    'filter[entity_type]': z.string().trim().min(1).max(60).optional(),
    'filter[entity_id]': z.string().trim().min(1).max(60).optional(),
    'filter[from]': isoDate.optional(),
    'filter[to]': isoDate.optional(),
  })
  .refine(
    (value) =>
      !value['filter[from]'] ||
      !value['filter[to]'] ||
      value['filter[from]'] <= value['filter[to]'],
    { message: ACTIVITY_DATE_RANGE_MESSAGE, path: ['filter[to]'] },
  );
export type ActivityLogQuery = z.input<typeof activityLogQuerySchema>;

const codeFilter = z.string().trim().min(1).max(60).optional();

/**
 * The activity-tracking page's URL state (`useListUrlState`): its `toParams` writes the flat
 * `filter[…]` keys `activityLogQuerySchema` reads, so the page sends it as the query unchanged.
 * The API keeps the flat schema: `order` defaults to `desc` there (newest first) and its 422
 * field keys are `filter[from]`…; the log is always ordered by time, so the one sortable id is
 * never offered.
 */
export const activityLogListQuery = defineListQuery({
  sortable: ['occurred_at'],
  filters: {
    employee_id: idFilter(),
    family_id: idFilter(),
    action: codeFilter,
    entity_type: codeFilter,
    entity_id: codeFilter,
    from: isoDate.optional(),
    to: isoDate.optional(),
  },
});
export type ActivityLogListState = ListState<typeof activityLogListQuery.filters, 'occurred_at'>;

/** `from` after `to` (the API answers 422): the page says so on the field instead of asking. */
export function activityDateRangeError(
  state: Pick<ActivityLogListState, 'filter'>,
): string | undefined {
  const { from, to } = state.filter;
  return from && to && from > to ? ACTIVITY_DATE_RANGE_MESSAGE : undefined;
}
