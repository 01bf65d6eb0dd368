import type { z } from 'zod';
import { defaultReportPeriod } from 'shared-contracts/reports';

/** A report's parsed filters: the period and flat optional values (ids, codes). */
export type ReportQuery = { from: string; to: string } & Record<string, unknown>;

/** The filters as the API reads them: only those that are set, as strings. */
export function reportParams(
  query: ReportQuery,
): { from: string; to: string } & Record<string, string> {
  const params: { from: string; to: string } & Record<string, string> = {
    from: query.from,
    to: query.to,
  };
  for (const [key, value] of Object.entries(query)) {
    if (key === 'from' || key === 'to' || value === undefined || value === null || value === '')
      continue;
    params[key] = String(value);
  }
  return params;
}

/** The filters in the address (`?from=&to=&…`), checked by the API's schema, or the current month. */
export function reportQueryFromParams<Q extends ReportQuery>(
  schema: z.ZodType<Q>,
  params: URLSearchParams,
  fallback: () => Q = () => defaultReportPeriod() as Q,
): Q {
  const parsed = schema.safeParse(Object.fromEntries(params.entries()));
  return parsed.success ? parsed.data : fallback();
}
