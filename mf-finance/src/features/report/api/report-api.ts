import { keepPreviousData } from '@tanstack/react-query';
import { financialReportEndpoints } from 'shared-contracts/finance';
import { useEndpointQuery } from 'shared-ui';
import { REPORT_FRESH_MS, reportQueryInput } from '../../../lib/report-query';

/**
 * The report of a period (both dates inclusive); the previous period stays while the next loads.
 * An answer fetched ahead of the visit (lib/report-query.ts) is fresh for a few seconds.
 */
export function useFinancialReport(period: { from: string; to: string }) {
  return useEndpointQuery(financialReportEndpoints.show, reportQueryInput(period), {
    placeholderData: keepPreviousData,
    staleTime: REPORT_FRESH_MS,
  });
}
