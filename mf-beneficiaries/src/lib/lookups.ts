import {
  BENEFICIARY_LOOKUPS,
  BENEFICIARY_LOOKUP_NAMES,
  lookupEndpoints,
  type BeneficiaryLookupName,
  type BeneficiaryLookupsResponse,
  type LookupItem,
} from 'shared-contracts/beneficiaries';
import { useEndpointQuery, type SelectOption } from 'shared-ui';

/** An entry of a lookup list; districts carry the code of their city. */
export type LookupListItem = LookupItem & { readonly city?: string | undefined };

/**
 * The beneficiaries lookup lists by name (GET /lookups/beneficiaries). Admins may edit the
 * editable lists, so forms read them from the API; the seeded arrays in shared-contracts are the
 * fallback while loading or when the API is unreachable, so a form never waits on them.
 */
export type LookupLists = Readonly<Record<BeneficiaryLookupName, readonly LookupListItem[]>>;

const L = BENEFICIARY_LOOKUPS;
export const SEED_LOOKUPS: LookupLists = {
  family_categories: L.family_categories.items,
  housing_types: L.housing_types.items,
  housing_ownerships: L.housing_ownerships.items,
  income_source_types: L.income_source_types.items,
  need_types: L.need_types.items,
  need_priorities: L.need_priorities.items,
  relationships: L.relationships.items,
  genders: L.genders.items,
  id_types: L.id_types.items,
  marital_statuses: L.marital_statuses.items,
  health_statuses: L.health_statuses.items,
  disability_types: L.disability_types.items,
  education_levels: L.education_levels.items,
  employment_statuses: L.employment_statuses.items,
  cities: L.cities.items,
  districts: L.districts.items,
  organisation_types: L.organisation_types.items,
  organisation_statuses: L.organisation_statuses.items,
  season_kinds: L.season_kinds.items,
  distribution_item_kinds: L.distribution_item_kinds.items,
  distribution_kinds: L.distribution_kinds.items,
};

/** The API's lists over the seed: only active entries are offered; an empty list keeps the seed. */
export function readLookups(response: BeneficiaryLookupsResponse): LookupLists {
  const lists: Record<BeneficiaryLookupName, readonly LookupListItem[]> = { ...SEED_LOOKUPS };
  for (const name of BENEFICIARY_LOOKUP_NAMES) {
    const items = response.data[name].filter((item) => item.is_active);
    if (items.length > 0) {
      lists[name] = items.map(({ code, label, city }) => ({ code, label, city }));
    }
  }
  return lists;
}

export function useLookups(): LookupLists {
  const { data } = useEndpointQuery(
    lookupEndpoints.beneficiaries,
    {},
    { select: readLookups, staleTime: 30 * 60 * 1000 },
  );
  return data ?? SEED_LOOKUPS;
}

/** Select options of a lookup list. */
export function optionsOf(list: readonly LookupItem[]): SelectOption[] {
  return list.map((item) => ({ value: item.code, label: item.label }));
}

/** The districts of a city in the loaded lists. */
export function districtsOfCity(
  lists: LookupLists,
  city: string | null | undefined,
): readonly LookupItem[] {
  if (!city) return [];
  return lists.districts.filter((district) => district.city === city);
}

/** The social researchers a family can be assigned to (select options, filters). */
export function useResearchers() {
  return useEndpointQuery(
    lookupEndpoints.researchers,
    {},
    { select: (answer) => answer.data, staleTime: 10 * 60 * 1000 },
  );
}
