import type { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { listEnvelopeOf } from '../core/envelope';
import { activityLogEntrySchema, activityLogQuerySchema } from './activity-log';

/** `{ data: entries, meta }`, newest first unless `order=asc`. */
export const activityLogListResponseSchema = listEnvelopeOf(activityLogEntrySchema);
export type ActivityLogListResponse = z.infer<typeof activityLogListResponseSchema>;

/**
 * The activity log (the activity-tracking page and the family page's activity panel): super
 * admins only (spec §6). Every change the API makes writes a row, so a remote that changes
 * data invalidates this resource too.
 */
export const activityLogEndpoints = defineEndpoints('activity-log', {
  list: {
    method: 'GET',
    path: '/activity-log',
    query: activityLogQuerySchema,
    response: activityLogListResponseSchema,
    access: access.superAdmin,
    summary: 'سجل نشاط الموظفين',
  },
});
