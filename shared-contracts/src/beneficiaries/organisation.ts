import { z } from 'zod';
import { normaliseDigits } from '../core/text';
import {
  ISO_DATE_SHAPE,
  enumInputSchema,
  isoDateSchema,
  lookupCodeSchema,
  lookupRefSchema,
  moneyInputSchema,
  moneyResponseSchema,
  optionalInput,
  stripBidiControls,
  nameTextSchema,
  textSchema,
  timestampSchema,
} from '../core/values';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { access, defineEndpoints } from '../core/endpoint';
import { RUN_ALWAYS, isRecord } from './family-member';
import { codesFilter, defineListQuery } from '../core/list-query';
import { ORGANISATION_STATUSES, ORGANISATION_TYPES, codesOf } from './lookups';
import { phoneSchema } from '../core/identifiers/phone';

/**
 * Organisations (جهات: donors, partners, government bodies, suppliers, volunteer bodies):
 * create/update body, responses, list query.
 */

export const ORGANISATION_MESSAGES = {
  invalidEmail: 'البريد الإلكتروني غير صالح',
  invalidWebsite: 'رابط الموقع غير صالح، مثال: https://example.org.sa',
  agreementEndBeforeStart: 'تاريخ نهاية الاتفاقية يجب أن يكون في تاريخ البداية أو بعده',
} as const;

export const ORGANISATION_TYPE_CODES = codesOf(ORGANISATION_TYPES);
export const ORGANISATION_STATUS_CODES = codesOf(ORGANISATION_STATUSES);
export const organisationTypeSchema = enumInputSchema(ORGANISATION_TYPE_CODES);
export const organisationStatusSchema = enumInputSchema(ORGANISATION_STATUS_CODES);

/** A website: `https://` is added when the scheme is missing; only http(s) accepted. */
export const websiteSchema = z
  .string()
  .transform((value) => {
    const trimmed = value.trim();
    return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  })
  .pipe(
    z.url({ protocol: /^https?$/, hostname: /\./, error: ORGANISATION_MESSAGES.invalidWebsite }),
  );

/** An email, trimmed and lower-cased. */
export const emailInputSchema = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.email({ error: ORGANISATION_MESSAGES.invalidEmail }).max(190));

/** "end ≥ start" for any object with `start_date` and `end_date` (ISO strings compare as dates). */
export function checkDateRange(message: string) {
  return (value: unknown, ctx: z.RefinementCtx): void => {
    if (!isRecord(value)) return;
    const { start_date: start, end_date: end } = value;
    if (
      typeof start === 'string' &&
      typeof end === 'string' &&
      ISO_DATE_SHAPE.test(start) &&
      ISO_DATE_SHAPE.test(end) &&
      end < start
    ) {
      ctx.addIssue({ code: 'custom', message, path: ['end_date'], input: end });
    }
  };
}

export const organisationAgreementInputSchema = z
  .object({
    /** The agreement's id when editing an existing one (absent for a new one). */
    id: optionalInput(z.number().int().positive()),
    title: nameTextSchema(200),
    start_date: isoDateSchema,
    end_date: isoDateSchema,
    /** SAR. */
    value: optionalInput(moneyInputSchema()),
    notes: optionalInput(textSchema(1000)),
  })
  .superRefine(checkDateRange(ORGANISATION_MESSAGES.agreementEndBeforeStart), RUN_ALWAYS);
export type OrganisationAgreementInput = z.output<typeof organisationAgreementInputSchema>;

/**
 * `POST /orgs` and `PUT /orgs/{id}`. `phone` accepts a Saudi mobile (stored `+9665…`) or any
 * other number of 9–14 digits once spaces/dashes are removed (landline `011 234 5678`, unified
 * `9200 12345`, foreign `+971…`), stored as those digits.
 */
