/**
 * `BENCH_ONLY=lighthouse pnpm bench`: Core Web Vitals as Lighthouse reports them, with both of its
 * presets (mobile, its default: a phone screen, a slow CPU and line simulated; and desktop), on
 * the login page `/` and, with a stored session, on the first page of each section and on a
 * family's page. Prints performance, Total Blocking Time, Largest Contentful Paint and Cumulative
 * Layout Shift for each (the median of BENCH_LH_RUNS runs, 1 by default).
 *
 * Lighthouse (pinned 12.2.3, the last that runs on Node 20 here) drives Debian's chromium, started
 * here with a remote-debugging port (never a downloaded browser). The session is made once by
 * logging in through the page (Playwright on the same browser); Lighthouse keeps it
 * (--disable-storage-reset), and the HTTP cache is emptied before each run, so every page is
 * measured as a hard reload with a stored session.
 *
 * With BENCH_BASELINE=<dir> (an earlier build, see target.ts) both builds are served side by side
 * and each page is measured on one, then the other, in the same run: before and after on the same
 * machine at the same time. Each run also prints the main-thread script time of each bundle
 * (Lighthouse's bootup-time: evaluation plus parse and compile, CPU slowdown applied), the host
 * and each remote apart, so a section's first page shows what its remote costs before its rows.
 * Beside each page's Lighthouse runs, the same hard reload at 4× CPU with nothing measuring but
 * the page's own `longtask` and LCP entries (pageAtFourTimesCpu): on a two-core machine
 * Lighthouse's trace and debugger cost the page about as much main-thread time again as its own
 * work, so its Total Blocking Time is several times what the page itself blocks.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  PERMISSION_KEYS,
  REMOTE_NAMES,
  visibleSidebar,
  type PermissionKey,
} from 'shared-contracts';
import { ADMIN } from '../accounts';
import { isHostBuilt } from './dist';
import { median, ms, section, table } from './format';
import { portInUse, startSite, stopSite, type Site } from './site';
import { CURRENT, baselineTarget, type BenchTarget } from './target';

const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 1));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEBUG_PORT = Number(process.env.BENCH_LH_PORT ?? 9333);
const LIGHTHOUSE_CLI = require.resolve('lighthouse/cli/index.js');
const PRESETS = ['mobile', 'desktop'] as const;
/** BENCH_LH_PAGES=/,/families: only these paths (a family's page is `/families/show/…`). */
const ONLY_PAGES = process.env.BENCH_LH_PAGES?.split(',').map((page) => page.trim()) ?? null;
/** BENCH_LH_REPORTS=<dir>: keeps each run's full JSON report there (which element shifted, …). */
const REPORTS_DIR = process.env.BENCH_LH_REPORTS || null;
type Preset = (typeof PRESETS)[number];

/** The section pages, as the shell's layout-shift test lists them: the sidebar's top-level entries. */
export const SECTION_PAGES = visibleSidebar({
  active: true,
  permissions: [...PERMISSION_KEYS] as PermissionKey[],
  role: 'Super Admin',
}).map((entry) => (entry.kind === 'link' ? entry.path : entry.links[0]!.path));

interface Vitals {
  performance: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  /** main-thread script time (ms) by bundle: `host`, a remote's name, or another origin */
  scriptMs: Record<string, number>;
}

/** What the page itself does at 4× CPU when nothing but the page runs (see pageAtFourTimesCpu). */
interface OwnTasks {
  tbtMs: number;
  lcpMs: number;
}

interface LighthouseReport {
  categories: { performance: { score: number | null } };
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: { url?: string; scripting?: number; scriptParseCompile?: number }[] };
    }
  >;
  runtimeError?: { message: string };
}

/** The bundle a script URL belongs to: the host's origin, a remote's, or the URL's own origin. */
function bundleOf(url: string, target: BenchTarget): string {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return 'other';
  }
  if (origin === new URL(target.hostUrl).origin) return 'host';
  return REMOTE_NAMES.find((remote) => target.remoteOrigin(remote) === origin) ?? origin;
}

