import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { familyEndpoints } from 'shared-contracts/beneficiaries';
import {
  privacyEndpoints,
  type RetentionInput,
} from 'shared-contracts/resources/privacy-contracts';
import { useEndpointCall, useEndpointQuery, useInvalidateEndpoints } from 'shared-ui';

/** The retention setting (docs/personal-data.md#retention). */
export function useRetention() {
  return useEndpointQuery(privacyEndpoints.retention, {}, { select: (answer) => answer.data });
}

/** One page of the families due for anonymisation, the list's state from the URL. */
export function useDueFamilies(query: Readonly<Record<string, string>>) {
  return useEndpointQuery(
    privacyEndpoints.dueFamilies,
    { query },
    { placeholderData: keepPreviousData },
  );
}

/** Saves the setting; the setting and the list under it are read again. */
export function useUpdateRetention() {
  const call = useEndpointCall();
  const invalidate = useInvalidateEndpoints();
  return useMutation({
    mutationFn: (body: RetentionInput) => call(privacyEndpoints.updateRetention, { body }),
    onSuccess: () => {
      void invalidate(privacyEndpoints);
    },
  });
}

/** After an erasure in bulk: the list, and every families answer that named them. */
export function useInvalidateAfterErasure() {
  const invalidate = useInvalidateEndpoints();
  return () => void invalidate(privacyEndpoints, familyEndpoints);
}
