/** The browser measurements: what a page fetches, how long a remote page takes, React copies. */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REMOTE_NAMES, ROUTES, type RemoteName } from 'shared-contracts';
import { readManifest, sharedAssetsOf, type BuiltPackage } from './dist';
import { brotliSize, gzipSize, NetworkRecorder, uniqueByUrl, type ScriptResponse } from './network';
import {
  loginToProfile,
  timedNavigation,
  waitForPageHeading,
  type NavigationTiming,
} from './navigation';
import { attributeFile, mergeShares, type PackageShare } from './source-map';
import { CURRENT, type BenchTarget } from './target';

// React defines its internals object (`exports.__CLIENT_INTERNALS_…= …`); react-dom only reads
// it, and defines its own `__DOM_INTERNALS_…`. A script that assigns one of them is a copy of
// that package.
const REACT_DEFINITION =
  /\.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=(?!=)/;
const REACT_DOM_DEFINITION =
  /\.__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=(?!=)/;

/**
 * A remote's first page in the route table, its section's page: a page every employee has
 * whatever their keys («مهامي», mf-admin's) is passed over, so the figures keep measuring the
 * same page as before it existed.
 */
export function firstRouteOf(remote: RemoteName): string | null {
  return (
    ROUTES.find(
      (route) =>
        route.owner === remote && !route.path.includes(':') && route.permissions.length > 0,
    )?.path ?? null
  );
}

export function packageOfOrigin(
  origin: string,
  target: BenchTarget = CURRENT,
): BuiltPackage | null {
  if (origin === new URL(target.hostUrl).origin) return 'host-shell';
  return REMOTE_NAMES.find((remote) => target.remoteOrigin(remote) === origin) ?? null;
}

/** What a served file is made of, from its source map — read from the build on disk (never served). */
export function attribution(
  script: ScriptResponse,
  target: BenchTarget = CURRENT,
): PackageShare[] | null {
  const pkg = packageOfOrigin(script.origin, target);
  if (!pkg) return null;
  const mapPath = path.join(target.distDir(pkg), `${new URL(script.url).pathname}.map`);
  return attributeFile(script.body.toString('utf8'), mapPath);
}

export function topShares(shares: PackageShare[] | null, count = 3): string {
  if (!shares || shares.length === 0) return '(no source map)';
  const total = shares.reduce((sum, share) => sum + share.bytes, 0);
  return shares
    .slice(0, count)
    .map((share) => `${share.pkg} ${Math.round((share.bytes / total) * 100)}%`)
    .join(', ');
}

export function fileRow(script: ScriptResponse) {
  return {
    url: script.url,
    file: script.file,
    status: script.status,
    rawBytes: script.rawBytes,
    gzipBytes: script.gzipBytes,
    transferBytes: script.transferBytes,
    encoding: script.encoding,
  };
}

/**
 * Makes the page report `navigator.connection.saveData`, which the shell honours by not
 * preloading sections at idle time: a first visit then loads at the click (and hover) only.
 */
const SAVE_DATA_SCRIPT = `(() => {
  const connection = navigator.connection;
  if (connection) Object.defineProperty(connection, 'saveData', { get: () => true, configurable: true });
})();`;

export async function newContext(
  browser: Browser,
  target: BenchTarget = CURRENT,
  { saveData = false }: { saveData?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; recorder: NetworkRecorder; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: target.hostUrl,
    viewport: { width: 1366, height: 800 },
    locale: 'ar-SA',
  });
  if (saveData) await context.addInitScript(SAVE_DATA_SCRIPT);
  const recorder = new NetworkRecorder(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, recorder, errors };
}

