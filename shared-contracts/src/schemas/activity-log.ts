import { z } from 'zod';
import { listQuerySchema } from './envelope';

/**
 * The activity log (DESIGN §3): one append-only row per change, login and logout. Actions and
 * entity types are open strings in the database so later modules can add their own; these are
 * the ones the API writes today, with the Arabic labels the activity-tracking page shows.
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
};

export const ACTIVITY_ENTITY_LABELS: Record<string, string> = {
  employee: 'موظف',
};

/** Written instead of a secret's old and new values. */
export const SECRET_CHANGED_MARKER = '[تم التغيير]';

export const activityLogEntrySchema = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  employee_id: z.number().int().nullable(),
  employee_name: z.string().nullable(),
  action: z.string(),
  entity_type: z.string().nullable(),
  entity_id: z.string().nullable(),
  entity_label: z.string().nullable(),
  /** `{ field: [old, new] }` */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntrySchema>;

const isoDate = z.iso.date();

/**
 * GET /activity-log: the list query plus filters as query-string keys
 * (`filter[employee_id]=3&filter[from]=2025-01-01`). `from` and `to` are calendar dates, both
 * inclusive. Newest first unless `order=asc`.
 */
export const activityLogQuerySchema = listQuerySchema
  .extend({
    order: z.enum(['asc', 'desc']).default('desc'),
    'filter[employee_id]': z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    'filter[action]': z.string().trim().min(1).max(60).optional(),
    'filter[entity_type]': z.string().trim().min(1).max(60).optional(),
    'filter[from]': isoDate.optional(),
    'filter[to]': isoDate.optional(),
  })
  .refine(
    (value) => !value['filter[from]'] || !value['filter[to]'] || value['filter[from]'] <= value['filter[to]'],
    { message: 'تاريخ البداية يجب أن يسبق تاريخ النهاية', path: ['filter[to]'] },
  );
export type ActivityLogQuery = z.input<typeof activityLogQuerySchema>;
