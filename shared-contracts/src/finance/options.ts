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

/** A family the record form may link, with why zakat cannot be paid to it and its latest services. */
export const financeFamilyOptionSchema = financeFamilyRefSchema.extend({
  /** `zakatFamilyRefusal(status)`: null when zakat may be paid to it. */
  zakat_refusal: z.string().nullable(),
  /** Its 20 most recent services (a record may be linked to one), newest first. */
  services: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.string(),
      request_date: z.iso.date(),
    }),
  ),
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
  options: {
    method: 'GET',
    path: '/financial-records/options',
    response: financeOptionsResponseSchema,
    access: financeKey,
    summary: 'الجهات والبرامج الموسمية والأغراض المقيدة لنموذج القيد المالي',
  },
});
