import { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { itemEnvelopeOf } from '../core/envelope';
import {
  REASON_REQUIRED_MESSAGE,
  enumInputSchema,
  entityIdSchema,
  hasReason,
  isoDateSchema,
  optionalInput,
  personRefSchema,
  reasonTextSchema,
  textSchema,
  timestampSchema,
  todayIso,
} from '../core/values';

/**
 * A family's consents (docs/personal-data.md): one record per purpose, with the day it was
 * given, how, who recorded it and optionally the signed form among the family's documents; a
 * withdrawal keeps the record and adds its day, who and why. At most one current (not
 * withdrawn) record per purpose: consent given again after a withdrawal is a new record.
 *
 * Reading takes `show_families`; recording takes `manage_personal_data` or `edit_families` (the
 * researcher registering a family records the form the family signed); withdrawing takes
 * `manage_personal_data` (it stops processing: a data-protection decision).
 */

export const CONSENT_MESSAGES = {
  familyNotFound: 'الأسرة غير موجودة',
  notFound: 'الموافقة غير موجودة',
  recorded: 'تم تسجيل الموافقة',
  withdrawn: 'تم سحب الموافقة',
  alreadyCurrent: 'للأسرة موافقة سارية لهذا الغرض، اسحبها أولًا لتسجيل موافقة جديدة',
  alreadyWithdrawn: 'هذه الموافقة مسحوبة من قبل',
  givenInFuture: 'تاريخ الموافقة لا يمكن أن يكون في المستقبل',
  withdrawnInFuture: 'تاريخ السحب لا يمكن أن يكون في المستقبل',
  withdrawnBeforeGiven: 'تاريخ السحب لا يمكن أن يسبق تاريخ الموافقة',
  witnessRequired: 'يجب ذكر اسم الشاهد للموافقة الشفهية',
  documentNotFound: 'المستند المختار ليس من مستندات هذه الأسرة أو محذوف',
} as const;

/** What a family consents to. The first two mirror the family form's two boxes. */
export const CONSENT_PURPOSES = [
  { code: 'data_processing', label: 'معالجة البيانات' },
  { code: 'partner_sharing', label: 'المشاركة مع الجهات الشريكة' },
  { code: 'media', label: 'الصور والوسائط' },
  { code: 'sms_contact', label: 'التواصل عبر الرسائل النصية' },
] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number]['code'];
export const CONSENT_PURPOSE_CODES = CONSENT_PURPOSES.map((item) => item.code);

/**
 * How it was given. `registration`: the box ticked on the family form, before the ledger
 * existed or since (migrated and kept in step by the API); never chosen in the dialog.
 */
export const CONSENT_METHODS = [
  { code: 'signed_form', label: 'نموذج موقّع' },
  { code: 'verbal_witnessed', label: 'شفهيًا بحضور شاهد' },
  { code: 'electronic', label: 'إلكترونيًا' },
  { code: 'registration', label: 'إقرار في نموذج تسجيل الأسرة' },
] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number]['code'];
export const CONSENT_METHOD_CODES = CONSENT_METHODS.map((item) => item.code);
/** The methods staff choose from when recording a consent. */
export const RECORDABLE_CONSENT_METHODS = CONSENT_METHODS.filter(
  (item) => item.code !== 'registration',
);
const RECORDABLE_METHOD_CODES = ['signed_form', 'verbal_witnessed', 'electronic'] as const;

