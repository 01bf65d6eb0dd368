import { z } from 'zod';

/**
 * One activity-log row as the API answers it: the log (admin) and every record's timeline (the
 * family's history) send the same shape, so it lives in the domain-free core.
 */
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
