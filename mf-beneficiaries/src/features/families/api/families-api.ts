import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { endpointQueryKey, type EndpointInput, type EndpointResponse } from 'shared-contracts';
import {
  familyEndpoints,
  type familyCreateSchema,
  type familyStatusChangeSchema,
  type familyUpdateSchema,
} from 'shared-contracts/beneficiaries';
import {
  familyErasureEndpoints,
  type FamilyAnonymiseInput,
} from 'shared-contracts/resources/family-erasure-contracts';
import { useEndpointCall, useEndpointQuery, useInvalidateEndpoints } from 'shared-ui';
import { useRecordSaved } from '../../../lib/record-cache';

/*
 * The families API of this remote, every call from its one declaration (`familyEndpoints`).
 * A change invalidates the whole table (`invalidate(familyEndpoints)`): the register, the family's
 * record, its timeline and the duplicate checks at once. The show and edit pages read the family
 * through `RecordFromRoute` with `familyEndpoints.show`.
 */

/** How the show and edit pages of a family load it: `<RecordFromRoute {...FAMILY_RECORD}>`. */
export const FAMILY_RECORD = {
  endpoint: familyEndpoints.show,
  loadingLabel: 'جارٍ تحميل ملف الأسرة...',
  notFoundTitle: 'الأسرة غير موجودة',
};

/** A family as the show and edit pages read it: the detail plus its enrolments and handovers. */
export type FamilyRecord = EndpointResponse<typeof familyEndpoints.show>['data'];

export function useFamilyList(query: Readonly<Record<string, string>>) {
  return useEndpointQuery(familyEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

/** The family's activity log, newest first (one page of 100 entries). */
export function useFamilyTimeline(id: number) {
  return useEndpointQuery(
    familyEndpoints.timeline,
    { params: { id }, query: { per_page: 100 } },
    { select: (answer) => answer.data },
  );
}

/** Registers a family, or saves it as a server draft (`save_as_draft: true`). */
export function useCreateFamily() {
  const call = useEndpointCall();
  const invalidate = useInvalidateEndpoints();
  return useMutation({
    mutationFn: (body: z.input<typeof familyCreateSchema>) =>
      call(familyEndpoints.create, { body }),
    onSuccess: () => void invalidate(familyEndpoints),
  });
}

/** Saves the whole family again (PUT); resolves to the saved family. */
export function useSaveFamily(id: number) {
  const call = useEndpointCall();
  return useCallback(
    async (body: z.input<typeof familyUpdateSchema>) =>
      (await call(familyEndpoints.update, { params: { id }, body })).data,
    [call, id],
  );
}

/**
 * Erases the family's personal data (docs/personal-data.md#erasure); the page then shows the
 * anonymised family, and every list, check and timeline that named it is refetched.
 */
export function useAnonymiseFamily(id: number) {
  const call = useEndpointCall();
  const recordSaved = useRecordSaved('families');
  const invalidate = useInvalidateEndpoints();
  return useMutation({
    mutationFn: (body: FamilyAnonymiseInput) =>
      call(familyErasureEndpoints.anonymise, { params: { id }, body }),
    onSuccess: (answer) => {
      recordSaved(id, { data: answer.data });
      void invalidate(familyEndpoints);
    },
  });
}

/** Moves a family along its workflow; its pages show the new status at once. */
export function useFamilyStatusChange(id: number) {
  const call = useEndpointCall();
  const recordSaved = useRecordSaved('families');
  return useMutation({
    mutationFn: (body: z.input<typeof familyStatusChangeSchema>) =>
      call(familyEndpoints.status, { params: { id }, body }),
    onSuccess: (answer) => recordSaved(id, { data: answer.data }),
  });
}

// ---------------------------------------------------------------------------------------------
// The duplicate checks the forms run while typing (components/use-duplicate-checks.ts)
// ---------------------------------------------------------------------------------------------

type CheckQuery<E extends keyof typeof familyEndpoints> = NonNullable<
  EndpointInput<(typeof familyEndpoints)[E]>['query']
>;

/** A check is cached for 30 s and retried once; it answers inside `{ data }`. */
const CHECK_OPTIONS = { staleTime: 30_000, retry: 1 } as const;

export function useNationalIdCheckQuery(query: CheckQuery<'checkNationalId'>, enabled: boolean) {
  return useEndpointQuery(
    familyEndpoints.checkNationalId,
    { query },
    { ...CHECK_OPTIONS, enabled, select: (answer) => answer.data },
  );
}

/**
 * The national ID check run once more before leaving the head step (the cached answer of the
 * live check when there is one).
 */
export function useFetchNationalIdCheck() {
  const queryClient = useQueryClient();
  const call = useEndpointCall();
  return useCallback(
    async (query: CheckQuery<'checkNationalId'>) => {
      const answer = await queryClient.fetchQuery({
        queryKey: endpointQueryKey(familyEndpoints.checkNationalId, { query }),
        queryFn: () => call(familyEndpoints.checkNationalId, { query }),
        staleTime: CHECK_OPTIONS.staleTime,
      });
      return answer.data;
    },
    [call, queryClient],
  );
}

export function usePhoneCheckQuery(query: CheckQuery<'checkPhone'>, enabled: boolean) {
  return useEndpointQuery(
    familyEndpoints.checkPhone,
    { query },
    { ...CHECK_OPTIONS, enabled, select: (answer) => answer.data.families },
  );
}

export function useSimilarMembersQuery(query: CheckQuery<'checkSimilarMembers'>, enabled: boolean) {
  return useEndpointQuery(
    familyEndpoints.checkSimilarMembers,
    { query },
    { ...CHECK_OPTIONS, enabled, select: (answer) => answer.data.matches },
  );
}
