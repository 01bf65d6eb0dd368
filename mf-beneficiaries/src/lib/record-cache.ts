import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { endpointQueryKey, pathTo, type EndpointResponse, type PageId } from 'shared-contracts';
import {
  familyEndpoints,
  organisationEndpoints,
  seasonEndpoints,
} from 'shared-contracts/beneficiaries';
import { useInvalidateResources } from 'shared-ui';

/*
 * `RecordFromRoute` caches a record under its show endpoint's key with the route's `:id` as typed
 * in the address (text), so a saved record is put under that same key.
 */
const routeId = (id: number) => ({ params: { id: String(id) } });
const RECORD_KEYS = {
  families: (id: number) => endpointQueryKey(familyEndpoints.show, routeId(id)),
  orgs: (id: number) => endpointQueryKey(organisationEndpoints.show, routeId(id)),
  seasons: (id: number) => endpointQueryKey(seasonEndpoints.show, routeId(id)),
};
/** The record's own page, where a form goes once the record is saved. */
const SHOW_PAGES = {
  families: 'families.show',
  orgs: 'orgs.show',
  seasons: 'seasons.show',
} as const satisfies Record<keyof typeof RECORD_KEYS, PageId>;
interface RecordAnswers {
  families: EndpointResponse<typeof familyEndpoints.show>;
  orgs: EndpointResponse<typeof organisationEndpoints.show>;
  seasons: EndpointResponse<typeof seasonEndpoints.show>;
}

/**
 * After a change to one record: its new answer goes where its show and edit pages read it, so
 * they open at once with the saved values, and every cached answer of the resource (lists, the
 * record itself) is marked stale. Returns the path of the record's page (where a form goes next).
 */
export function useRecordSaved<R extends keyof RecordAnswers>(resource: R) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateResources();
  return useCallback(
    (id: number, answer: RecordAnswers[R]) => {
      queryClient.setQueryData(RECORD_KEYS[resource](id), answer);
      void invalidate(resource);
      return pathTo(SHOW_PAGES[resource], { id });
    },
    [invalidate, queryClient, resource],
  );
}
