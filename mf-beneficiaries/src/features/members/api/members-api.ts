import { keepPreviousData, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  familyEndpoints,
  memberEndpoints,
  type memberMoveSchema,
} from 'shared-contracts/beneficiaries';
import { useEndpointCall, useEndpointQuery, useInvalidateEndpoints } from 'shared-ui';

/*
 * The family members API of this remote (the register across families), every call from its one
 * declaration (`memberEndpoints`); every query key starts with `family-members`.
 */

export function useMemberList(query: Readonly<Record<string, string>>) {
  return useEndpointQuery(memberEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

/**
 * Moves a member to another family; the answer is the recorded move. Both families change, so
 * the members register and every families answer are refreshed.
 */
export function useMoveMember(memberId: number) {
  const call = useEndpointCall();
  const invalidate = useInvalidateEndpoints();
  return useMutation({
    mutationFn: (body: z.input<typeof memberMoveSchema>) =>
      call(memberEndpoints.move, { params: { id: memberId }, body }),
    onSuccess: () => void invalidate(memberEndpoints, familyEndpoints),
  });
}
