import { keepPreviousData, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EndpointResponse } from 'shared-contracts';
import {
  familyEndpoints,
  organisationEndpoints,
  seasonEndpoints,
  toOrganisationListParams,
  type DistributionInput,
  type SeasonEnrolment,
  type SeasonInput,
  type seasonStatusChangeSchema,
} from 'shared-contracts/beneficiaries';
import { useEndpointCall, useEndpointQuery, useInvalidateEndpoints } from 'shared-ui';
import { useRecordSaved } from '../../../lib/record-cache';

/*
 * The seasonal programmes API of this remote, every call from its one declaration
 * (`seasonEndpoints`). A change invalidates the table (`invalidate(seasonEndpoints)`): the
 * programme, its beneficiaries, handovers and lists at once. The show and edit pages read the
 * programme through `RecordFromRoute` with `seasonEndpoints.show`.
 */

/** How the show and edit pages of a programme load it: `<RecordFromRoute {...SEASON_RECORD}>`. */
export const SEASON_RECORD = {
  endpoint: seasonEndpoints.show,
  loadingLabel: 'جارٍ تحميل البرنامج...',
  notFoundTitle: 'البرنامج غير موجود',
};

type ListParams = Readonly<Record<string, string>>;

export function useSeasonList(query: ListParams) {
  return useEndpointQuery(seasonEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

export function useSeasonBeneficiaries(id: number, query: ListParams) {
  return useEndpointQuery(
    seasonEndpoints.beneficiaries,
    { params: { id }, query },
    { placeholderData: keepPreviousData },
  );
}

export function useSeasonDistributions(id: number, query: ListParams) {
  return useEndpointQuery(
    seasonEndpoints.distributions,
    { params: { id }, query },
    { placeholderData: keepPreviousData },
  );
}

/** The printable distribution list, fetched fresh each time the print view opens. */
export function useDistributionSheet(id: number, open: boolean) {
  return useEndpointQuery(
    seasonEndpoints.distributionList,
    { params: { id } },
    { enabled: open, staleTime: 0, select: (answer) => answer.data },
  );
}

/** Active organisations for the funding picker (the list endpoint's maximum page). */
export function useFundingOrgs() {
  const query = toOrganisationListParams({
    per_page: 200,
    sort: 'name',
    filter: { status: ['active'] },
  });
  return useEndpointQuery(
    organisationEndpoints.list,
    { query },
    { select: (answer) => answer.data, staleTime: 5 * 60 * 1000 },
  );
}

/** Creates (`id` null) or updates a programme; resolves to the saved programme. */
export function useSaveSeason(id: number | null) {
  const call = useEndpointCall();
  return async (body: SeasonInput) => {
    const saved =
      id === null
        ? await call(seasonEndpoints.create, { body })
        : await call(seasonEndpoints.update, { params: { id }, body });
    return saved.data;
  };
}

/** Moves a programme along its workflow; the programme's pages show the new status at once. */
export function useSeasonStatusChange(id: number) {
  const call = useEndpointCall();
  const recordSaved = useRecordSaved('seasons');
  return useMutation({
    mutationFn: (body: z.input<typeof seasonStatusChangeSchema>) =>
      call(seasonEndpoints.status, { params: { id }, body }),
    onSuccess: (answer) => recordSaved(id, { data: answer.data }),
  });
}

/**
 * A change to a programme's families (enrol, exclude, hand over): the programme and the
 * families' pages (their enrolments and handovers) are refreshed.
 */
function useBeneficiariesChange<TInput, TAnswer>(change: (input: TInput) => Promise<TAnswer>) {
  const invalidate = useInvalidateEndpoints();
  return useMutation({
    mutationFn: change,
    onSuccess: () => void invalidate(seasonEndpoints, familyEndpoints),
  });
}

/** What an enrolment did: the counts, and the ineligible families when chosen families were enrolled. */
export type SeasonEnrolmentOutcome = EndpointResponse<typeof seasonEndpoints.enrol>['data'];

export function useEnrolFamilies(id: number) {
  const call = useEndpointCall();
  return useBeneficiariesChange((body: SeasonEnrolment) =>
    call(seasonEndpoints.enrol, { params: { id }, body }),
  );
}

export function useExcludeBeneficiary(id: number) {
  const call = useEndpointCall();
  return useBeneficiariesChange(
    ({ beneficiaryId, reason }: { beneficiaryId: number; reason: string }) =>
      call(seasonEndpoints.excludeBeneficiary, {
        params: { id, beneficiaryId },
        body: { reason },
      }),
  );
}

export function useRecordDistribution(id: number) {
  const call = useEndpointCall();
  return useBeneficiariesChange((body: DistributionInput) =>
    call(seasonEndpoints.distribute, { params: { id }, body }),
  );
}