export function consentPurposeLabel(code: string): string {
  return CONSENT_PURPOSES.find((item) => item.code === code)?.label ?? code;
}
export function consentMethodLabel(code: string): string {
  return CONSENT_METHODS.find((item) => item.code === code)?.label ?? code;
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** `POST /families/{id}/consents`. */
export const consentRecordSchema = z
  .object({
    purpose: enumInputSchema(CONSENT_PURPOSE_CODES),
    method: enumInputSchema(RECORDABLE_METHOD_CODES),
    given_on: isoDateSchema,
    witness_name: optionalInput(textSchema(200)),
    document_id: optionalInput(entityIdSchema),
    note: optionalInput(textSchema(2000)),
  })
  .superRefine((value, ctx) => {
    if (value.given_on > todayIso())
      ctx.addIssue({ code: 'custom', path: ['given_on'], message: CONSENT_MESSAGES.givenInFuture });
    if (value.method === 'verbal_witnessed' && !value.witness_name)
      ctx.addIssue({
        code: 'custom',
        path: ['witness_name'],
        message: CONSENT_MESSAGES.witnessRequired,
      });
  });
export type ConsentRecordInput = z.output<typeof consentRecordSchema>;
export type ConsentRecordFormValues = z.input<typeof consentRecordSchema>;

/** `POST /consents/{id}/withdraw`: the day (not in the future) and why (≥ 3 characters). */
export const consentWithdrawSchema = z
  .object({
    withdrawn_on: isoDateSchema,
    reason: z
      .preprocess(
        (value: unknown) => (value === undefined || value === null ? '' : value),
        reasonTextSchema,
      )
      .refine(hasReason, { error: REASON_REQUIRED_MESSAGE }),
  })
  .superRefine((value, ctx) => {
    if (value.withdrawn_on > todayIso())
      ctx.addIssue({
        code: 'custom',
        path: ['withdrawn_on'],
        message: CONSENT_MESSAGES.withdrawnInFuture,
      });
  });
export type ConsentWithdrawInput = z.output<typeof consentWithdrawSchema>;
export type ConsentWithdrawFormValues = z.input<typeof consentWithdrawSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const consentSchema = z.object({
  id: z.number().int(),
  family_id: z.number().int(),
  purpose: z.enum(CONSENT_PURPOSE_CODES),
  method: z.enum(CONSENT_METHOD_CODES),
  given_on: z.string(),
  witness_name: z.string().nullable(),
  /** The signed form among the family's documents (null once that document is deleted). */
  document: z.object({ id: z.number().int(), file_name: z.string() }).nullable(),
  note: z.string().nullable(),
  recorded_by: personRefSchema.nullable(),
  recorded_at: timestampSchema,
  withdrawal: z
    .object({
      withdrawn_on: z.string(),
      reason: z.string(),
      withdrawn_by: personRefSchema.nullable(),
      recorded_at: timestampSchema,
    })
    .nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

export const consentResponseSchema = itemEnvelopeOf(consentSchema);

/**
 * A family's consents, current ones first (in purpose order), then the withdrawn, newest first.
 * `shares_with_partners`: whether a current `partner_sharing` consent exists — what anything
 * given to partner organisations must honour (docs/personal-data.md).
 */
export const consentListResponseSchema = z.object({
  data: z.object({
    consents: z.array(consentSchema),
    shares_with_partners: z.boolean(),
  }),
});
export type ConsentList = z.infer<typeof consentListResponseSchema>['data'];

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

export const consentEndpoints = defineEndpoints('consents', {
  familyList: {
    method: 'GET',
    path: '/families/:id/consents',
    response: consentListResponseSchema,
    access: access.allOf('show_families'),
    summary: 'موافقات الأسرة السارية والمسحوبة',
  },
  record: {
    method: 'POST',
    path: '/families/:id/consents',
    body: consentRecordSchema,
    response: consentResponseSchema,
    status: 201,
    access: {
      kind: 'permissions',
      all: ['show_families'],
      anyOf: ['manage_personal_data', 'edit_families'],
    },
    summary: 'تسجيل موافقة للأسرة',
  },
  withdraw: {
    method: 'POST',
    path: '/consents/:id/withdraw',
    body: consentWithdrawSchema,
    response: consentResponseSchema,
    access: access.allOf('show_families', 'manage_personal_data'),
    summary: 'سحب موافقة مع ذكر السبب والتاريخ',
  },
});
