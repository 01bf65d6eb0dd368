import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { endpointQueryKey, pathTo, type EndpointResponse, type PageId } from 'shared-contracts';
import {
  familyEndpoints,
  organisationEndpoints,
  seasonEndpoints,
} from 'shared-contracts/beneficiaries';
import { useInvalidateEndpoints } from 'shared-ui';

/** Each record's endpoint table: its show answer is where the record's pages read it. */
const RECORD_TABLES = {
  families: familyEndpoints,
  organisations: organisationEndpoints,
  seasons: seasonEndpoints,
};
/** The record's own page, where a form goes once the record is saved. */
const SHOW_PAGES = {
  families: 'families.show',
  organisations: 'orgs.show',
  seasons: 'seasons.show',
} as const satisfies Record<keyof typeof RECORD_TABLES, PageId>;
interface RecordAnswers {
  families: EndpointResponse<typeof familyEndpoints.show>;
  organisations: EndpointResponse<typeof organisationEndpoints.show>;
  seasons: EndpointResponse<typeof seasonEndpoints.show>;
}

/**
 * After a change to one record: its new answer goes where its show and edit pages read it (the
 * key is normalised, so the numeric id here meets the route's text `:id`), so they open at once
 * with the saved values, and every cached answer of the resource (lists, the record itself) is
 * marked stale. Returns the path of the record's page (where a form goes next).
 */
export function useRecordSaved<R extends keyof RecordAnswers>(resource: R) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateEndpoints();
  return useCallback(
    (id: number, answer: RecordAnswers[R]) => {
      const table = RECORD_TABLES[resource];
      queryClient.setQueryData(endpointQueryKey(table.show, { params: { id } }), answer);
      void invalidate(table);
      return pathTo(SHOW_PAGES[resource], { id });
    },
    [invalidate, queryClient, resource],
  );
}