export async function measureLoginPage(browser: Browser, target: BenchTarget = CURRENT) {
  const { context, page, recorder, errors } = await newContext(browser, target);
  try {
    await page.goto('/');
    const formVisibleAt = await page
      .waitForFunction(
        () =>
          Array.from(document.querySelectorAll('label')).some((label) =>
            label.textContent?.includes('البريد الإلكتروني'),
          ) && performance.now(),
        null,
        { polling: 'raf', timeout: 30000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).waitFor({ state: 'visible' });
    await recorder.waitForIdle(1000);
    const scripts = uniqueByUrl(recorder.scripts).sort((a, b) => b.gzipBytes - a.gzipBytes);
    const files = scripts.map((script) => ({
      ...fileRow(script),
      brotliBytes: brotliSize(script.body),
      contents: attribution(script, target),
    }));
    return {
      url: page.url(),
      formVisibleMs: formVisibleAt,
      files,
      rawBytes: scripts.reduce((sum, script) => sum + script.rawBytes, 0),
      gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
      brotliBytes: files.reduce((sum, file) => sum + file.brotliBytes, 0),
      transferBytes: scripts.reduce((sum, script) => sum + script.transferBytes, 0),
      encodings: [...new Set(scripts.map((script) => script.encoding || 'none'))],
      byPackage: mergeShares(files.map((file) => file.contents ?? [])),
      pageErrors: errors,
    };
  } finally {
    await context.close();
  }
}

export function measureRemoteEntries(
  remotes: readonly RemoteName[],
  target: BenchTarget = CURRENT,
) {
  const entries: Partial<Record<RemoteName, { rawBytes: number; gzipBytes: number } | null>> = {};
  for (const remote of remotes) {
    const file = path.join(target.distDir(remote), 'remoteEntry.js');
    if (!fs.existsSync(file)) {
      entries[remote] = null;
      continue;
    }
    const body = fs.readFileSync(file);
    entries[remote] = { rawBytes: body.length, gzipBytes: gzipSize(body) };
  }
  return entries;
}

export interface FirstPage {
  route: string;
  gzipBytes: number;
  rawBytes: number;
  counted: Array<ReturnType<typeof fileRow> & { contents: PackageShare[] | null }>;
  excluded: Array<ReturnType<typeof fileRow> & { reason: string }>;
  /** JS fetched from other origins during the same navigation (the host's own lazy chunks) */
  otherOrigins: Array<ReturnType<typeof fileRow>>;
}

export function analyseFirstPage(
  remote: RemoteName,
  route: string,
  scripts: ScriptResponse[],
  target: BenchTarget = CURRENT,
): FirstPage {
  const shared = sharedAssetsOf(readManifest(remote, target.distDir));
  const origin = target.remoteOrigin(remote);
  const page: FirstPage = {
    route,
    gzipBytes: 0,
    rawBytes: 0,
    counted: [],
    excluded: [],
    otherOrigins: [],
  };
  for (const script of uniqueByUrl(scripts)) {
    if (script.origin !== origin) {
      page.otherOrigins.push(fileRow(script));
    } else if (script.file === 'remoteEntry.js') {
      page.excluded.push({ ...fileRow(script), reason: 'remoteEntry.js' });
    } else if (shared.has(script.file)) {
      page.excluded.push({
        ...fileRow(script),
        reason: `shared: ${shared.get(script.file) ?? ''}`,
      });
    } else {
      page.counted.push({ ...fileRow(script), contents: attribution(script, target) });
      page.gzipBytes += script.gzipBytes;
      page.rawBytes += script.rawBytes;
    }
  }
  page.counted.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return page;
}

export interface RemoteTimings {
  route: string;
  cold: number[];
  warm: number[];
  kinds: string[];
  text: string;
  via: string;
  errors: string[];
  /** per cold run: when the first request left, when the last response ended, when the last loading panel showed */
  coldBreakdown: Array<{
    firstRequestMs: number | null;
    networkDoneMs: number | null;
    lastFallbackMs: number | null;
    contentMs: number;
  }>;
  /** what the first cold run fetched, ms after the click */
  coldWaterfall: NavigationTiming['resources'];
}

/**
 * A first visit of `route` with nothing of its remote loaded before the click (a fresh context,
 * idle-time preloading off through saveData; the link's hover at the click still counts, as for
 * a user), then a warm visit after going back to /profile.
 */
export async function measureRemoteRun(
  browser: Browser,
  remote: RemoteName,
  route: string,
  target: BenchTarget = CURRENT,
) {
  const { context, page, recorder, errors } = await newContext(browser, target, { saveData: true });
  try {
    await loginToProfile(context, page, target);
    await recorder.waitForIdle(300);
    const mark = recorder.mark();
    const cold = await timedNavigation(page, route);
    await recorder.waitForIdle(500);
    const coldScripts = recorder.since(mark);
    await page.goBack();
    await waitForPageHeading(page, '/profile');
    await recorder.waitForIdle(300);
    const warm = await timedNavigation(page, route);
    return { cold, warm, coldScripts, pageErrors: errors };
  } finally {
    await context.close();
  }
}

/**
 * First visits of every remote's first route in one logged-in page after idle-time preloading
 * has run (the network quiet for 3 s after /profile), each followed by a warm visit: what an
 * employee gets once the shell has been open a moment.
 */
/** Called around each warm visit of `measurePreloadedVisits` (visits.ts records a trace there). */
export interface WarmVisitObserver {
  before(page: Page, remote: RemoteName): Promise<void>;
  after(page: Page, remote: RemoteName, timing: NavigationTiming): Promise<void>;
}

export async function measurePreloadedVisits(
  browser: Browser,
  remotes: readonly RemoteName[],
  target: BenchTarget = CURRENT,
  observer?: WarmVisitObserver,
) {
  const { context, page, recorder } = await newContext(browser, target);
  const visits: Array<{
    remote: RemoteName;
    route: string;
    first: NavigationTiming | null;
    warm: NavigationTiming | null;
    /** scripts fetched between the click and the content of the first visit */
    scriptsAtClick: number;
    error?: string;
  }> = [];
  try {
    await loginToProfile(context, page, target);
    await recorder.waitForIdle(3000, 30000);
    for (const remote of remotes) {
      const route = firstRouteOf(remote);
      if (!route) continue;
      try {
        const mark = recorder.mark();
        const first = await timedNavigation(page, route);
        const scriptsAtClick = recorder.since(mark).length;
        // As in measureRemoteRun: the page's data arrives before the employee leaves, and the
        // page left settles before the return (a shell that keeps the page would otherwise draw
        // its rows in the return's click, a list left within milliseconds of its heading).
        await recorder.waitForIdle(500);
        await page.goBack();
        await waitForPageHeading(page, '/profile');
        await recorder.waitForIdle(300);
        await observer?.before(page, remote);
        const warm = await timedNavigation(page, route);
        await observer?.after(page, remote, warm);
        await page.goBack();
        await waitForPageHeading(page, '/profile');
        visits.push({ remote, route, first, warm, scriptsAtClick });
      } catch (error) {
        visits.push({
          remote,
          route,
          first: null,
          warm: null,
          scriptsAtClick: 0,
          error: error instanceof Error ? error.message.split('\n')[0] : String(error),
        });
        await page.goto('/profile').catch(() => undefined);
        await waitForPageHeading(page, '/profile').catch(() => undefined);
      }
    }
    return visits;
  } finally {
    await context.close();
  }
}

export async function measureReactCopies(
  browser: Browser,
  remotes: readonly RemoteName[],
  target: BenchTarget = CURRENT,
) {
  const { context, page, recorder } = await newContext(browser, target);
  try {
    await loginToProfile(context, page, target);
    const visited: Array<{ remote: RemoteName; route: string; result: NavigationTiming | string }> =
      [];
    for (const remote of remotes) {
      const route = firstRouteOf(remote);
      if (!route) continue;
      const result = await timedNavigation(page, route).catch((error: unknown) => String(error));
      visited.push({ remote, route, result });
      await recorder.waitForIdle(300);
    }
    const runtime = await page.evaluate(() => {
      type SharedRecord = {
        from?: string;
        loaded?: boolean;
        lib?: () => unknown;
        useIn?: string[];
      };
      const federation = (
        globalThis as {
          __FEDERATION__?: {
            __SHARE__?: Record<
              string,
              Record<string, Record<string, Record<string, SharedRecord>>>
            >;
            __INSTANCES__?: Array<{ name: string }>;
          };
        }
      ).__FEDERATION__;
      if (!federation?.__SHARE__) return null;
      const modules: unknown[] = [];
      const rows: Array<{
        instance: string;
        scope: string;
        version: string;
        from: string;
        loaded: boolean;
        useIn: string[];
        copy: number | null;
      }> = [];
      for (const [instance, scopes] of Object.entries(federation.__SHARE__)) {
        for (const [scope, packages] of Object.entries(scopes ?? {})) {
          for (const [version, record] of Object.entries(packages?.react ?? {})) {
            let copy: number | null = null;
            if (record.loaded && typeof record.lib === 'function') {
              try {
                const module = record.lib();
                copy = modules.indexOf(module);
                if (copy < 0) copy = modules.push(module) - 1;
              } catch {
                copy = null;
              }
            }
            rows.push({
              instance,
              scope,
              version,
              from: record.from ?? '',
              loaded: Boolean(record.loaded),
              useIn: record.useIn ?? [],
              copy,
            });
          }
        }
      }
      return {
        rows,
        distinctLoadedCopies: modules.length,
        instances: (federation.__INSTANCES__ ?? []).map((instance) => instance.name),
      };
    });
    const scripts = uniqueByUrl(recorder.scripts);
    const reactFiles = scripts
      .filter((script) => REACT_DEFINITION.test(script.body.toString('utf8')))
      .map((script) => script.url);
    const reactDomFiles = scripts
      .filter((script) => REACT_DOM_DEFINITION.test(script.body.toString('utf8')))
      .map((script) => script.url);
    const loadedVersions = [
      ...new Set((runtime?.rows ?? []).filter((row) => row.loaded).map((row) => row.version)),
    ];
    const allVisited =
      visited.length === remotes.length &&
      visited.every((visit) => typeof visit.result !== 'string' && visit.result.kind !== 'error');
    return {
      visited,
      allVisited,
      network: {
        reactCopies: reactFiles.length,
        reactFiles,
        reactDomCopies: reactDomFiles.length,
        reactDomFiles,
      },
      runtime: runtime ? { ...runtime, loadedVersions } : null,
      copies: Math.max(reactFiles.length, runtime?.distinctLoadedCopies ?? 0),
    };
  } finally {
    await context.close();
  }
}
