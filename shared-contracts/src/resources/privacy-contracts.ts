import { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { codesFilter, defineListQuery } from '../core/list-query';
import { countOf } from '../core/plural';
import { personRefSchema, timestampSchema } from '../core/values';

/**
 * «حماية البيانات» (docs/personal-data.md#the-privacy-page): how long an archived or rejected
 * family with no activity is kept before it is listed for anonymisation, and that list. The
 * erasure in bulk is a bulk action (`bulkActionEndpoints.anonymise`).
 */

/** The statuses whose files are listed once inactive for the retention period. */
export const RETENTION_STATUSES = ['archived', 'rejected'] as const;
export type RetentionStatus = (typeof RETENTION_STATUSES)[number];

/** The setting's bounds and default, in whole years. */
export const RETENTION_MIN_YEARS = 1;
export const RETENTION_MAX_YEARS = 30;
export const RETENTION_DEFAULT_YEARS = 5;

export const PRIVACY_MESSAGES = {
  yearsRequired: 'أدخل عدد السنوات',
  yearsWhole: 'أدخل عدد سنوات صحيحًا دون كسور',
  yearsRange: `المدة بين ${countOf(RETENTION_MIN_YEARS, 'year', { case: 'oblique' })} و${countOf(RETENTION_MAX_YEARS, 'year', { case: 'oblique' })}`,
  saved: 'تم حفظ مدة الاحتفاظ بالبيانات',
  unchanged: 'لم تتغير مدة الاحتفاظ بالبيانات',
  notDue: 'لم تعد الأسرة مستحقة للتجهيل (حالتها أو نشاطها تغيّر)',
} as const;

/** The setting as the page reads it. */
export const retentionSettingSchema = z.object({
  inactive_years: z.number().int(),
  updated_at: timestampSchema.nullable(),
  updated_by: personRefSchema.nullable(),
});
export type RetentionSetting = z.infer<typeof retentionSettingSchema>;

/** `PUT /privacy/retention`: whole years within the bounds (a number, or its digits as text). */
export const retentionInputSchema = z.object({
  inactive_years: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: PRIVACY_MESSAGES.yearsRequired })
      .int({ error: PRIVACY_MESSAGES.yearsWhole })
      .min(RETENTION_MIN_YEARS, { error: PRIVACY_MESSAGES.yearsRange })
      .max(RETENTION_MAX_YEARS, { error: PRIVACY_MESSAGES.yearsRange }),
  ),
});
export type RetentionInput = z.input<typeof retentionInputSchema>;

/** A family due for anonymisation: archived or rejected, not anonymised, inactive long enough. */
export const dueFamilySchema = z.object({
  id: z.number().int(),
  file_number: z.string(),
  head_name: z.string(),
  status: z.enum(RETENTION_STATUSES),
  /** The latest of its own changes and its timeline's rows (docs/personal-data.md#retention). */
  last_activity_at: timestampSchema,
});
export type DueFamily = z.infer<typeof dueFamilySchema>;

/**
 * `GET /privacy/due-families?search=&filter[status]=archived&sort=last_activity_at&order=asc`:
 * search on the file number and head's name; oldest activity first by default.
 */
export const dueFamilyListQuery = defineListQuery({
  sortable: ['last_activity_at', 'file_number'],
  filters: { status: codesFilter(RETENTION_STATUSES) },
});
export const dueFamilyListQuerySchema = dueFamilyListQuery.schema;
export type DueFamilyListQuery = z.output<typeof dueFamilyListQuerySchema>;

export const retentionResponseSchema = itemEnvelopeOf(retentionSettingSchema);
export const dueFamilyListResponseSchema = listEnvelopeOf(dueFamilySchema);

export const privacyEndpoints = defineEndpoints('privacy', {
  retention: {
    method: 'GET',
    path: '/privacy/retention',
    response: retentionResponseSchema,
    access: access.allOf('manage_personal_data'),
    summary: 'مدة الاحتفاظ بملفات الأسر المؤرشفة أو المرفوضة قبل تجهيلها',
  },
  updateRetention: {
    method: 'PUT',
    path: '/privacy/retention',
    body: retentionInputSchema,
    response: retentionResponseSchema,
    access: access.allOf('manage_personal_data'),
    summary: 'تعديل مدة الاحتفاظ بملفات الأسر المؤرشفة أو المرفوضة',
  },
  dueFamilies: {
    method: 'GET',
    path: '/privacy/due-families',
    query: dueFamilyListQuerySchema,
    response: dueFamilyListResponseSchema,
    access: access.allOf('show_families', 'manage_personal_data'),
    summary: 'الأسر المستحقة للتجهيل بحسب مدة الاحتفاظ',
  },
});
