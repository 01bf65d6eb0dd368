import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { activityLogApi, activityLogQueryKeys, type ActivityLogListParams } from 'shared-contracts';
import { useApiClient } from 'shared-ui';

/** One page of the log; not requested while the filters are known to be invalid. */
export function useActivityLog(params: ActivityLogListParams, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: activityLogQueryKeys.list(params),
    queryFn: () => activityLogApi.list(client, params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
