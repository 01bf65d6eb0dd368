import { z } from 'zod';
import {
  activityLogEntrySchema,
  familyDetailSchema,
  familyListQuery,
  familyListResponseSchema,
  familySchema,
  listEnvelopeOf,
  listQuerySchema,
  nationalIdCheckResponseSchema,
  personRefSchema,
  phoneCheckResponseSchema,
  similarMembersResponseSchema,
} from 'shared-contracts';
import { listQueryDocs } from '../../http/endpoint';

/**
 * A warning attached to a family write (never a block): another family uses the same phone, or
 * a member looks like a member of another family (similar name, same birth date).
 */
export const familyWarningSchema = z.object({
  field: z.string(),
  message: z.string(),
  families: z.array(z.object({ id: z.number().int(), file_number: z.string(), head_name: z.string() })),
});
export type FamilyWarning = z.infer<typeof familyWarningSchema>;

/** POST/PUT /families and POST /families/:id/status answer `{ message, data, warnings }`. */
export const familyWriteResponseSchema = z.object({
  message: z.string(),
  data: familyDetailSchema,
  warnings: z.array(familyWarningSchema),
});
export const familyItemResponseSchema = z.object({ data: familyDetailSchema });
export { familyListResponseSchema, familySchema };

export const familyListQueryDocs = listQueryDocs(familyListQuery);
export const familyExportQueryDocs = listQueryDocs(familyListQuery, { format: z.enum(['xlsx', 'csv']).optional() });

export const familyTimelineQuerySchema = listQuerySchema.pick({ page: true, per_page: true });
export const familyTimelineResponseSchema = listEnvelopeOf(activityLogEntrySchema);

export const researchersResponseSchema = listEnvelopeOf(personRefSchema);

export const nationalIdCheckEnvelopeSchema = z.object({ data: nationalIdCheckResponseSchema });
export const phoneCheckEnvelopeSchema = z.object({ data: phoneCheckResponseSchema });
export const similarMembersEnvelopeSchema = z.object({ data: similarMembersResponseSchema });
