import { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { booleanFilter, defineListQuery, idFilter } from '../core/list-query';
import { financeFamilyRefSchema } from './record';

/**
 * What the financial record form picks its links from. A `show_financial` holder may lack the
 * families, organisations, seasons and services keys, so the choices come from these two
 * finance endpoints (as the services form has `/services/families` and `/services/options`).
 */

/**
 * The name a medical service goes by for a reader who may not see medical services
 * (`maySeeMedicalServices`): the record can still be linked to it, its type stays unsaid.
 */
export const HIDDEN_MEDICAL_SERVICE_NAME = 'خدمة مقيّدة الاطلاع';

/**
 * A service as the record form links it: the type's name (or `HIDDEN_MEDICAL_SERVICE_NAME`),
 * its status and request date. Never a member, a cost or a medical detail.
 */
export const financeServiceRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  request_date: z.iso.date(),
});
export type FinanceServiceRef = z.infer<typeof financeServiceRefSchema>;

/**
 * A family the record form may link: only what linking needs (file number, head's name, file
 * status), why zakat cannot be paid to it and its latest services. Never a health, income or
 * identity field: the form is for whoever may record money (`show_financial`), who may not read
 * families at all.
 */
export const financeFamilyOptionSchema = financeFamilyRefSchema.extend({
  /** `zakatFamilyRefusal(status)`: null when zakat may be paid to it. */
  zakat_refusal: z.string().nullable(),
  /** Its 20 most recent services (a record may be linked to one), newest first. */
  services: z.array(financeServiceRefSchema),
});
export type FinanceFamilyOption = z.infer<typeof financeFamilyOptionSchema>;
export const financeFamilyOptionListResponseSchema = listEnvelopeOf(financeFamilyOptionSchema);

/**
 * `GET /financial-records/families?search=&filter[id]=7&filter[zakat_eligible]=true`: families by
 * file number, head's name, national ID or phone (as the families list searches), archived ones
 * left out unless asked for by id (the family an edited record holds). `per_page` ≤ 50 for a picker.
 */
export const financeFamilyOptionsQuery = defineListQuery({
  sortable: ['file_number', 'head_name'],
  filters: { id: idFilter(), zakat_eligible: booleanFilter() },
});
export const financeFamilyOptionsQuerySchema = financeFamilyOptionsQuery.schema;
export type FinanceFamilyOptionsQuery = z.output<typeof financeFamilyOptionsQuerySchema>;

/** A service the record form may link, with its family (a linked service belongs to the linked family). */
export const financeServiceOptionSchema = financeServiceRefSchema.extend({
  family: financeFamilyRefSchema,
});
export type FinanceServiceOption = z.infer<typeof financeServiceOptionSchema>;
export const financeServiceOptionListResponseSchema = listEnvelopeOf(financeServiceOptionSchema);

/**
 * `GET /financial-records/services?search=&filter[family_id]=7&filter[id]=9`: services by type
 * name, file number or head's name, newest request first. For a reader who may not see medical
 * services, a medical one is named `HIDDEN_MEDICAL_SERVICE_NAME` and a search never matches its
 * type. `per_page` ≤ 50 for a picker.
 */
export const financeServiceOptionsQuery = defineListQuery({
  sortable: ['request_date'],
  filters: { id: idFilter(), family_id: idFilter() },
});
export const financeServiceOptionsQuerySchema = financeServiceOptionsQuery.schema;
export type FinanceServiceOptionsQuery = z.output<typeof financeServiceOptionsQuerySchema>;

/** `GET /financial-records/options`: organisations and seasons by name, and the restricted purposes already used. */
export const financeOptionsSchema = z.object({
  organisations: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.string() })),
  seasons: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      start_date: z.iso.date(),
      end_date: z.iso.date(),
      status: z.string(),
    }),
  ),
  /** Distinct restricted purposes of the records, most used first (the purpose field's suggestions). */
  restricted_purposes: z.array(z.string()),
});
export type FinanceOptions = z.infer<typeof financeOptionsSchema>;
export const financeOptionsResponseSchema = itemEnvelopeOf(financeOptionsSchema);

const financeKey = access.allOf('show_financial');

// Same resource as the records: a save that invalidates 'financial-records' refreshes the purposes too.
export const financeOptionEndpoints = defineEndpoints('financial-records', {
  families: {
    method: 'GET',
    path: '/financial-records/families',
    query: financeFamilyOptionsQuerySchema,
    response: financeFamilyOptionListResponseSchema,
    access: financeKey,
    summary: 'الأسر التي يمكن ربطها بقيد مالي (مع أهلية الزكاة وخدماتها)',
  },
  services: {
    method: 'GET',
    path: '/financial-records/services',
    query: financeServiceOptionsQuerySchema,
    response: financeServiceOptionListResponseSchema,
    access: financeKey,
    summary: 'الخدمات التي يمكن ربطها بقيد مالي (دون تفاصيلها الطبية)',
  },
  options: {
    method: 'GET',
    path: '/financial-records/options',
    response: financeOptionsResponseSchema,
    access: financeKey,
    summary: 'الجهات والبرامج الموسمية والأغراض المقيدة لنموذج القيد المالي',
  },
});
