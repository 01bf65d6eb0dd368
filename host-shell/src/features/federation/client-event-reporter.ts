import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import {
  CLIENT_EVENTS_PER_MINUTE,
  callEndpoint,
  clientEventEndpoints,
  matchRoute,
  scrubClientMessage,
} from 'shared-contracts';
import type { RemoteReport } from './remote-registry';

/** sessionStorage: when this tab sent its reports of the last minute (epoch milliseconds). */
export const CLIENT_EVENTS_SENT_STORAGE_KEY = 'client-events/sent';
const MINUTE_MS = 60_000;
const sentTimesSchema = z.array(z.number().finite()).max(CLIENT_EVENTS_PER_MINUTE);

/**
 * The tab's sending budget: at most `CLIENT_EVENTS_PER_MINUTE` reports in any minute, the API's
 * own limit, so a well-behaved host never meets its 429 (which the browser writes to the console
 * as an error). Each full page load reports the remotes it loads, so someone reloading page after
 * page would otherwise pass the limit; the times live in sessionStorage to outlast a reload. A
 * report past the budget is dropped: the rates it feeds are figures, not a ledger.
 */
export function createReportBudget(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  now: () => number = Date.now,
): () => boolean {
  let memory: number[] = [];
  const read = (): number[] => {
    if (!storage) return memory;
    try {
      const parsed = sentTimesSchema.safeParse(
        JSON.parse(storage.getItem(CLIENT_EVENTS_SENT_STORAGE_KEY) ?? '[]'),
      );
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  };
  const write = (times: number[]) => {
    memory = times;
    try {
      storage?.setItem(CLIENT_EVENTS_SENT_STORAGE_KEY, JSON.stringify(times));
    } catch {
      // A full or blocked storage keeps the budget in memory for this page.
    }
  };
  return () => {
    const at = now();
    const recent = read().filter((time) => time > at - MINUTE_MS && time <= at);
    if (recent.length >= CLIENT_EVENTS_PER_MINUTE) return false;
    write([...recent, at]);
    return true;
  };
}

/**
 * Sends the registry's reports to `POST /api/client-events` (docs/decisions/0014): only for a
 * signed-in employee (the API needs the session), with the route table's pattern of the page
 * (never the address, which may carry a record id) and the message scrubbed and cut to 500
 * characters. A report that cannot be sent is dropped: reporting must never disturb the page.
 */
export function createClientEventReporter(options: {
  apiClient: AxiosInstance;
  hasSession: () => boolean;
  /** Whether one more report may go now (`createReportBudget`); every report goes without it. */
  withinBudget?: () => boolean;
  pathname?: () => string;
  log?: (message: string, detail?: unknown) => void;
}): (report: RemoteReport) => void {
  const pathname = options.pathname ?? (() => window.location.pathname);
  const log = options.log ?? ((message, detail) => console.warn(message, detail));
  return (report) => {
    if (!options.hasSession()) return;
    const route = matchRoute(pathname())?.path;
    if (!route) return;
    if (options.withinBudget && !options.withinBudget()) return;
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
