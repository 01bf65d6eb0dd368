import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { endpointQueryKey } from 'shared-contracts';
import { financialReportEndpoints, lastTwelveMonthsPeriod } from 'shared-contracts/finance';
import { useEndpointCall } from 'shared-ui';

/*
 * The financial report's figures asked for before its first visit (see report-preload.ts for
 * its code): the report page's query and the list's prefetch share the key and freshness here.
 */

/**
 * How long a report answer counts as fresh: the answer fetched as the pointer reached the report
 * button is shown at the click without being asked for again. A change made in this section
 * invalidates it at once (records-api.ts, categories-api.ts).
 */
export const REPORT_FRESH_MS = 10_000;

/** The report endpoint's input for a period (the page's query key is made from it). */
export const reportQueryInput = (period: { from: string; to: string }) => ({
  query: { from: period.from, to: period.to },
});

/**
 * Starts fetching the report the page opens with (the last twelve months) before the click on a
 * link to it (pointer over it, focus): its figures then arrive while the page renders, not after.
 * An answer already fetched, or on its way, is not asked for again.
 */
export function usePrefetchFinancialReport(): () => void {
  const queryClient = useQueryClient();
  const call = useEndpointCall();
  return useCallback(() => {
    const input = reportQueryInput(lastTwelveMonthsPeriod());
    void queryClient.prefetchQuery({
      queryKey: endpointQueryKey(financialReportEndpoints.show, input),
      queryFn: () => call(financialReportEndpoints.show, input),
      staleTime: REPORT_FRESH_MS,
    });
  }, [queryClient, call]);
}
