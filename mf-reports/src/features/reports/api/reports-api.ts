import { seasonEndpoints } from 'shared-contracts/beneficiaries';
import { useCanCall, useEndpointQuery } from 'shared-ui';

/** The seasons to filter by, when the employee may list them (else no season filter is offered). */
export function useSeasonOptions() {
  const allowed = useCanCall(seasonEndpoints.list);
  const query = useEndpointQuery(
    seasonEndpoints.list,
    { query: { per_page: '100', sort: 'start_date', order: 'desc' } },
    { enabled: allowed },
  );
  return allowed
    ? (query.data?.data ?? []).map((season) => ({ value: season.id, label: season.name }))
    : [];
}
