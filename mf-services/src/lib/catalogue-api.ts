import { keepPreviousData } from '@tanstack/react-query';
import type { Endpoint } from 'shared-contracts';
import {
  useEndpointCall,
  useEndpointQuery,
  useInvalidateEndpoints,
  type InvalidationTarget,
  type LookupActions,
  type LookupRow,
} from 'shared-ui';
import type { z } from 'zod';

/*
 * The API of a services catalogue (axes, departments, service types): the three are declared
 * alike in the contracts, so their list, add / edit and deactivate / delete calls are made here
 * once from the declaration. Each catalogue is shown by others (a type shows its department's and
 * axis's names; a department and an axis count their types), so a change marks stale the
 * catalogue itself and the resources the caller names.
 */

/** The part of a catalogue's endpoint table the calls use, as `defineEndpoints` stamps it. */
export interface CatalogueEndpoints<ListAnswer, Input, Saved> {
  readonly list: Endpoint & { readonly query: z.ZodType; readonly response: z.ZodType<ListAnswer> };
  readonly create: Endpoint & {
    readonly body: z.ZodType<unknown, Input>;
    readonly response: z.ZodType<Saved>;
  };
  readonly update: Endpoint & {
    readonly path: `${string}/:id`;
    readonly body: z.ZodType<unknown, Input>;
    readonly response: z.ZodType<Saved>;
  };
  readonly delete: Endpoint & {
    readonly path: `${string}/:id`;
    readonly response: z.ZodType<{ message: string }>;
  };
}

export interface CatalogueApiOptions<Row, Input> {
  /** The entry as its write body (`serviceAxisToInput`): deactivating sends it whole. */
  toInput: (row: Row) => Input;
  /** The other endpoint tables whose answers show this catalogue's entries. */
  refreshes: readonly InvalidationTarget[];
}

export function defineCatalogueApi<
  Row extends LookupRow,
  Input extends { active?: boolean | undefined },
  ListAnswer,
  Saved extends { message?: string | undefined },
>(
  endpoints: CatalogueEndpoints<ListAnswer, Input, Saved>,
  { toInput, refreshes }: CatalogueApiOptions<Row, Input>,
) {
  function useCatalogueChanged() {
    const invalidate = useInvalidateEndpoints();
    // The whole table (its options too), though the interface names only the calls made here.
    const table = Object.values(endpoints) as Endpoint[];
    return () => void invalidate(...table, ...refreshes);
  }

  /** One page of the list (the URL's list state); the last page stays while the next loads. */
  function useList(query: Readonly<Record<string, string>>) {
    return useEndpointQuery(endpoints.list, { query }, { placeholderData: keepPreviousData });
  }

  /** Creates (`id` null) or updates an entry; resolves to the API's answer. */
  function useSave(id: number | null) {
    const call = useEndpointCall();
    const changed = useCatalogueChanged();
    return async (body: Input) => {
      const answer =
        id === null
          ? await call(endpoints.create, { body })
          : await call(endpoints.update, { params: { id }, body });
      changed();
      return answer;
    };
  }

  /** Deactivate / reactivate (the whole entry with its flag changed) and delete, for the list. */
  function useActions(): LookupActions<Row> {
    const call = useEndpointCall();
    const changed = useCatalogueChanged();
    return {
      setActive: async (row, active) => {
        const body = { ...toInput(row), active };
        const answer = await call(endpoints.update, { params: { id: row.id }, body });
        changed();
        return answer;
      },
      remove: async (row) => {
        const answer = await call(endpoints.delete, { params: { id: row.id } });
        changed();
        return answer;
      },
    };
  }

  return { endpoints, useList, useSave, useActions };
}
