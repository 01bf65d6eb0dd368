import { z } from 'zod';
import { familyWriteResponseSchema } from '../beneficiaries/family';
import { access, defineEndpoints } from '../core/endpoint';
import { REASON_REQUIRED_MESSAGE, hasReason, reasonTextSchema } from '../core/values';

/**
 * Erasure by anonymisation (docs/personal-data.md#erasure): the family's personal data is
 * destroyed for good; its file number, history and money stay. The file number is typed again
 * as the confirmation, so a slip on the wrong family's page cannot erase it.
 */

/** What replaces the head's name (the family's name on every list). */
export const ANONYMISED_FAMILY_NAME = 'أسرة مجهّلة';
/** What replaces a member's name (and a recipient's or attendee's). */
export const ANONYMISED_MEMBER_NAME = 'فرد مجهّل';
/** What replaces a kept reason or note whose text may name someone. */
export const ANONYMISED_TEXT = 'حُذف النص عند تجهيل بيانات الأسرة';
/** A destroyed document's name, on its tombstone. */
export const ANONYMISED_DOCUMENT_NAME = 'مستند محذوف';

export const FAMILY_ERASURE_MESSAGES = {
  done: 'تم تجهيل بيانات الأسرة نهائيًا',
  notFound: 'الأسرة غير موجودة',
  fileNumberMismatch: 'رقم الملف المكتوب لا يطابق رقم ملف هذه الأسرة',
  alreadyAnonymised: 'بيانات هذه الأسرة مجهّلة من قبل',
} as const;

/** Whether a file number typed again names the family's (case aside: «f-1447-00001» is it too). */
export function isSameFileNumber(typed: string, fileNumber: string): boolean {
  return typed.trim().toUpperCase() === fileNumber.toUpperCase();
}

export const familyAnonymiseSchema = z.object({
  reason: reasonTextSchema
    .nullish()
    .refine(hasReason, { error: REASON_REQUIRED_MESSAGE })
    .transform((reason) => reason ?? ''),
  /** The family's file number, typed again (compared on the server: a mismatch is a 422). */
  file_number: z
    .string({ error: FAMILY_ERASURE_MESSAGES.fileNumberMismatch })
    .trim()
    .min(1, { error: FAMILY_ERASURE_MESSAGES.fileNumberMismatch })
    .max(40),
});
export type FamilyAnonymiseInput = z.input<typeof familyAnonymiseSchema>;
export type FamilyAnonymise = z.output<typeof familyAnonymiseSchema>;

export const familyErasureEndpoints = defineEndpoints('family-erasure', {
  anonymise: {
    method: 'POST',
    path: '/families/:id/anonymise',
    body: familyAnonymiseSchema,
    response: familyWriteResponseSchema,
    access: access.allOf('show_families', 'anonymise_families'),
    summary: 'تجهيل بيانات الأسرة (محو بياناتها الشخصية نهائيًا)',
  },
});
