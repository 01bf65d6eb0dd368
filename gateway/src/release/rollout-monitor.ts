/**
 * The automatic stop of staged rollouts (docs/decisions/0014). The gateway that serves the store
 * runs `checkRollouts` on a timer: for each running rollout it reads the browsers' figures for
 * that version since the rollout began (the API's monitor endpoint, with the store's monitor
 * token) and ends the rollout when its error rate has reached its threshold over enough loads.
 * The state is remotes.json and the database, so a restarted gateway simply checks again, several
 * gateways on one store agree (the store lock, and a stop is idempotent), and any number of API
 * processes on one database give the same figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  RELEASE_MONITOR_HEADER,
  RELEASE_NOUNS,
  clientEventSummaryResponseSchema,
  countOf,
  errorRatePer100,
  loadAttempts,
  type ClientEventSummaryRow,
  type RemoteName,
} from 'shared-contracts';
import type { ReleaseStore } from './release-store';

/** Where the store keeps the monitor token (a dot file: never served, never listed). */
export const MONITOR_TOKEN_FILE = '.monitor-token';

/** A check every 20 s stops a rollout well within a minute of its rate being crossed. */
export const ROLLOUT_CHECK_INTERVAL_MS = 20_000;

/** RELEASE_MONITOR_TOKEN, else the store's token file; null when neither exists. */
export function readMonitorToken(
  storeDir: string,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  if (env.RELEASE_MONITOR_TOKEN) return env.RELEASE_MONITOR_TOKEN;
  try {
    const token = fs.readFileSync(path.join(storeDir, MONITOR_TOKEN_FILE), 'utf8').trim();
    return token === '' ? null : token;
  } catch {
    return null;
  }
}

/** The store's token, created (readable by its owner only) when it has none yet. */
export function ensureMonitorToken(storeDir: string): string {
  const existing = readMonitorToken(storeDir, {});
  if (existing) return existing;
  fs.mkdirSync(storeDir, { recursive: true });
  const token = randomBytes(24).toString('hex');
  fs.writeFileSync(path.join(storeDir, MONITOR_TOKEN_FILE), `${token}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  return token;
}

export type FiguresSince = (since: string) => Promise<ClientEventSummaryRow[]>;

/** The API's figures since a moment, read with the monitor token (first of several API URLs). */
export function apiFigures(
  apiUrl: string | readonly string[],
  token: string,
  fetchImpl: typeof fetch = fetch,
): FiguresSince {
  const base = (typeof apiUrl === 'string' ? apiUrl.split(',')[0]! : apiUrl[0]!).replace(
    /\/+$/,
    '',
  );
  return async (since) => {
    const url = `${base}/api/client-events/monitor?since=${encodeURIComponent(since)}`;
    const response = await fetchImpl(url, { headers: { [RELEASE_MONITOR_HEADER]: token } });
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    return clientEventSummaryResponseSchema.parse(await response.json()).data.rows;
  };
}

export interface RolloutStopDecision {
  remote: RemoteName;
  version: string;
  reason: string;
}

/** "معدل الأخطاء 12.5 لكل 100 تحميل (5 أخطاء من 40 تحميلاً) وحد الإيقاف 5" */
export function stopReason(row: ClientEventSummaryRow, threshold: number): string {
  const errors = row.load_failures + row.render_errors;
  const rate = errorRatePer100(row) ?? 0;
  return `أوقف تلقائياً: معدل الأخطاء ${Number(rate.toFixed(1))} لكل 100 تحميل (${countOf(errors, RELEASE_NOUNS.error)} من ${countOf(loadAttempts(row), RELEASE_NOUNS.load)}) وحد الإيقاف ${threshold}`;
}

/** Checks every running rollout once; returns the rollouts it stopped. */
export async function checkRollouts(
  store: ReleaseStore,
  figuresSince: FiguresSince,
): Promise<RolloutStopDecision[]> {
  const stopped: RolloutStopDecision[] = [];
  const remotes = store.readRemotesConfig().remotes;
  for (const [remote, entry] of Object.entries(remotes) as [
    RemoteName,
    (typeof remotes)[RemoteName],
  ][]) {
    const rollout = entry?.rollout;
    if (!rollout) continue;
    const rows = await figuresSince(rollout.startedAt);
    const row = rows.find(
      (candidate) => candidate.remote === remote && candidate.version === rollout.version,
    );
    if (!row || loadAttempts(row) < rollout.halt.minLoads) continue;
    const rate = errorRatePer100(row);
    if (rate === null || rate < rollout.halt.errorsPer100) continue;
    const reason = stopReason(row, rollout.halt.errorsPer100);
    if (store.haltRollout(remote, rollout.version, reason).changed)
      stopped.push({ remote, version: rollout.version, reason });
  }
  return stopped;
}

export interface RolloutGuard {
  stop(): void;
}

/** Runs `checkRollouts` now and every `intervalMs`; a failed check is logged and tried again. */
export function startRolloutGuard(options: {
  store: ReleaseStore;
  figuresSince: FiguresSince;
  intervalMs?: number;
  log?: (message: string, detail?: unknown) => void;
}): RolloutGuard {
  const log = options.log ?? ((message, detail) => console.error(message, detail ?? ''));
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const stop of await checkRollouts(options.store, options.figuresSince)) {
        log(
          `[gateway] rollout of ${stop.remote} ${stop.version} stopped automatically: ${stop.reason}`,
        );
      }
    } catch (error) {
      log(
        '[gateway] the rollout check failed (it runs again shortly)',
        error instanceof Error ? error.message : error,
      );
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), options.intervalMs ?? ROLLOUT_CHECK_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
