import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { familyEndpoints } from 'shared-contracts/beneficiaries';
import {
  visitEndpoints,
  visitListQuery,
  type VisitPlanFormValues,
  type VisitUpdateFormValues,
} from 'shared-contracts/resources/visits-contracts';
import { useEndpointCall, useEndpointQuery, useInvalidateEndpoints } from 'shared-ui';

/*
 * The visits API of this remote, every call from its one declaration (`visitEndpoints`). A change
 * marks stale every visits answer and the family's record and timeline (a recorded assessment
 * visit may set its next reassessment date; every change is a timeline row).
 */

type ListParams = Readonly<Record<string, string>>;

/** One page of the visits list (the URL's list state); the last page stays while the next loads. */
export function useVisitList(query: ListParams) {
  return useEndpointQuery(visitEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

/** How many visits a family panel shows at once (the newest first). */
export const FAMILY_VISITS_PAGE_SIZE = 50;

/** A family's visits, newest first. */
export function useFamilyVisits(familyId: number) {
  return useEndpointQuery(
    visitEndpoints.familyList,
    {
      params: { id: familyId },
      query: visitListQuery.toParams({ per_page: FAMILY_VISITS_PAGE_SIZE }),
    },
    { select: (answer) => answer.data },
  );
}

function useVisitsChanged() {
  const invalidate = useInvalidateEndpoints();
  return () => invalidate(visitEndpoints, familyEndpoints);
}

/** `POST /families/{id}/visits`. */
export function usePlanVisit(familyId: number) {
  const call = useEndpointCall();
  const changed = useVisitsChanged();
  return useMutation({
    mutationFn: (body: VisitPlanFormValues) =>
      call(visitEndpoints.create, { params: { id: familyId }, body }),
    onSuccess: changed,
  });
}

/** `PUT /visits/{id}`: reschedule or record. */
export function useUpdateVisit(visitId: number) {
  const call = useEndpointCall();
  const changed = useVisitsChanged();
  return useMutation({
    mutationFn: (body: VisitUpdateFormValues) =>
      call(visitEndpoints.update, { params: { id: visitId }, body }),
    onSuccess: changed,
  });
}
