import type { z } from 'zod';
import { access, defineEndpoints, fileResponse } from '../core/endpoint';
import { listEnvelopeOf } from '../core/envelope';
import { exportQueryOf } from '../core/list-query';
import { activityLogEntrySchema, activityLogQuerySchema } from './activity-log';
import { ACTIVITY_LOG_QUERY_ROOT } from './activity-log-query-root';

/** `{ data: entries, meta }`, newest first unless `order=asc`. */
export const activityLogListResponseSchema = listEnvelopeOf(activityLogEntrySchema);
export type ActivityLogListResponse = z.infer<typeof activityLogListResponseSchema>;

/** `GET /activity-log/export`: the list's filters and search plus `format` (XLSX by default). */
export const activityLogExportQuerySchema = exportQueryOf(activityLogQuerySchema);

/** The export's columns, in order (the changes as "field: old → new" lines). */
export const ACTIVITY_LOG_EXPORT_COLUMNS = [
  { key: 'id', header: 'الرقم' },
  { key: 'occurred_at', header: 'الوقت' },
  { key: 'employee', header: 'الموظف' },
  { key: 'action', header: 'الإجراء' },
  { key: 'entity_type', header: 'نوع السجل' },
  { key: 'entity_id', header: 'رقم السجل' },
  { key: 'entity_label', header: 'السجل' },
  { key: 'changes', header: 'التغييرات' },
  { key: 'ip', header: 'عنوان الجهاز على الشبكة' },
] as const;

/**
 * The activity log (the activity-tracking page and the family page's activity panel): super
 * admins only (docs/shell.md#permissions). Every change the API makes writes a row, so a remote
 * that changes data invalidates this table too. Rows are never edited or deleted through the
 * product: there is no such endpoint.
 */
export const activityLogEndpoints = defineEndpoints(ACTIVITY_LOG_QUERY_ROOT, {
  list: {
    method: 'GET',
    path: '/activity-log',
    query: activityLogQuerySchema,
    response: activityLogListResponseSchema,
    access: access.superAdmin,
    summary: 'سجل نشاط الموظفين',
  },
  export: {
    method: 'GET',
    path: '/activity-log/export',
    query: activityLogExportQuerySchema,
    response: fileResponse,
    access: access.superAdmin,
    summary: 'تصدير سجل النشاط المصفّى (XLSX أو CSV)',
  },
});
