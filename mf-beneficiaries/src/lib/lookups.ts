import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  BENEFICIARY_LOOKUPS,
  endpointPath,
  type BeneficiaryLookupName,
  type CityItem,
  type LookupItem,
} from 'shared-contracts';
import { useApiClient, type SelectOption } from 'shared-ui';
import { isRecord } from './api-response';
import { beneficiariesKeys } from './query-keys';

/**
 * The beneficiaries lookup lists (GET /lookups/beneficiaries). Admins may edit the editable
 * lists, so forms read them from the API; the seeded arrays in shared-contracts are the
 * fallback while loading or when the API is unreachable, so a form never waits on them.
 */
export type LookupLists = {
  [K in Exclude<BeneficiaryLookupName, 'cities'>]: readonly LookupItem[];
} & {
  cities: readonly CityItem[];
};

const itemSchema = z.object({
  code: z.string(),
  label: z.string(),
  city: z.string().nullish(),
  city_code: z.string().nullish(),
  is_active: z.boolean().optional(),
  districts: z.array(z.object({ code: z.string(), label: z.string() })).optional(),
});
type RawItem = z.infer<typeof itemSchema>;

export const SEED_LOOKUPS: LookupLists = Object.fromEntries(
  Object.entries(BENEFICIARY_LOOKUPS).map(([name, list]) => [name, list.items]),
) as unknown as LookupLists;

/** The lists of the API's answer, by name: `{ data: { name: items } }` or `{ data: [{ name, items }] }`. */
function rawLists(body: unknown): Record<string, unknown> {
  const data = isRecord(body) && 'data' in body ? body.data : body;
  if (isRecord(data)) return data;
  if (Array.isArray(data)) {
    const lists: Record<string, unknown> = {};
    for (const entry of data) {
      if (!isRecord(entry)) continue;
      const name = entry.name ?? entry.key ?? entry.table;
      if (typeof name === 'string') lists[name] = entry.items;
    }
    return lists;
  }
  return {};
}

function parseList(raw: unknown): RawItem[] | null {
  const parsed = z.array(itemSchema).safeParse(raw);
  return parsed.success ? parsed.data.filter((item) => item.is_active !== false) : null;
}

/** Merges the API's lists over the seed; cities get their districts from either shape. */
export function readLookups(body: unknown): LookupLists {
  const lists = rawLists(body);
  const result: Record<string, readonly LookupItem[]> = { ...SEED_LOOKUPS };
  for (const name of Object.keys(SEED_LOOKUPS)) {
    const items = parseList(lists[name]);
    if (items && items.length > 0)
      result[name] = items.map((item) => ({ code: item.code, label: item.label }));
  }
  const apiCities = parseList(lists.cities);
  const apiDistricts = parseList(lists.districts);
  if (apiCities && apiCities.length > 0) {
    result.cities = apiCities.map((city): CityItem => {
      const districts =
        city.districts ??
        apiDistricts
          ?.filter((district) => (district.city ?? district.city_code) === city.code)
          .map((district) => ({ code: district.code, label: district.label })) ??
        SEED_LOOKUPS.cities.find((seed) => seed.code === city.code)?.districts ??
        [];
      return { code: city.code, label: city.label, districts };
    });
  }
  return result as unknown as LookupLists;
}

export function useLookups(): LookupLists {
  const client = useApiClient();
  const { data } = useQuery({
    queryKey: beneficiariesKeys.lookups,
    queryFn: async () => readLookups((await client.get(endpointPath('lookups'))).data),
    staleTime: 30 * 60 * 1000,
  });
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
  return lists.cities.find((item) => item.code === city)?.districts ?? [];
}
