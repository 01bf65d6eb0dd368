import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { endpointQueryKey, pathTo, type EndpointResponse } from 'shared-contracts';
import {
  audienceCandidatesQuery,
  seminarAudienceEndpoints,
  seminarEndpoints,
  seminarTypeEndpoints,
  type AttendanceInput,
  type AudienceChangeResponse,
  type AudienceRegistrationInput,
  type SeminarFormValues,
  type SeminarStatusChangeInput,
  type SeminarType,
  type SeminarTypeFormValues,
} from 'shared-contracts/engagement';
import {
  useEndpointCall,
  useEndpointQuery,
  useInvalidateEndpoints,
  type LookupActions,
} from 'shared-ui';

/*
 * The seminars API of this remote, every call from its declarations (`seminarTypeEndpoints`,
 * `seminarEndpoints`, `seminarAudienceEndpoints`). A change invalidates the three tables, so an
 * audience change refreshes the seminar's counts, the lists and the family panel at once.
 */

type ListParams = Readonly<Record<string, string>>;
type SeminarAnswer = EndpointResponse<typeof seminarEndpoints.show>;

/** How the show, edit and audience pages load a seminar: `<RecordFromRoute {...SEMINAR_RECORD}>`. */
export const SEMINAR_RECORD = {
  endpoint: seminarEndpoints.show,
  loadingLabel: 'جارٍ تحميل الندوة...',
  notFoundTitle: 'الندوة غير موجودة',
};

function useSeminarsChanged() {
  const invalidate = useInvalidateEndpoints();
  return useCallback(
    () => void invalidate(seminarEndpoints, seminarAudienceEndpoints, seminarTypeEndpoints),
    [invalidate],
  );
}

// Types ----------------------------------------------------------------------------------------

export function useSeminarTypeList(query: ListParams) {
  return useEndpointQuery(
    seminarTypeEndpoints.list,
    { query },
    { placeholderData: keepPreviousData },
  );
}

/** Creates (`id` null) or updates a seminar type. */
export function useSaveSeminarType(id: number | null) {
  const call = useEndpointCall();
  const changed = useSeminarsChanged();
  return async (body: SeminarTypeFormValues) => {
    const answer =
      id === null
        ? await call(seminarTypeEndpoints.create, { body })
        : await call(seminarTypeEndpoints.update, { params: { id }, body });
    changed();
    return answer;
  };
}

/** Deactivate / reactivate (the whole type with its flag changed) and delete, for the list. */
export function useSeminarTypeActions(): LookupActions<SeminarType> {
  const call = useEndpointCall();
  const changed = useSeminarsChanged();
  return {
    setActive: async (type, active) => {
      const body = { name: type.name, description: type.description, active };
      const answer = await call(seminarTypeEndpoints.update, { params: { id: type.id }, body });
      changed();
      return answer;
    },
    remove: async (type) => {
      const answer = await call(seminarTypeEndpoints.delete, { params: { id: type.id } });
      changed();
      return answer;
    },
  };
}

// Seminars -------------------------------------------------------------------------------------

export function useSeminarList(query: ListParams) {
  return useEndpointQuery(seminarEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

/** The types and axes the form and the filters offer. */
export function useSeminarOptions() {
  return useEndpointQuery(
    seminarEndpoints.options,
    {},
    { select: (answer) => answer.data, staleTime: 60_000 },
  );
}

/** After a change to one seminar: its new answer where its pages read it, every seminars answer stale; answers its page. */
export function useSeminarSaved() {
  const queryClient = useQueryClient();
  const changed = useSeminarsChanged();
  return useCallback(
    (answer: SeminarAnswer) => {
      const { id } = answer.data;
      queryClient.setQueryData(endpointQueryKey(seminarEndpoints.show, { params: { id } }), answer);
      changed();
      return pathTo('seminars.show', { id });
    },
    [changed, queryClient],
  );
}

export function useSaveSeminar(id: number | null) {
  const call = useEndpointCall();
  return (body: SeminarFormValues) =>
    id === null
      ? call(seminarEndpoints.create, { body })
      : call(seminarEndpoints.update, { params: { id }, body });
}

export function useSeminarStatusChange(id: number) {
  const call = useEndpointCall();
  const saved = useSeminarSaved();
  return useMutation({
    mutationFn: (body: SeminarStatusChangeInput) =>
      call(seminarEndpoints.status, { params: { id }, body }),
    onSuccess: (answer) => void saved(answer),
  });
}

// Audience -------------------------------------------------------------------------------------

export function useAudience(seminarId: number) {
  return useEndpointQuery(
    seminarAudienceEndpoints.list,
    { params: { id: seminarId } },
    { select: (answer) => answer.data },
  );
}

/**
 * Puts an audience change's answer where the audience page reads it, then marks the rest stale
 * (the seminar's counts among them).
 */
function useAudienceChanged(seminarId: number) {
  const queryClient = useQueryClient();
  const changed = useSeminarsChanged();
  return useCallback(
    (answer: AudienceChangeResponse) => {
      queryClient.setQueryData(
        endpointQueryKey(seminarAudienceEndpoints.list, { params: { id: seminarId } }),
        { data: answer.data },
      );
      changed();
    },
    [changed, queryClient, seminarId],
  );
}

export function useRegisterAudience(seminarId: number) {
  const call = useEndpointCall();
  const changed = useAudienceChanged(seminarId);
  return useMutation({
    mutationFn: (body: AudienceRegistrationInput) =>
      call(seminarAudienceEndpoints.register, { params: { id: seminarId }, body }),
    onSuccess: changed,
  });
}

export function useMarkAttendance(seminarId: number) {
  const call = useEndpointCall();
  const changed = useAudienceChanged(seminarId);
  return useMutation({
    mutationFn: ({ entryId, attendance }: { entryId: number } & AttendanceInput) =>
      call(seminarAudienceEndpoints.attendance, {
        params: { id: seminarId, entryId },
        body: { attendance },
      }),
    onSuccess: changed,
  });
}

export function useRemoveAudience(seminarId: number) {
  const call = useEndpointCall();
  const changed = useAudienceChanged(seminarId);
  return useMutation({
    mutationFn: (entryId: number) =>
      call(seminarAudienceEndpoints.remove, { params: { id: seminarId, entryId } }),
    onSuccess: changed,
  });
}

export const CANDIDATES_PAGE_SIZE = 8;

/** The candidates picker's query for a typed term: name, national ID or file number. */
export function candidateSearchQuery(term: string) {
  return audienceCandidatesQuery.toParams({ search: term, per_page: CANDIDATES_PAGE_SIZE });
}

/** The seminars a family's members attended (the family page's panel). */
export function useAttendedSeminars(familyId: number) {
  return useEndpointQuery(
    seminarAudienceEndpoints.attended,
    { query: { family_id: String(familyId) } },
    { select: (answer) => answer.data },
  );
}
