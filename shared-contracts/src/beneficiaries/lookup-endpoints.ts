import { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { listEnvelopeOf } from '../core/envelope';
import { personRefSchema } from '../core/values';
import { BENEFICIARY_LOOKUPS, type BeneficiaryLookupName } from './lookups';

/** Every list name of `BENEFICIARY_LOOKUPS`, in its order. */
export const BENEFICIARY_LOOKUP_NAMES = Object.keys(BENEFICIARY_LOOKUPS) as [
  BeneficiaryLookupName,
  ...BeneficiaryLookupName[],
];

/** One entry of a lookup list as the API answers it (the label current in its table). */
export const beneficiaryLookupItemSchema = z.object({
  code: z.string(),
  label: z.string(),
  label_en: z.string().nullable(),
  sort: z.number().int(),
  /** false: kept for old records' labels; do not offer it in a select. */
  is_active: z.boolean(),
  /** Districts only: the code of their city. */
  city: z.string().optional(),
});
export type BeneficiaryLookupItem = z.infer<typeof beneficiaryLookupItemSchema>;

/**
 * `GET /lookups/beneficiaries`: every list of `BENEFICIARY_LOOKUPS` (each in `sort` order,
 * inactive entries included) and, in `meta.lists`, each list's Arabic name and whether admins may
 * add entries to it.
 */
export const beneficiaryLookupsResponseSchema = z.object({
  data: z.record(z.enum(BENEFICIARY_LOOKUP_NAMES), z.array(beneficiaryLookupItemSchema)),
  meta: z.object({
    lists: z.record(
      z.enum(BENEFICIARY_LOOKUP_NAMES),
      z.object({ label: z.string(), editable: z.boolean() }),
    ),
  }),
});
export type BeneficiaryLookupsResponse = z.infer<typeof beneficiaryLookupsResponseSchema>;

/**
 * `GET /families/researchers`: active employees who may work on families, by name (one page),
 * with their email so two employees of the same name can be told apart in a picker.
 */
export const researcherSchema = personRefSchema.extend({ email: z.string() });
export type Researcher = z.infer<typeof researcherSchema>;
export const researcherListResponseSchema = listEnvelopeOf(researcherSchema);

/**
 * The researcher options of a picker: the name, and the email beside every name that more than
 * one researcher shares (identical names were indistinguishable).
 */
export function researcherOptions(
  researchers: readonly Researcher[],
): { value: string; label: string }[] {
  const counts = new Map<string, number>();
  for (const researcher of researchers)
    counts.set(researcher.name, (counts.get(researcher.name) ?? 0) + 1);
  return researchers.map((researcher) => ({
    value: String(researcher.id),
    // The email isolated (LRI … PDI): an <option> cannot hold a <bdi>.
    label:
      (counts.get(researcher.name) ?? 0) > 1
        ? `${researcher.name} — \u2066${researcher.email}\u2069`
        : researcher.name,
  }));
}

/** What the beneficiaries forms pick from: the lookup lists and the researchers. */
export const lookupEndpoints = defineEndpoints('lookups', {
  beneficiaries: {
    method: 'GET',
    path: '/lookups/beneficiaries',
    response: beneficiaryLookupsResponseSchema,
    access: access.anyOf('show_families', 'show_orgs', 'show_seasonal'),
    summary: 'قوائم الاختيار لقسم المستفيدين',
  },
  researchers: {
    method: 'GET',
    path: '/families/researchers',
    response: researcherListResponseSchema,
    access: access.anyOf('create_families', 'edit_families', 'show_families'),
    summary: 'الباحثون الاجتماعيون',
  },
});
