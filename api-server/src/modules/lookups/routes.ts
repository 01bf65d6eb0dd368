import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { BENEFICIARIES_ENDPOINTS as E, BENEFICIARY_LOOKUPS } from 'shared-contracts';
import { endpointRoute } from '../../http/endpoint';
import { LOOKUP_NAMES, loadLookups } from './repository';

export const lookupItemSchema = z.object({
  code: z.string(),
  label: z.string(),
  label_en: z.string().nullable(),
  sort: z.number().int(),
  /** false: kept for old records' labels; do not offer it in a select. */
  is_active: z.boolean(),
  /** districts only: the code of their city. */
  city: z.string().optional(),
});
/**
 * `{ data: { family_categories: [items], cities: [items], districts: [items with city], … },
 *    meta: { lists: { family_categories: { label, editable }, … } } }`
 */
export const lookupsResponseSchema = z.object({
  data: z.record(z.string(), z.array(lookupItemSchema)),
  meta: z.object({ lists: z.record(z.string(), z.object({ label: z.string(), editable: z.boolean() })) }),
});

/** GET /lookups/beneficiaries: every beneficiaries lookup list, for the forms' selects and filters. */
export const lookupRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    ...endpointRoute(E.lookups, { summary: 'قوائم الاختيار لقسم المستفيدين', tags: ['lookups'], response: lookupsResponseSchema }),
    handler: async () => {
      const lookups = await loadLookups(app.db);
      const data = Object.fromEntries(
        LOOKUP_NAMES.map((name) => [
          name,
          lookups.list(name).map((row) => ({
            code: row.code,
            label: row.label_ar,
            label_en: row.label_en,
            sort: row.sort,
            is_active: row.active,
            ...(name === 'districts' && row.parent_code ? { city: row.parent_code } : {}),
          })),
        ]),
      );
      const lists = Object.fromEntries(
        LOOKUP_NAMES.map((name) => [name, { label: BENEFICIARY_LOOKUPS[name].label, editable: BENEFICIARY_LOOKUPS[name].editable }]),
      );
      return { data, meta: { lists } };
    },
  });
};
