import type { AxiosInstance } from 'axios';
import {
  callEndpoint,
  clientEventEndpoints,
  matchRoute,
  scrubClientMessage,
} from 'shared-contracts';
import type { RemoteReport } from './remote-registry';

/**
 * Sends the registry's reports to `POST /api/client-events` (docs/decisions/0014): only for a
 * signed-in employee (the API needs the session), with the route table's pattern of the page
 * (never the address, which may carry a record id) and the message scrubbed and cut to 500
 * characters. A report that cannot be sent is dropped: reporting must never disturb the page.
 */
export function createClientEventReporter(options: {
  apiClient: AxiosInstance;
  hasSession: () => boolean;
  pathname?: () => string;
  log?: (message: string, detail?: unknown) => void;
}): (report: RemoteReport) => void {
  const pathname = options.pathname ?? (() => window.location.pathname);
  const log = options.log ?? ((message, detail) => console.warn(message, detail));
  return (report) => {
    if (!options.hasSession()) return;
    const route = matchRoute(pathname())?.path;
    if (!route) return;
    const message = scrubClientMessage(report.message) ?? undefined;
    callEndpoint(options.apiClient, clientEventEndpoints.report, {
      body: {
        remote: report.remote,
        version: report.version,
        kind: report.kind,
        route,
        ...(message ? { message } : {}),
      },
    }).catch((error: unknown) => log('تعذر إرسال تقرير تحميل القسم', error));
  };
}
