import type { FastifyPluginAsync } from 'fastify';
import {
  BENEFICIARY_LOOKUP_NAMES,
  BENEFICIARY_LOOKUPS,
  lookupEndpoints,
  type BeneficiaryLookupName,
  type BeneficiaryLookupsResponse,
} from 'shared-contracts/beneficiaries';
import { registerEndpoint } from '../../http/endpoint';
import { listMeta } from '../../http/pagination';
import { listResearchers, loadLookups, type LookupSet } from './repository';

/** A value for every lookup list. (`Object.fromEntries` cannot know that every name is there.) */
function perList<T>(value: (name: BeneficiaryLookupName) => T): Record<BeneficiaryLookupName, T> {
  return Object.fromEntries(BENEFICIARY_LOOKUP_NAMES.map((name) => [name, value(name)])) as Record<
    BeneficiaryLookupName,
    T
  >;
}

/** Every list in `sort` order, inactive entries flagged; districts carry their city's code. */
function lookupLists(lookups: LookupSet): BeneficiaryLookupsResponse {
  return {
    data: perList((name) =>
      lookups.list(name).map((row) => ({
        code: row.code,
        label: row.label_ar,
        label_en: row.label_en,
        sort: row.sort,
        is_active: row.active,
        ...(name === 'districts' && row.parent_code ? { city: row.parent_code } : {}),
      })),
    ),
    meta: {
      lists: perList((name) => ({
        label: BENEFICIARY_LOOKUPS[name].label,
        editable: BENEFICIARY_LOOKUPS[name].editable,
      })),
    },
  };
}

/** What the beneficiaries forms pick from: the lookup lists and the researchers. */
export const lookupRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, lookupEndpoints.beneficiaries, async () =>
    lookupLists(await loadLookups(app.db)),
  );

  registerEndpoint(app, lookupEndpoints.researchers, async () => {
    const rows = await listResearchers(app.db);
    return { data: rows, meta: listMeta(1, Math.max(rows.length, 1), rows.length) };
  });
};
