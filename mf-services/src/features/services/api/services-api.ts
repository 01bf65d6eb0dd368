import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { endpointQueryKey, pathTo, type EndpointResponse } from 'shared-contracts';
import {
  serviceEndpoints,
  serviceFamilyOptionsQuery,
  serviceTypeEndpoints,
  type ServiceFormValues,
  type ServiceStatusChangeInput,
} from 'shared-contracts/services';
import { useEndpointCall, useEndpointQuery, useInvalidateEndpoints } from 'shared-ui';

/*
 * The services API of this remote, every call from its one declaration (`serviceEndpoints`).
 * Every query key starts with `services`, so a change refreshes the lists, the record, the
 * family panel's counts and the form's choices at once. The show and edit pages read the record
 * through `RecordFromRoute` with `serviceEndpoints.show`.
 */

/** How the show and edit pages of a service load it: `<RecordFromRoute {...SERVICE_RECORD}>`. */
export const SERVICE_RECORD = {
  endpoint: serviceEndpoints.show,
  loadingLabel: 'جارٍ تحميل الخدمة...',
  notFoundTitle: 'الخدمة غير موجودة',
};

type ListParams = Readonly<Record<string, string>>;
type ServiceAnswer = EndpointResponse<typeof serviceEndpoints.show>;

/** One page of the services list (the URL's list state); the last page stays while the next loads. */
export function useServiceList(query: ListParams) {
  return useEndpointQuery(serviceEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

/** How many services match a filter, per status (the family panel: `filter[family_id]`). */
export function useServiceSummary(query: ListParams) {
  return useEndpointQuery(serviceEndpoints.summary, { query }, { select: (answer) => answer.data });
}

/** The employees and organisations the form offers (requesting, providing, implementing). */
export function useServiceOptions() {
  return useEndpointQuery(
    serviceEndpoints.options,
    {},
    { select: (answer) => answer.data, staleTime: 5 * 60 * 1000 },
  );
}

export const FAMILY_PICKER_PAGE_SIZE = 8;

/** The families the form's picker offers for a search (each with its members and refusal). */
export function familySearchParams(term: string) {
  return serviceFamilyOptionsQuery.toParams({ search: term, per_page: FAMILY_PICKER_PAGE_SIZE });
}

/** One family as the form knows it (its members, whether it can be served), by id; null when none. */
export function useServiceFamily(id: number | null) {
  return useEndpointQuery(
    serviceEndpoints.families,
    { query: serviceFamilyOptionsQuery.toParams({ filter: { id: id ?? undefined } }) },
    { enabled: id !== null, select: (answer) => answer.data[0] ?? null },
  );
}

/**
 * After a change to one service: its new answer goes where its show and edit pages read it (so
 * they open at once with the saved values) and every cached services answer is marked stale.
 * Returns the service's page (where a form goes next).
 */
export function useServiceSaved() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateEndpoints();
  return useCallback(
    (answer: ServiceAnswer) => {
      const { id } = answer.data;
      queryClient.setQueryData(endpointQueryKey(serviceEndpoints.show, { params: { id } }), answer);
      void invalidate(serviceEndpoints, serviceTypeEndpoints);
      return pathTo('services.show', { id });
    },
    [invalidate, queryClient],
  );
}

/** Creates (`id` null) or updates a service; resolves to the API's answer. */
export function useSaveService(id: number | null) {
  const call = useEndpointCall();
  return (body: ServiceFormValues) =>
    id === null
      ? call(serviceEndpoints.create, { body })
      : call(serviceEndpoints.update, { params: { id }, body });
}

/** Moves a service along its workflow; its pages show the new status at once. */
export function useServiceStatusChange(id: number) {
  const call = useEndpointCall();
  const saved = useServiceSaved();
  return useMutation({
    mutationFn: (body: ServiceStatusChangeInput) =>
      call(serviceEndpoints.status, { params: { id }, body }),
    onSuccess: (answer) => void saved(answer),
  });
}
