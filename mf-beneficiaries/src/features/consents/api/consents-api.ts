import { useMutation } from '@tanstack/react-query';
import { familyEndpoints } from 'shared-contracts/beneficiaries';
import {
  consentEndpoints,
  type ConsentRecordFormValues,
  type ConsentWithdrawFormValues,
} from 'shared-contracts/resources/consents-contracts';
import { useEndpointCall, useEndpointQuery, useInvalidateEndpoints } from 'shared-ui';

/*
 * The consents API of this remote, every call from its one declaration (`consentEndpoints`). A
 * change marks stale the family's consents, its record (the form's two consent boxes follow the
 * ledger) and its timeline.
 */

/** A family's consents (current first, then withdrawn) and whether it shares with partners. */
export function useFamilyConsents(familyId: number) {
  return useEndpointQuery(
    consentEndpoints.familyList,
    { params: { id: familyId } },
    { select: (answer) => answer.data },
  );
}

function useConsentsChanged() {
  const invalidate = useInvalidateEndpoints();
  return () => invalidate(consentEndpoints, familyEndpoints);
}

/** `POST /families/{id}/consents`. */
export function useRecordConsent(familyId: number) {
  const call = useEndpointCall();
  const changed = useConsentsChanged();
  return useMutation({
    mutationFn: (body: ConsentRecordFormValues) =>
      call(consentEndpoints.record, { params: { id: familyId }, body }),
    onSuccess: changed,
  });
}

/** `POST /consents/{id}/withdraw`. */
export function useWithdrawConsent(consentId: number) {
  const call = useEndpointCall();
  const changed = useConsentsChanged();
  return useMutation({
    mutationFn: (body: ConsentWithdrawFormValues) =>
      call(consentEndpoints.withdraw, { params: { id: consentId }, body }),
    onSuccess: changed,
  });
}
