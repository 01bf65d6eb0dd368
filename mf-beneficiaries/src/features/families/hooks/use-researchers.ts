import { useQuery } from '@tanstack/react-query';
import { useApiClient } from 'shared-ui';
import { beneficiariesKeys } from '../../../lib/query-keys';
import { fetchResearchers } from '../api/families-api';

/** The social researchers a family can be assigned to (select options). */
export function useResearchers() {
  const client = useApiClient();
  return useQuery({
    queryKey: beneficiariesKeys.researchers,
    queryFn: () => fetchResearchers(client),
    staleTime: 10 * 60 * 1000,
  });
}