/** Script time by bundle, out of the bootup-time audit (its rows are per script URL). */
function scriptTimeByBundle(report: LighthouseReport, target: BenchTarget): Record<string, number> {
  const byBundle: Record<string, number> = {};
  for (const item of report.audits['bootup-time']?.details?.items ?? []) {
    if (!item.url) continue;
    const bundle = bundleOf(item.url, target);
    byBundle[bundle] =
      (byBundle[bundle] ?? 0) + (item.scripting ?? 0) + (item.scriptParseCompile ?? 0);
  }
  return byBundle;
}

function startChromium(profile: string): ChildProcess {
  return spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--remote-debugging-port=${DEBUG_PORT}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
}

async function connect(): Promise<Browser> {
  const deadline = Date.now() + 30000;
  for (;;) {
    try {
      return await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** One Lighthouse run of `url` (a child process: its CLI, on the already running browser). */
function runLighthouse(url: string, preset: Preset, target: BenchTarget): Vitals {
  const output = path.join(os.tmpdir(), `ataa-lighthouse-${process.pid}.json`);
  const args = [
    LIGHTHOUSE_CLI,
    url,
    `--port=${DEBUG_PORT}`,
    '--disable-storage-reset',
    '--only-categories=performance',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 180000 });
  if (run.status !== 0 || !fs.existsSync(output)) {
    throw new Error(
      `lighthouse ${url} (${preset}) failed (${run.status ?? run.signal ?? run.error?.message}): ${(run.stderr ?? '').slice(-500)}`,
    );
  }
  const report = JSON.parse(fs.readFileSync(output, 'utf8')) as LighthouseReport;
  if (REPORTS_DIR) {
    fs.mkdirSync(REPORTS_DIR, { recursive: true });
    const name = `${target.label}${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}-${Date.now()}.json`;
    fs.copyFileSync(output, path.join(REPORTS_DIR, name));
  }
  fs.rmSync(output, { force: true });
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((report.categories.performance.score ?? Number.NaN) * 100),
    tbtMs: audit('total-blocking-time'),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    scriptMs: scriptTimeByBundle(report, target),
  };
}

/**
 * Runs `work` on the browser's first page through Playwright, then disconnects (the browser goes
 * on): Lighthouse must have the browser to itself, or a new tab waits on Playwright's debugger.
 */
async function withPage<T>(work: (page: Page) => Promise<T>): Promise<T> {
  const browser = await connect();
  try {
    const context = browser.contexts()[0]!;
    return await work(context.pages()[0] ?? (await context.newPage()));
  } finally {
    await browser.close();
  }
}

/** Empties the browser's HTTP cache, keeping the stored session (a hard reload's starting point). */
async function clearCache(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/**
 * A hard reload of `url` with the CPU slowed 4× (Chromium's own throttling, as Lighthouse's mobile
 * preset asks), no network emulation and no tracing: Total Blocking Time from the page's own
 * `longtask` entries (the part of each task after first contentful paint beyond 50 ms) and its
 * last LCP entry. Lighthouse's trace (screenshots, a stack on every event, invalidation tracking)
 * and its debugger session take main-thread time of their own, about as much again as the page
 * on a two-core machine, and its simulation multiplies all of it by 4: this is the page without
 * the measuring. In a tab of its own in the browser's first context (the stored session's).
 */
async function pageAtFourTimesCpu(url: string): Promise<OwnTasks> {
  return withPage(async (first) => {
    const page = await first.context().newPage();
    try {
      await page.addInitScript(() => {
        const seen = { tasks: [] as [number, number][], lcp: 0 };
        (window as unknown as { ataaOwnTasks: typeof seen }).ataaOwnTasks = seen;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.tasks.push([entry.startTime, entry.duration]);
        }).observe({ type: 'longtask', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await clearCache(page);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(url, { waitUntil: 'load', timeout: 60000 });
      await page.waitForLoadState('networkidle', { timeout: 60000 });
      // Long tasks are reported after they end; LCP stops at the first input, which never comes.
      await page.waitForTimeout(3000);
      const seen = await page.evaluate(() => {
        const own = (
          window as unknown as { ataaOwnTasks: { tasks: [number, number][]; lcp: number } }
        ).ataaOwnTasks;
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        return { tasks: own.tasks.filter(([start]) => start >= fcp), lcp: own.lcp };
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
      return {
        tbtMs: seen.tasks.reduce((total, [, duration]) => total + Math.max(0, duration - 50), 0),
        lcpMs: seen.lcp,
      };
    } finally {
      await page.close();
    }
  });
}

async function logIn(page: Page, hostUrl: string): Promise<number | null> {
  await page.goto(`${hostUrl}/`);
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 30000 });
  await page.getByTestId('page-title').waitFor({ timeout: 30000 });
  // A family to open: the first of the list.
  return page.evaluate(async () => {
    const response = await fetch('/api/families?per_page=1', {
      headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    const body = (await response.json()) as { data?: { id: number }[] };
    return body.data?.[0]?.id ?? null;
  });
}

function lighthouseVersion(): string {
  const manifest = path.join(path.dirname(LIGHTHOUSE_CLI), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

function fmt(value: number | null, digits = 0): string {
  return value === null || Number.isNaN(value) ? 'n/a' : value.toFixed(digits);
}

/** `host 120 ms, mf-beneficiaries 340 ms` (largest first; bundles under 1 ms left out). */
function scriptLine(scriptMs: Record<string, number>): string {
  const parts = Object.entries(scriptMs)
    .filter(([, value]) => value >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([bundle, value]) => `${bundle} ${ms(value)}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

async function main(): Promise<void> {
  if (!isHostBuilt()) {
    console.error('host-shell/dist is missing: run pnpm build (or pnpm bench once) first.');
    process.exitCode = 1;
    return;
  }
  if (await portInUse(DEBUG_PORT)) {
    console.error(`Port ${DEBUG_PORT} is taken: set BENCH_LH_PORT to a free one.`);
    process.exitCode = 1;
    return;
  }
  const baseline = baselineTarget();
  // With a baseline, "before" (the baseline) is measured just before "after" (this build), page
  // by page, so both see the same moment of a shared machine.
  const targets: BenchTarget[] = baseline ? [baseline, CURRENT] : [CURRENT];
  const buildLabel = (target: BenchTarget) =>
    baseline ? (target === baseline ? 'before' : 'after') : '';
  const sites: Site[] = [];
  for (const target of targets) {
    sites.push(
      await startSite({
        offset: target.offset,
        distRoot: target.distRoot,
        // Both compress API answers: only the pages' own code is compared here.
        compressApi: true,
      }),
    );
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-lighthouse-profile-'));
  const browserProcess = startChromium(profile);
  const results = new Map<string, Map<Preset, Vitals[]>>();
  const ownTasks = new Map<string, OwnTasks[]>();
  const errors: string[] = [];
  const loads: number[] = [];
  try {
    const version = await withPage(async (page) => page.context().browser()?.version() ?? 'n/a');
    section(
      `Lighthouse ${lighthouseVersion()}: ` +
        `mobile and desktop presets, ${RUNS} run${RUNS > 1 ? 's' : ''} a page (median), hard reloads` +
        (baseline ? `; before = ${baseline.distRoot}, after = this build` : ''),
    );
    console.log(
      `  Chromium ${version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    const wanted = (pagePath: string) =>
      ONLY_PAGES === null ||
      ONLY_PAGES.some(
        (only) => pagePath === only || (only === '/families/show' && pagePath.startsWith(only)),
      );
    const measure = async (label: string, pagePath: string) => {
      if (!wanted(pagePath.replace(/\?.*$/, ''))) return;
      for (const preset of PRESETS) {
        for (let run = 0; run < RUNS; run += 1) {
          for (const target of targets) {
            const key = `${label}${baseline ? ` ${buildLabel(target)}` : ''}`;
            const byPreset = results.get(key) ?? new Map<Preset, Vitals[]>();
            results.set(key, byPreset);
            try {
              await withPage(clearCache);
              loads.push(os.loadavg()[0] ?? 0);
              const vitals = runLighthouse(`${target.hostUrl}${pagePath}`, preset, target);
              byPreset.set(preset, [...(byPreset.get(preset) ?? []), vitals]);
              console.log(
                `  ${key.padEnd(41)} ${preset.padEnd(7)} performance ${vitals.performance}, TBT ${ms(vitals.tbtMs)}, LCP ${ms(vitals.lcpMs)}, CLS ${vitals.cls.toFixed(3)}`,
              );
              console.log(
                `  ${''.padEnd(41)} ${''.padEnd(7)} script: ${scriptLine(vitals.scriptMs)}`,
              );
            } catch (error) {
              errors.push(`${key} ${preset}: ${(error as Error).message}`);
            }
          }
        }
      }
      for (let run = 0; run < RUNS; run += 1) {
        for (const target of targets) {
          const key = `${label}${baseline ? ` ${buildLabel(target)}` : ''}`;
          try {
            const own = await pageAtFourTimesCpu(`${target.hostUrl}${pagePath}`);
            ownTasks.set(key, [...(ownTasks.get(key) ?? []), own]);
            console.log(
              `  ${key.padEnd(41)} own     4× CPU, no instrumentation: TBT ${ms(own.tbtMs)}, LCP ${ms(own.lcpMs)}`,
            );
          } catch (error) {
            errors.push(`${key} own tasks: ${(error as Error).message}`);
          }
        }
      }
    };
    // The login page first: no session stored yet.
    await measure('/ (login page)', '/');
    const familyIds: (number | null)[] = [];
    for (const target of targets)
      familyIds.push(await withPage((page) => logIn(page, target.hostUrl)));
    const familyId = familyIds.every((id) => id === familyIds[0]) ? (familyIds[0] ?? null) : null;
    const pages = [...SECTION_PAGES, ...(familyId === null ? [] : [`/families/show/${familyId}`])];
    if (familyId === null)
      errors.push(
        'no family to open (or not the same in both builds): the family page was not measured',
      );
    for (const pagePath of pages) await measure(pagePath, pagePath);
  } finally {
    browserProcess.kill('SIGTERM');
    for (const site of sites) await stopSite(site.child);
    fs.rmSync(profile, { recursive: true, force: true });
  }

  section('Core Web Vitals (Lighthouse; medians)');
  const cell = (runs: Vitals[] | undefined, pick: (vitals: Vitals) => number, digits = 0) =>
    fmt(median((runs ?? []).map(pick)), digits);
  const rows = [...results].map(([label, byPreset]) => [
    label,
    ...PRESETS.flatMap((preset) => {
      const runs = byPreset.get(preset);
      return [
        cell(runs, (v) => v.performance),
        cell(runs, (v) => v.tbtMs),
        cell(runs, (v) => v.lcpMs),
        cell(runs, (v) => v.cls, 3),
      ];
    }),
  ]);
  console.log(
    table(
      ['page', 'mobile perf', 'TBT ms', 'LCP ms', 'CLS', 'desktop perf', 'TBT ms', 'LCP ms', 'CLS'],
      rows,
      ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  );

  section('The page alone at 4× CPU: no Lighthouse trace, no network emulation (medians)');
  console.log(
    table(
      ['page', 'TBT ms', 'LCP ms'],
      [...ownTasks].map(([label, runs]) => [
        label,
        fmt(median(runs.map((run) => run.tbtMs))),
        fmt(median(runs.map((run) => run.lcpMs))),
      ]),
      ['left', 'right', 'right'],
    ),
  );

  section('Main-thread script time by bundle (Lighthouse bootup-time, ms; medians)');
  const bundles = [
    ...new Set(
      [...results.values()].flatMap((byPreset) =>
        [...byPreset.values()].flatMap((runs) => runs.flatMap((v) => Object.keys(v.scriptMs))),
      ),
    ),
  ].sort((a, b) => (a === 'host' ? -1 : b === 'host' ? 1 : a.localeCompare(b)));
  const scriptRows = [...results].flatMap(([label, byPreset]) =>
    PRESETS.map((preset) => [
      label,
      preset,
      ...bundles.map((bundle) => cell(byPreset.get(preset), (v) => v.scriptMs[bundle] ?? 0)),
    ]),
  );
  console.log(
    table(['page', 'preset', ...bundles], scriptRows, [
      'left',
      'left',
      ...bundles.map((): 'right' => 'right'),
    ]),
  );
  console.log(
    `  1-minute load during the runs: ${fmt(Math.min(...loads), 1)}–${fmt(Math.max(...loads), 1)} ` +
      `on ${os.cpus().length} CPUs (a shared machine makes these figures noisy)`,
  );
  if (errors.length > 0) {
    console.log('\nErrors:');
    for (const error of errors) console.log(`  ${error}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
