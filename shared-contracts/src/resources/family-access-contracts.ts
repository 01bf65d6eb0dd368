import { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { personRefSchema, timestampSchema } from '../core/values';

/**
 * Who looked at a family's file (من اطّلع على الملف, docs/personal-data.md): one row per opening
 * of the family's page (its `GET /families/{id}`), per document of the family shown or saved,
 * and per export of its data, in a table of its own (not the activity log) so that erasure can
 * treat it on its own terms. Read by whoever manages personal data.
 */

export const FAMILY_ACCESS_KINDS = [
  { code: 'view', label: 'فتح ملف الأسرة' },
  { code: 'document', label: 'عرض مستند أو تنزيله' },
  { code: 'export', label: 'تصدير بيانات الأسرة' },
] as const;
export type FamilyAccessKind = (typeof FAMILY_ACCESS_KINDS)[number]['code'];
export const FAMILY_ACCESS_KIND_CODES = FAMILY_ACCESS_KINDS.map((item) => item.code);

export function familyAccessKindLabel(code: string): string {
  return FAMILY_ACCESS_KINDS.find((item) => item.code === code)?.label ?? code;
}

/** How many of the newest rows the list answers (with the total). */
export const FAMILY_ACCESS_LOG_LIMIT = 200;

export const FAMILY_ACCESS_MESSAGES = {
  familyNotFound: 'الأسرة غير موجودة',
} as const;

export const familyAccessEntrySchema = z.object({
  id: z.number().int(),
  employee: personRefSchema,
  kind: z.enum(FAMILY_ACCESS_KIND_CODES),
  /** The document shown or saved (`document` rows); null once it is deleted. */
  document: z.object({ id: z.number().int(), file_name: z.string() }).nullable(),
  at: timestampSchema,
});
export type FamilyAccessEntry = z.infer<typeof familyAccessEntrySchema>;

/** The newest `FAMILY_ACCESS_LOG_LIMIT` rows, newest first, and how many there are in all. */
export const familyAccessLogResponseSchema = z.object({
  data: z.object({ entries: z.array(familyAccessEntrySchema), total: z.number().int() }),
});
export type FamilyAccessLog = z.infer<typeof familyAccessLogResponseSchema>['data'];

export const familyAccessEndpoints = defineEndpoints('family-access', {
  familyList: {
    method: 'GET',
    path: '/families/:id/access-log',
    response: familyAccessLogResponseSchema,
    access: access.allOf('show_families', 'manage_personal_data'),
    summary: 'من اطّلع على ملف الأسرة ومتى',
  },
});
