import { keepPreviousData, useMutation } from '@tanstack/react-query';
import type { ReportEndpoints } from 'shared-contracts/reports';
import { useEndpointCall, useEndpointQuery, useInvalidateEndpoints } from 'shared-ui';
import { reportParams, type ReportQuery } from './report-query';

/** The live report; the previous answer stays on screen while new filters load. */
export function useReport(endpoints: ReportEndpoints, query: ReportQuery) {
  return useEndpointQuery(
    endpoints.show,
    { query: reportParams(query) },
    { placeholderData: keepPreviousData },
  );
}

/** «أرشفة التقرير»: computes the report now on the server and stores it. */
export function useArchiveReport(endpoints: ReportEndpoints) {
  const call = useEndpointCall();
  const invalidate = useInvalidateEndpoints();
  return useMutation({
    mutationFn: (body: ReportQuery) => call(endpoints.archive, { body }),
    onSuccess: () => invalidate(endpoints),
  });
}

export function useReportArchives(endpoints: ReportEndpoints, params: Record<string, string>) {
  return useEndpointQuery(
    endpoints.archives,
    { query: params },
    { placeholderData: keepPreviousData },
  );
}

export function useReportArchive(endpoints: ReportEndpoints, id: number) {
  return useEndpointQuery(endpoints.archiveShow, { params: { id } });
}
