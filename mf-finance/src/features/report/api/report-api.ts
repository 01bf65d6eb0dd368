import { keepPreviousData } from '@tanstack/react-query';
import { financialReportEndpoints } from 'shared-contracts/finance';
import { useEndpointQuery } from 'shared-ui';

/** The report of a period (both dates inclusive); the previous period stays while the next loads. */
export function useFinancialReport(period: { from: string; to: string }) {
  return useEndpointQuery(
    financialReportEndpoints.show,
    { query: { from: period.from, to: period.to } },
    { placeholderData: keepPreviousData },
  );
}