export const organisationInputSchema = z.object({
  name: nameTextSchema(200, 2),
  name_en: optionalInput(nameTextSchema(200)),
  type: organisationTypeSchema,
  /** Unified number (700…), commercial registration or NCNP licence number; digits normalised. */
  registration_number: optionalInput(
    z
      .string()
      .transform((value) => stripBidiControls(normaliseDigits(value)).trim())
      .pipe(z.string().min(1).max(50)),
  ),
  contact_person: optionalInput(nameTextSchema(150)),
  phone: optionalInput(phoneSchema),
  email: optionalInput(emailInputSchema),
  /** cities code. */
  city: optionalInput(lookupCodeSchema),
  website: optionalInput(websiteSchema),
  status: organisationStatusSchema.default('active'),
  agreements: z.array(organisationAgreementInputSchema).max(50).default([]),
  notes: optionalInput(textSchema(2000)),
});
export type OrganisationInput = z.output<typeof organisationInputSchema>;
export type OrganisationFormValues = z.input<typeof organisationInputSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const organisationAgreementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  value: moneyResponseSchema.nullable(),
  notes: z.string().nullable(),
});
export type OrganisationAgreement = z.infer<typeof organisationAgreementSchema>;

/** An organisation in a list (`GET /orgs`). */
export const organisationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string().nullable(),
  type: organisationTypeSchema,
  registration_number: z.string().nullable(),
  contact_person: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  city: lookupRefSchema.nullable(),
  website: z.string().nullable(),
  status: organisationStatusSchema,
  agreements_count: z.number().int().min(0),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Organisation = z.infer<typeof organisationSchema>;

/** One organisation (`GET /orgs/{id}`), with its agreements (by start date). */
export const organisationDetailSchema = organisationSchema.extend({
  notes: z.string().nullable(),
  agreements: z.array(organisationAgreementSchema),
});
export type OrganisationDetail = z.infer<typeof organisationDetailSchema>;

export const organisationListResponseSchema = listEnvelopeOf(organisationSchema);
export const organisationResponseSchema = itemEnvelopeOf(organisationDetailSchema);

/** An organisation detail turned back into the write body (edit form defaults). */
export function organisationDetailToInput(detail: OrganisationDetail): OrganisationFormValues {
  return {
    name: detail.name,
    name_en: detail.name_en,
    type: detail.type,
    registration_number: detail.registration_number,
    contact_person: detail.contact_person,
    phone: detail.phone,
    email: detail.email,
    city: detail.city?.code ?? null,
    website: detail.website,
    status: detail.status,
    agreements: detail.agreements.map((agreement) => ({ ...agreement })),
    notes: detail.notes,
  };
}

// ---------------------------------------------------------------------------------------------
// List query (/orgs)
// ---------------------------------------------------------------------------------------------

export const ORGANISATION_SORTABLE = [
  'name',
  'type',
  'status',
  'city',
  'created_at',
  'updated_at',
] as const;

/** `GET /orgs?search=&filter[type]=donor,partner&filter[status]=active&filter[city]=riyadh`. Search: name (Arabic-normalised), English name, registration number, phone, email. */
export const organisationListQuery = defineListQuery({
  sortable: ORGANISATION_SORTABLE,
  filters: {
    type: codesFilter(ORGANISATION_TYPE_CODES),
    status: codesFilter(ORGANISATION_STATUS_CODES),
    city: codesFilter(),
  },
});
export const organisationListQuerySchema = organisationListQuery.schema;
export const toOrganisationListParams = organisationListQuery.toParams;
export const fromOrganisationListParams = organisationListQuery.fromParams;
export type OrganisationListQuery = z.output<typeof organisationListQuerySchema>;

/** Organisations (donors, partners, government bodies, suppliers) and their agreements. */
export const organisationEndpoints = defineEndpoints('orgs', {
  list: {
    method: 'GET',
    path: '/orgs',
    query: organisationListQuerySchema,
    response: organisationListResponseSchema,
    access: access.allOf('show_orgs'),
    summary: 'قائمة الجهات',
  },
  show: {
    method: 'GET',
    path: '/orgs/:id',
    response: organisationResponseSchema,
    access: access.allOf('show_orgs'),
    summary: 'بيانات جهة',
  },
  create: {
    method: 'POST',
    path: '/orgs',
    body: organisationInputSchema,
    response: organisationResponseSchema,
    status: 201,
    access: access.allOf('create_orgs'),
    summary: 'إضافة جهة',
  },
  update: {
    method: 'PUT',
    path: '/orgs/:id',
    body: organisationInputSchema,
    response: organisationResponseSchema,
    access: access.allOf('edit_orgs'),
    summary: 'تعديل جهة',
  },
});
