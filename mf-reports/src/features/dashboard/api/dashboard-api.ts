import { dashboardEndpoints } from 'shared-contracts/reports';
import { useEndpointQuery } from 'shared-ui';

/** The dashboard's figures: one request, the sections the employee's keys open (others null). */
export function useDashboard() {
  return useEndpointQuery(dashboardEndpoints.show, {});
}
