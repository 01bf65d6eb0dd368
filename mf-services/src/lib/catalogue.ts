import {
  serviceAxisEndpoints,
  serviceDepartmentEndpoints,
  serviceTypeEndpoints,
  serviceTypeListQuery,
  serviceAxisListQuery,
  serviceDepartmentListQuery,
} from 'shared-contracts/services';
import { namedOptions, useEndpointQuery, type SelectOption } from 'shared-ui';

/*
 * The services catalogue as the forms and filters pick from it: every department, axis and
 * service type by name (the list endpoints' largest page; a charity has tens of each). Forms
 * offer the active ones; filters all of them.
 */

const WHOLE_LIST = { per_page: 200, sort: 'name' } as const;
const STALE_MS = 5 * 60 * 1000;

export function useDepartmentCatalogue() {
  return useEndpointQuery(
    serviceDepartmentEndpoints.list,
    { query: serviceDepartmentListQuery.toParams(WHOLE_LIST) },
    { select: (answer) => answer.data, staleTime: STALE_MS },
  );
}

export function useAxisCatalogue() {
  return useEndpointQuery(
    serviceAxisEndpoints.list,
    { query: serviceAxisListQuery.toParams(WHOLE_LIST) },
    { select: (answer) => answer.data, staleTime: STALE_MS },
  );
}

export function useServiceTypeCatalogue() {
  return useEndpointQuery(
    serviceTypeEndpoints.list,
    { query: serviceTypeListQuery.toParams(WHOLE_LIST) },
    { select: (answer) => answer.data, staleTime: STALE_MS },
  );
}

/**
 * What a form may choose: the active entries, plus the one the record already holds (kept when
 * it was deactivated since, as the API accepts it, and shown before the list has loaded).
 */
export function choosableOptions(
  entries: readonly { id: number; name: string; active: boolean }[] | undefined,
  current: { id: number; name: string } | null | undefined,
): SelectOption[] {
  const offered = (entries ?? []).filter((entry) => entry.active || entry.id === current?.id);
  if (current && !offered.some((entry) => entry.id === current.id)) {
    offered.unshift({ ...current, active: false });
  }
  return namedOptions(offered);
}
