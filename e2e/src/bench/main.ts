/**
 * `pnpm bench` (after scripts/bench.mjs has made sure the product is built): serves the built
 * site on the bench's own ports, measures it in Debian's Chromium and with the API's own
 * benchmarks, prints every figure beside its target and writes them to e2e/.artifacts/bench.json.
 * Figures, not a pass/fail test: the exit code is 0 whenever measuring was possible.
 *
 * Env: BENCH_RUNS (5) runs of the preloaded section visits; BENCH_COLD_RUNS (3) runs per remote of
 * a first visit without preloading; BENCH_MODEST_RUNS (3) runs of each modest-PC figure;
 * BENCH_BASELINE=<dir> also serves and measures an earlier build (a directory holding host-shell/
 * and mf-<remote>/ copied from their dist/) in the same run, for before/after figures; BENCH_PORT_BASE
 * (3940) moves the bench's ports; BENCH_SKIP_API=1 leaves out the API benchmarks; CHROMIUM_PATH as
 * for the e2e suite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { REMOTE_NAMES, type RemoteName } from 'shared-contracts';
import { launchChromium } from '../browser';
import {
  apiServerHasScript,
  parseSearchVerdict,
  parseThroughputTable,
  runApiServerScript,
  type RouteThroughput,
  type ScriptRun,
} from './api-bench';
import { REPO_ROOT, buildStamps, isHostBuilt, sharedPackages } from './dist';
import { kb, median, ms, section, table } from './format';
import {
  analyseFirstPage,
  firstRouteOf,
  measureLoginPage,
  measurePreloadedVisits,
  measureReactCopies,
  measureRemoteEntries,
  measureRemoteRun,
  topShares,
  type FirstPage,
  type RemoteTimings,
} from './measure';
import { modestFamiliesReload, modestLogin, repeat, type ModestRun } from './modest-pc';
import { measurePhases, type PhasesResult } from './phases';
import { BENCH_PORTS, allBenchPorts } from './ports';
import { startSite, stopSite, portInUse, type Site } from './site';
import { mergeShares, type PackageShare } from './source-map';
import { CURRENT, baselineTarget, type BenchTarget } from './target';
import { MODEST_PC } from './wire';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const COLD_RUNS = Math.max(1, Number(process.env.BENCH_COLD_RUNS ?? 3));
const MODEST_RUNS = Math.max(1, Number(process.env.BENCH_MODEST_RUNS ?? 3));
const KB = 1024;
const TARGETS = {
  loginPageBrotliWire: 190 * KB,
  loginPageGzip: 220 * KB,
  modestLoginMs: 1500,
  modestFamiliesMs: 2000,
  firstVisitMs: 150,
  warmVisitMs: 50,
  remoteEntryGzip: 10 * KB,
  firstPageGzip: 40 * KB,
  reactCopies: 1,
  userVsBareRatio: 0.5,
} as const;
/** What every build shares (build-config/webpack/shared.js): none of it belongs in a remote's own chunks. */
const SHARED = sharedPackages();
const ARTIFACT = path.join(REPO_ROOT, 'e2e', '.artifacts', 'bench.json');

interface BuildReport {
  ran: boolean;
  seconds: number;
  failed: string[];
  missing: string[];
}

// ── main ────────────────────────────────────────────────────────────────────────────────────────

type Status = 'OK' | 'OVER' | 'n/a';
interface SummaryRow {
  figure: string;
  value: string;
  /** the same figure of the baseline build (BENCH_BASELINE), measured in this run */
  before?: string;
  target: string;
  status: Status | 'info';
  /** the figure as a number (bytes, copies, ratio, ms) for tools reading bench.json */
  measured?: number | null;
  limit?: number;
}

function status(value: number | null | undefined, okWhen: (value: number) => boolean): Status {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  return okWhen(value) ? 'OK' : 'OVER';
}

async function main(): Promise<void> {
  const startedAt = Number(process.env.BENCH_STARTED_AT ?? Date.now());
  const build = JSON.parse(
    process.env.BENCH_BUILD_REPORT ?? '{"ran":false,"seconds":0,"failed":[],"missing":[]}',
  ) as BuildReport;
  const report: Record<string, unknown> = {
    startedAt: new Date(startedAt).toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverage: os.loadavg(),
    },
    build,
    runs: RUNS,
    units:
      'bytes; KB in the printed tables = 1024 bytes; gzip = node:zlib level 9 of the response body',
  };
  const summary: SummaryRow[] = [];
  const notes: string[] = [];
  if (build.failed.length > 0)
    notes.push(`build failed for: ${build.failed.join(', ')} (measured the rest)`);

  if (!isHostBuilt()) {
    console.error(
      'host-shell/dist is missing (index.html, main.js): the browser figures cannot be measured.',
    );
    process.exitCode = 1;
    return;
  }

  const baseline = baselineTarget();
  if (baseline && !isHostBuilt(baseline.distDir)) {
    console.error(
      `BENCH_BASELINE=${baseline.distRoot}: no host-shell/index.html and main.js there.`,
    );
    process.exitCode = 1;
    return;
  }
  const targets: BenchTarget[] = baseline ? [CURRENT, baseline] : [CURRENT];

  const busy: number[] = [];
  for (const port of allBenchPorts(targets.map((target) => target.offset)))
    if (await portInUse(port)) busy.push(port);
  if (busy.length > 0) {
    console.error(
      `The bench's ports are busy: ${busy.join(', ')} (127.0.0.1). Is another \`pnpm bench\` running? ` +
        'Stop it, or move the bench with BENCH_PORT_BASE=<port> (it uses that port and the next 36).',
    );
    process.exitCode = 1;
    return;
  }

  const stampsBefore = buildStamps(['host-shell', ...REMOTE_NAMES]);
  const loadAtStart = os.loadavg()[0] ?? 0;
  section('Site');
  const sites: Site[] = [];
  const stopOnSignal = () => {
    for (const running of sites) running.child.kill('SIGTERM');
    process.exit(130);
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const site = await startSite();
  sites.push(site);
  const baselineSite = baseline
    ? await startSite({ offset: baseline.offset, distRoot: baseline.distRoot, compressApi: false })
    : null;
  if (baselineSite) sites.push(baselineSite);
  const remotes = site.remotes;
  console.log(`  host ${CURRENT.hostUrl}, API :${BENCH_PORTS.api} (fresh PGlite, demo data)`);
  for (const remote of REMOTE_NAMES) {
    console.log(
      `  ${remote.padEnd(17)} ${remotes.includes(remote) ? `:${CURRENT.remotePort(remote)}` : 'NOT SERVED (no build)'}`,
    );
  }
  for (const remote of site.missing)
    notes.push(
      `${remote} has no usable build (dist/mf-manifest.json, remoteEntry.js, release.json): not measured`,
    );
  if (baseline && baselineSite) {
    console.log(
      `  baseline ${baseline.hostUrl} from ${baseline.distRoot} (its own API; API answers uncompressed, as before)` +
        (baselineSite.missing.length ? `; not served: ${baselineSite.missing.join(', ')}` : ''),
    );
    report.baseline = { distRoot: baseline.distRoot, remotes: baselineSite.remotes };
  }
  const baselineRemotes = baselineSite?.remotes ?? [];

  let browser: Browser | null = null;
  try {
    browser = await launchChromium();
    (report.machine as Record<string, unknown>).chromium = browser.version();
    console.log(
      `  Chromium ${browser.version()} (headless), ${os.cpus().length} CPUs, Node ${process.version}; ` +
        `${RUNS} preloaded-visit runs, ${COLD_RUNS} cold runs per remote, ${MODEST_RUNS} modest-PC runs`,
    );

    // 2a — the login page
    section('Login page JS (fresh context, GET /)');
    const loginPage = await measureLoginPage(browser);
    report.loginPage = loginPage;
    console.log(
      `  ${loginPage.url} — login form visible ${ms(loginPage.formVisibleMs)} after navigation start`,
    );
    console.log(
      table(
        ['file', 'raw', 'gzip-9', 'brotli-11', 'on the wire', 'sent as', 'mostly'],
        loginPage.files.map((file) => [
          file.file,
          kb(file.rawBytes),
          kb(file.gzipBytes),
          kb(file.brotliBytes),
          kb(file.transferBytes),
          file.encoding || 'none',
          topShares(file.contents),
        ]),
        ['left', 'right', 'right', 'right', 'right', 'left', 'left'],
      ),
    );
    console.log(
      `  total: ${loginPage.files.length} scripts, ${kb(loginPage.rawBytes)} raw, ${kb(loginPage.gzipBytes)} gzip-9, ` +
        `${kb(loginPage.brotliBytes)} brotli-11, ${kb(loginPage.transferBytes)} on the wire (headers included; sent as ${loginPage.encodings.join(', ')})`,
    );
    console.log(
      '\n  by package (minified bytes credited through the source maps; gzip of each package alone):',
    );
    console.log(
      table(
        ['package', 'minified', 'gzip-9 alone'],
        loginPage.byPackage
          .slice(0, 14)
          .map((share) => [share.pkg, kb(share.bytes), kb(share.gzip)]),
        ['left', 'right', 'right'],
      ),
    );
    const baselineLogin = baseline ? await measureLoginPage(browser, baseline) : null;
    if (baselineLogin) {
      report.baselineLoginPage = {
        ...baselineLogin,
        files: baselineLogin.files.map(({ contents: _contents, ...file }) => file),
      };
      console.log(
        `\n  baseline: ${baselineLogin.files.length} scripts, ${kb(baselineLogin.rawBytes)} raw, ${kb(baselineLogin.gzipBytes)} gzip-9, ` +
          `${kb(baselineLogin.brotliBytes)} brotli-11, ${kb(baselineLogin.transferBytes)} on the wire (sent as ${baselineLogin.encodings.join(', ')})`,
      );
    }
    summary.push({
      figure: 'Login page JS on the wire',
      value: `${kb(loginPage.transferBytes)} (${loginPage.encodings.join(', ')})`,
      before: baselineLogin
        ? `${kb(baselineLogin.transferBytes)} (${baselineLogin.encodings.join(', ')})`
        : undefined,
      target: '≤ 190 KB brotli',
      measured: loginPage.transferBytes,
      limit: TARGETS.loginPageBrotliWire,
      status: status(loginPage.transferBytes, (v) => v <= TARGETS.loginPageBrotliWire),
    });
    summary.push({
      figure: 'Login page JS (brotli-11 of the bodies)',
      value: kb(loginPage.brotliBytes),
      before: baselineLogin ? kb(baselineLogin.brotliBytes) : undefined,
      target: '≤ 190 KB',
      measured: loginPage.brotliBytes,
      limit: TARGETS.loginPageBrotliWire,
      status: status(loginPage.brotliBytes, (v) => v <= TARGETS.loginPageBrotliWire),
    });
    summary.push({
      figure: 'Login page JS (gzip-9 of the bodies)',
      value: kb(loginPage.gzipBytes),
      before: baselineLogin ? kb(baselineLogin.gzipBytes) : undefined,
      target: '≤ 220 KB',
      measured: loginPage.gzipBytes,
      limit: TARGETS.loginPageGzip,
      status: status(loginPage.gzipBytes, (v) => v <= TARGETS.loginPageGzip),
    });
    const dual = loginPage.byPackage.filter(
      (share) =>
        share.pkg.endsWith(' (cjs)') &&
        loginPage.byPackage.some((other) => other.pkg === share.pkg.replace(/ \(cjs\)$/, '')),
    );
    if (dual.length > 0) {
      notes.push(
        `the login page bundles ${dual.map((share) => share.pkg.replace(/ \(cjs\)$/, '')).join(', ')} twice, as ESM and as CommonJS: ` +
          `the CommonJS copies are ${kb(dual.reduce((sum, share) => sum + share.bytes, 0))} minified, ` +
          `≈ ${kb(dual.reduce((sum, share) => sum + share.gzip, 0))} gzip`,
      );
    }

    // 2b — remote entries
    section('remoteEntry.js (build output, gzip-9)');
    const entries = measureRemoteEntries(REMOTE_NAMES);
    report.remoteEntries = entries;
    console.log(
      table(
        ['remote', 'raw', 'gzip-9'],
        REMOTE_NAMES.map((remote) => [
          remote,
          kb(entries[remote]?.rawBytes),
          kb(entries[remote]?.gzipBytes),
        ]),
        ['left', 'right', 'right'],
      ),
    );
    for (const remote of REMOTE_NAMES) {
      const entry = entries[remote];
      summary.push({
        figure: `remoteEntry.js ${remote}`,
        value: entry ? kb(entry.gzipBytes) : 'not built',
        target: '≤ 10 KB',
        measured: entry?.gzipBytes ?? null,
        limit: TARGETS.remoteEntryGzip,
        status: status(entry?.gzipBytes, (v) => v <= TARGETS.remoteEntryGzip),
      });
    }

    // 2d — a modest office PC
    section(
      `Modest PC: CPU ${MODEST_PC.cpuSlowdown}× slower, ${MODEST_PC.megabitsPerSecond} Mb/s, ${MODEST_PC.latencyMs} ms (DevTools protocol), ${MODEST_RUNS} runs each`,
    );
    const modest: Record<string, { login: ModestRun[]; families: ModestRun[] }> = {};
    for (const target of targets) {
      modest[target.label] = {
        login: await repeat(MODEST_RUNS, () => modestLogin(browser!, target)),
        families: await repeat(MODEST_RUNS, () => modestFamiliesReload(browser!, target)),
      };
    }
    report.modestPc = { profile: MODEST_PC, runs: modest };
    const modestMedian = (list: ModestRun[] | undefined, pick: (run: ModestRun) => number | null) =>
      median((list ?? []).map(pick).filter((value): value is number => value !== null));
    console.log(
      table(
        ['build', 'figure', 'median', 'runs', 'on the wire by then', 'JS by then', 'until idle'],
        targets.flatMap((target) => {
          const runs = modest[target.label];
          if (!runs) return [];
          return (
            [
              ['login form usable (cold load of /)', runs.login],
              ['/families rows shown (hard reload, stored session)', runs.families],
            ] as const
          ).map(([figure, list]) => [
            target.label,
            figure,
            ms(modestMedian(list, (run) => run.ms)),
            list.map((run) => (run.ms === null ? 'failed' : run.ms.toFixed(0))).join(' / '),
            kb(modestMedian(list, (run) => run.atMark.wireBytes)),
            kb(modestMedian(list, (run) => run.atMark.scriptWireBytes)),
            kb(modestMedian(list, (run) => run.untilIdle.wireBytes)),
          ]);
        }),
        ['left', 'left', 'right', 'left', 'right', 'right', 'right'],
      ),
    );
    for (const target of targets)
      for (const [figure, list] of Object.entries(modest[target.label] ?? {}))
        for (const run of list)
          if (run.error) notes.push(`modest PC ${target.label} ${figure}: ${run.error}`);
    const modestRow = (figure: string, key: 'login' | 'families', limit: number): SummaryRow => {
      const now = modestMedian(modest.current?.[key], (run) => run.ms);
      const before = baseline ? modestMedian(modest.baseline?.[key], (run) => run.ms) : null;
      const bytes = modestMedian(modest.current?.[key], (run) => run.atMark.wireBytes);
      const bytesBefore = baseline
        ? modestMedian(modest.baseline?.[key], (run) => run.atMark.wireBytes)
        : null;
      return {
        figure,
        value: `${ms(now)}, ${kb(bytes)}`,
        before: baseline ? `${ms(before)}, ${kb(bytesBefore)}` : undefined,
        target: `≤ ${(limit / 1000).toFixed(1)} s`,
        measured: now,
        limit,
        status: status(now, (v) => v <= limit),
      };
    };
    summary.push(modestRow('Modest PC: login form usable, bytes', 'login', TARGETS.modestLoginMs));
    summary.push(
      modestRow(
        'Modest PC: /families rows after hard reload, bytes',
        'families',
        TARGETS.modestFamiliesMs,
      ),
    );

    // 2e — bytes per phase, compression, source maps
    section(
      'Bytes on the wire per phase (one session at full speed: login, after login, each section)',
    );
    const phases: Record<string, PhasesResult> = {};
    for (const target of targets) {
      phases[target.label] = await measurePhases(
        browser,
        target,
        target === CURRENT ? remotes : baselineRemotes,
      );
    }
    report.phases = phases;
    const phaseNames = [
      ...new Set(
        Object.values(phases).flatMap((result) => result.phases.map((phase) => phase.name)),
      ),
    ];
    console.log(
      table(
        [
          'phase',
          ...targets.flatMap((target) => [`${target.label}: all`, 'JS', 'API', 'requests']),
        ],
        phaseNames.map((name) => [
          name,
          ...targets.flatMap((target) => {
            const phase = phases[target.label]?.phases.find((candidate) => candidate.name === name);
            return phase
              ? [
                  kb(phase.totals.wireBytes),
                  kb(phase.totals.scriptWireBytes),
                  kb(phase.totals.apiWireBytes),
                  String(phase.totals.requests),
                ]
              : ['n/a', '', '', ''];
          }),
        ]),
        ['left', ...targets.flatMap(() => ['right', 'right', 'right', 'right'] as const)],
      ),
    );
    for (const target of targets) {
      const result = phases[target.label];
      if (!result) continue;
      for (const phase of result.phases)
        if (phase.error) notes.push(`phase "${phase.name}" (${target.label}): ${phase.error}`);
      console.log(
        `  ${target.label}: ${result.compressedTextResponses} of ${result.textResponses} text responses compressed; ` +
          `${result.uncompressed.length} of 1 KB or more sent uncompressed; ` +
          `${result.publicMaps.length} of ${result.mapsChecked} scripts' source maps publicly served`,
      );
      for (const item of result.uncompressed.slice(0, 8))
        console.log(`    uncompressed: ${item.url} (${item.mimeType}, ${kb(item.bodyBytes)})`);
      if (result.uncompressed.length > 8)
        console.log(`    … and ${result.uncompressed.length - 8} more`);
    }
    summary.push({
      figure: 'Text responses ≥ 1 KB sent uncompressed',
      value: String(phases.current?.uncompressed.length ?? 'n/a'),
      before: baseline ? String(phases.baseline?.uncompressed.length ?? 'n/a') : undefined,
      target: '0',
      measured: phases.current?.uncompressed.length ?? null,
      limit: 0,
      status: status(phases.current?.uncompressed.length, (v) => v === 0),
    });
    summary.push({
      figure: 'Publicly served source maps',
      value: String(phases.current?.publicMaps.length ?? 'n/a'),
      before: baseline ? String(phases.baseline?.publicMaps.length ?? 'n/a') : undefined,
      target: '0',
      measured: phases.current?.publicMaps.length ?? null,
      limit: 0,
      status: status(phases.current?.publicMaps.length, (v) => v === 0),
    });
    for (const name of phaseNames) {
      const bytesOf = (label: string) =>
        phases[label]?.phases.find((phase) => phase.name === name)?.totals.wireBytes;
      summary.push({
        figure: `Wire: ${name}`,
        value: kb(bytesOf('current')),
        before: baseline ? kb(bytesOf('baseline')) : undefined,
        target: '—',
        status: 'info',
      });
    }

    // 2c + 4 — first page of each remote, cold and warm navigation times
    section(
      `Remote pages without preloading: /profile → first route, ${COLD_RUNS} runs each (fresh context per run, idle preloading off)`,
    );
    const coldOf = async (target: BenchTarget, served: readonly RemoteName[]) => {
      const timings: Partial<Record<RemoteName, RemoteTimings>> = {};
      const firstPages: Partial<Record<RemoteName, FirstPage>> = {};
      for (let run = 1; run <= COLD_RUNS; run += 1) {
        for (const remote of served) {
          const route = firstRouteOf(remote);
          if (!route) continue;
          const entry = (timings[remote] ??= {
            route,
            cold: [],
            warm: [],
            kinds: [],
            text: '',
            via: '',
            errors: [],
            coldBreakdown: [],
            coldWaterfall: [],
          });
          try {
            const result = await measureRemoteRun(browser!, remote, route, target);
            entry.cold.push(result.cold.ms);
            entry.warm.push(result.warm.ms);
            entry.kinds.push(result.cold.kind);
            const resources = result.cold.resources;
            entry.coldBreakdown.push({
              firstRequestMs: resources.length
                ? Math.min(...resources.map((resource) => resource.start))
                : null,
              networkDoneMs: resources.length
                ? Math.max(...resources.map((resource) => resource.end))
                : null,
              lastFallbackMs: result.cold.lastFallbackMs,
              contentMs: result.cold.ms,
            });
            if (entry.coldWaterfall.length === 0) entry.coldWaterfall = resources;
            entry.text = result.cold.text;
            entry.via = result.cold.via;
            if (result.cold.kind === 'error')
              entry.errors.push(`run ${run}: error panel: ${result.cold.text}`);
            if (!firstPages[remote] && result.cold.kind !== 'error')
              firstPages[remote] = analyseFirstPage(remote, route, result.coldScripts, target);
          } catch (error) {
            entry.errors.push(
              `run ${run}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
            );
          }
        }
        process.stdout.write(`  ${target.label}: run ${run}/${COLD_RUNS} done\n`);
      }
      return { timings, firstPages };
    };
    const { timings, firstPages } = await coldOf(CURRENT, remotes);
    const baselineCold = baseline ? await coldOf(baseline, baselineRemotes) : null;

    section(
      `Remote pages, preloaded: one session, first visits after idle preloading, ${RUNS} runs`,
    );
    const preloaded: Partial<
      Record<
        RemoteName,
        { first: number[]; warm: number[]; scriptsAtClick: number[]; errors: string[] }
      >
    > = {};
    for (let run = 1; run <= RUNS; run += 1) {
      try {
        for (const visit of await measurePreloadedVisits(browser, remotes)) {
          const entry = (preloaded[visit.remote] ??= {
            first: [],
            warm: [],
            scriptsAtClick: [],
            errors: [],
          });
          if (visit.first && visit.first.kind !== 'error') entry.first.push(visit.first.ms);
          else
            entry.errors.push(
              `run ${run}: ${visit.error ?? `error panel: ${visit.first?.text ?? ''}`}`,
            );
          if (visit.warm && visit.warm.kind !== 'error') entry.warm.push(visit.warm.ms);
          entry.scriptsAtClick.push(visit.scriptsAtClick);
        }
      } catch (error) {
        notes.push(
          `preloaded visits run ${run}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
      }
      process.stdout.write(`  run ${run}/${RUNS} done\n`);
    }
    report.preloadedVisits = preloaded;
    if (baselineCold) report.baselineTimings = baselineCold.timings;
    report.firstPages = firstPages;

    console.log(
      "\n  JS from the remote's own origin on its first page, beyond remoteEntry.js and the manifest's shared[] chunks:",
    );
    for (const remote of REMOTE_NAMES) {
      const page = firstPages[remote];
      if (!page) {
        console.log(
          `\n  ${remote}: not measured${timings[remote]?.errors.length ? ` (${timings[remote]?.errors[0]})` : ' (not built)'}`,
        );
        summary.push({
          figure: `First page ${remote}`,
          value: 'n/a',
          target: '≤ 40 KB',
          measured: null,
          limit: TARGETS.firstPageGzip,
          status: 'n/a',
        });
        continue;
      }
      console.log(
        `\n  ${remote} ${page.route}: ${kb(page.gzipBytes)} gzip-9 in ${page.counted.length} file(s) (${kb(page.rawBytes)} raw)`,
      );
      const rows = [
        ...page.counted.map((file) => [
          file.file,
          kb(file.rawBytes),
          kb(file.gzipBytes),
          topShares(file.contents),
        ]),
        ...page.excluded.map((file) => [
          file.file,
          kb(file.rawBytes),
          kb(file.gzipBytes),
          `(excluded: ${file.reason})`,
        ]),
        ...page.otherOrigins.map((file) => [
          file.file,
          kb(file.rawBytes),
          kb(file.gzipBytes),
          `(other origin: ${new URL(file.url).host})`,
        ]),
      ];
      console.log(
        table(['file', 'raw', 'gzip-9', 'mostly'], rows, ['left', 'right', 'right', 'left']),
      );
      summary.push({
        figure: `First page ${remote} (${page.route})`,
        value: kb(page.gzipBytes),
        target: '≤ 40 KB',
        measured: page.gzipBytes,
        limit: TARGETS.firstPageGzip,
        status: status(page.gzipBytes, (v) => v <= TARGETS.firstPageGzip),
      });
      const sharedInside = page.counted.flatMap((file) =>
        (file.contents ?? [])
          .filter((share) => share.bytes > 4096 && SHARED.has(share.pkg.replace(/ \(cjs\)$/, '')))
          .map((share) => `${file.file} carries ${kb(share.bytes)} of ${share.pkg}`),
      );
      for (const line of sharedInside) notes.push(`${remote}: ${line} outside the shared[] chunks`);
    }

    // Libraries that are not shared but ship in more than one bundle the user downloads.
    const bundles: Array<{ where: string; shares: PackageShare[] }> = [
      { where: 'host (login page)', shares: loginPage.byPackage },
      ...REMOTE_NAMES.flatMap((remote) => {
        const page = firstPages[remote];
        return page
          ? [
              {
                where: remote,
                shares: mergeShares(page.counted.map((file) => file.contents ?? [])),
              },
            ]
          : [];
      }),
    ];
    const repeated = new Map<string, Array<{ where: string; gzip: number }>>();
    for (const bundle of bundles) {
      for (const share of bundle.shares) {
        if (share.pkg.startsWith('(') || share.gzip < 2048) continue;
        const list = repeated.get(share.pkg) ?? [];
        list.push({ where: bundle.where, gzip: share.gzip });
        repeated.set(share.pkg, list);
      }
    }
    const repeatedRows = [...repeated.entries()]
      .filter(([, list]) => list.length > 1)
      .sort(
        (a, b) =>
          b[1].reduce((sum, x) => sum + x.gzip, 0) - a[1].reduce((sum, x) => sum + x.gzip, 0),
      );
    report.repeatedLibraries = Object.fromEntries(repeatedRows);
    if (repeatedRows.length > 0) {
      console.log(
        '\n  libraries downloaded more than once (login page + first pages; ≥ 2 KB gzip each):',
      );
      console.log(
        table(
          ['package', 'shared?', 'copies', 'where (gzip of that copy)'],
          repeatedRows.map(([pkg, list]) => [
            pkg,
            SHARED.has(pkg.replace(/ \(cjs\)$/, '')) ? 'yes' : 'no',
            String(list.length),
            list.map((x) => `${x.where} ${kb(x.gzip)}`).join(', '),
          ]),
          ['left', 'left', 'right', 'left'],
        ),
      );
    }

    section("Time from sidebar click to the page's content (heading or UnderConstruction panel)");
    const timingSummary: Record<string, unknown> = {};
    const range = (values: number[]) =>
      values.length ? `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}` : '';
    console.log(
      table(
        [
          'remote',
          'route',
          'preloaded first',
          'min–max',
          'warm',
          'not preloaded',
          'min–max',
          ...(baseline ? ['baseline cold', 'baseline warm'] : []),
          'content',
        ],
        REMOTE_NAMES.map((remote) => {
          const entry = timings[remote];
          const early = preloaded[remote];
          const before = baselineCold?.timings[remote];
          if (!entry)
            return [
              remote,
              firstRouteOf(remote) ?? '',
              'n/a',
              '',
              'n/a',
              'n/a',
              '',
              ...(baseline ? ['', ''] : []),
              'not built',
            ];
          const coldMedian = median(entry.cold);
          const firstMedian = median(early?.first ?? []);
          const warmMedian = median([...(early?.warm ?? []), ...entry.warm]);
          const beforeCold = before ? median(before.cold) : null;
          const beforeWarm = before ? median(before.warm) : null;
          timingSummary[remote] = {
            ...entry,
            coldMedianMs: coldMedian,
            preloadedFirstMedianMs: firstMedian,
            warmMedianMs: warmMedian,
            baselineColdMedianMs: beforeCold,
            baselineWarmMedianMs: beforeWarm,
          };
          summary.push({
            figure: `First visit ${remote} after a click (preloaded)`,
            value: ms(firstMedian),
            before: baseline ? ms(beforeCold) : undefined,
            target: '≤ 150 ms',
            measured: firstMedian,
            limit: TARGETS.firstVisitMs,
            status: status(firstMedian, (v) => v <= TARGETS.firstVisitMs),
          });
          summary.push({
            figure: `Warm visit ${remote}`,
            value: ms(warmMedian),
            before: baseline ? ms(beforeWarm) : undefined,
            target: '≤ 50 ms',
            measured: warmMedian,
            limit: TARGETS.warmVisitMs,
            status: status(warmMedian, (v) => v <= TARGETS.warmVisitMs),
          });
          summary.push({
            figure: `First visit ${remote}, not preloaded`,
            value: ms(coldMedian),
            before: baseline ? ms(beforeCold) : undefined,
            target: '—',
            status: 'info',
          });
          const kind = entry.kinds.includes('error') ? 'ERROR PANEL' : (entry.kinds[0] ?? 'n/a');
          return [
            remote,
            entry.route,
            ms(firstMedian),
            range(early?.first ?? []),
            ms(warmMedian),
            ms(coldMedian),
            range(entry.cold),
            ...(baseline ? [ms(beforeCold), ms(beforeWarm)] : []),
            `${kind} (${entry.via || '—'})`,
          ];
        }),
        [
          'left',
          'left',
          'right',
          'right',
          'right',
          'right',
          'right',
          ...(baseline ? (['right', 'right'] as const) : []),
          'left',
        ],
      ),
    );
    for (const remote of REMOTE_NAMES) {
      const early = preloaded[remote];
      if (!early) continue;
      for (const error of early.errors) notes.push(`${remote} preloaded visit ${error}`);
      const fetched = early.scriptsAtClick.filter((count) => count > 0).length;
      if (fetched > 0)
        notes.push(
          `${remote}: ${fetched} of ${early.scriptsAtClick.length} preloaded first visits still fetched scripts at the click`,
        );
    }
    console.log(
      '  preloaded first = first visit of the section in a session where the shell has been idle after login (it preloads the',
    );
    console.log(
      "  sections the employee may open); not preloaded = a fresh session with idle preloading off (saveData), only the link's",
    );
    console.log('  hover at the click; warm = back to /profile, then the same link again.');
    console.log('\n  where the cold time goes (medians, ms after the click):');
    const pick = (
      entry: RemoteTimings,
      key: 'firstRequestMs' | 'networkDoneMs' | 'lastFallbackMs',
    ) =>
      median(
        entry.coldBreakdown
          .map((row) => row[key])
          .filter((value): value is number => value !== null),
      );
    console.log(
      table(
        [
          'remote',
          'first request',
          'last response',
          'last loading panel',
          'content',
          'content − last response',
        ],
        REMOTE_NAMES.flatMap((remote) => {
          const entry = timings[remote];
          if (!entry || entry.coldBreakdown.length === 0) return [];
          const done = pick(entry, 'networkDoneMs');
          const content = median(entry.cold);
          return [
            [
              remote,
              ms(pick(entry, 'firstRequestMs')),
              ms(done),
              ms(pick(entry, 'lastFallbackMs')),
              ms(content),
              ms(content !== null && done !== null ? content - done : null),
            ],
          ];
        }),
        ['left', 'right', 'right', 'right', 'right', 'right'],
      ),
    );
    const gaps = REMOTE_NAMES.flatMap((remote) => {
      const entry = timings[remote];
      const done = entry ? pick(entry, 'networkDoneMs') : null;
      const content = entry ? median(entry.cold) : null;
      return content !== null && done !== null ? [content - done] : [];
    });
    const typicalGap = median(gaps);
    if (typicalGap !== null && typicalGap > 200) {
      notes.push(
        `cold page loads wait ≈ ${typicalGap.toFixed(0)} ms after the last response: React reveals a Suspense boundary no sooner than 300 ms after it showed its fallback — is the page rendered before its chunk has loaded?`,
      );
    }
    const firstWaterfall = REMOTE_NAMES.map((remote) => timings[remote]).find(
      (entry) => entry && entry.coldWaterfall.length > 0,
    );
    if (firstWaterfall) {
      console.log(
        `  e.g. ${firstWaterfall.route}, run 1: ${firstWaterfall.coldWaterfall.map((resource) => `${new URL(resource.name).pathname.slice(1)} ${resource.start.toFixed(0)}→${resource.end.toFixed(0)}`).join(', ')}; content ${ms(firstWaterfall.cold[0])}`,
      );
    }
    console.log(
      '  (the breakdown is of the not-preloaded first visits: release.json, manifest, remoteEntry.js and page chunks fetched',
    );
    console.log(
      '  after the click). Loopback network, no throttling; measured in the page from the click event to the animation',
    );
    console.log('  frame after the content is in the DOM.');
    for (const remote of REMOTE_NAMES)
      for (const error of timings[remote]?.errors ?? []) notes.push(`${remote} ${error}`);
    report.timings = timingSummary;

    // 3 — React copies
    section('React copies after visiting one route of every remote in one page');
    const react = await measureReactCopies(browser, remotes);
    report.reactCopies = react;
    for (const visit of react.visited) {
      const result = visit.result;
      console.log(
        `  visited ${visit.route.padEnd(22)} ${typeof result === 'string' ? `FAILED ${result.split('\n')[0]}` : `${result.kind} in ${ms(result.ms)}${result.kind === 'error' ? `: ${result.text}` : ''}`}`,
      );
    }
    console.log(
      `  network: ${react.network.reactCopies} script(s) define React: ${react.network.reactFiles.map((url) => new URL(url).host + new URL(url).pathname).join(', ') || 'none'}`,
    );
    console.log(
      `           ${react.network.reactDomCopies} script(s) define ReactDOM: ${react.network.reactDomFiles.map((url) => new URL(url).host + new URL(url).pathname).join(', ') || 'none'}`,
    );
    if (react.runtime) {
      console.log(
        `  runtime: __FEDERATION__.__SHARE__ has ${react.runtime.rows.length} 'react' record(s) over ${new Set(react.runtime.rows.map((row) => row.instance)).size} instance(s); loaded versions: ${react.runtime.loadedVersions.join(', ') || 'none'}; distinct loaded module objects: ${react.runtime.distinctLoadedCopies}`,
      );
      const providers = [
        ...new Set(react.runtime.rows.filter((row) => row.loaded).map((row) => row.from)),
      ];
      console.log(`           provided by: ${providers.join(', ') || 'n/a'}`);
    } else {
      console.log('  runtime: no __FEDERATION__.__SHARE__ in the page');
    }
    const visitedOk = react.visited.filter(
      (visit) => typeof visit.result !== 'string' && visit.result.kind !== 'error',
    ).length;
    summary.push({
      figure: `React copies (${visitedOk} of ${REMOTE_NAMES.length} remotes visited)`,
      value: String(react.copies),
      target: '= 1',
      measured: react.copies,
      limit: TARGETS.reactCopies,
      // One copy only counts as OK when every remote was really loaded into the page.
      status:
        react.copies > TARGETS.reactCopies
          ? 'OVER'
          : react.allVisited && remotes.length === REMOTE_NAMES.length
            ? 'OK'
            : 'n/a',
    });
    if (!react.allVisited)
      notes.push(
        `React copies: only ${visitedOk} of ${remotes.length} served remotes rendered their page in the shared page`,
      );
    if (react.network.reactDomCopies > 1)
      notes.push(
        `ReactDOM is defined by ${react.network.reactDomCopies} scripts (duplicate react-dom chunk)`,
      );
  } finally {
    await browser?.close().catch(() => undefined);
    for (const running of sites) await stopSite(running.child);
    process.removeListener('SIGINT', stopOnSignal);
    process.removeListener('SIGTERM', stopOnSignal);
  }

  const loadAfterBrowser = os.loadavg()[0] ?? 0;
  const stampsAfter = buildStamps(['host-shell', ...REMOTE_NAMES]);
  const replaced = [...stampsBefore.keys()].filter(
    (pkg) => stampsBefore.get(pkg) !== stampsAfter.get(pkg),
  );
  if (replaced.length > 0) {
    notes.push(
      `the build of ${replaced.join(', ')} was replaced while the browser figures were measured (a build run elsewhere?): ` +
        'its figures may mix two builds, and a page whose chunks vanished shows an error panel — run the bench again',
    );
  }

  // 5 — API
  let userRun: ScriptRun | null = null;
  let searchRun: ScriptRun | null = null;
  let rows: RouteThroughput[] = [];
  if (process.env.BENCH_SKIP_API === '1') {
    notes.push('API benchmarks skipped (BENCH_SKIP_API=1)');
  } else {
    section('API: pnpm --filter api-server bench (GET /user vs a bare route)');
    userRun = await runApiServerScript('bench');
    rows = parseThroughputTable(userRun.output);
    if (userRun.exitCode !== 0)
      notes.push(`pnpm --filter api-server bench exited with ${userRun.exitCode}`);
    section('API: pnpm --filter api-server bench:search (100k-family search)');
    if (apiServerHasScript('bench:search')) {
      searchRun = await runApiServerScript('bench:search');
      if (searchRun.exitCode !== 0)
        notes.push(`pnpm --filter api-server bench:search exited with ${searchRun.exitCode}`);
    } else {
      console.log('  skipped: api-server has no "bench:search" script yet');
      notes.push('bench:search skipped: the api-server script does not exist yet');
    }
  }
  const user = rows.find((row) => row.route.endsWith('/user'));
  const bare = rows.find((row) => row.route.includes('/bench/noop'));
  const ratio =
    user && bare && bare.requestsPerSecond > 0
      ? user.requestsPerSecond / bare.requestsPerSecond
      : null;
  report.api = {
    user: userRun
      ? {
          command: userRun.command,
          exitCode: userRun.exitCode,
          seconds: userRun.seconds,
          rows,
          userVsBareRatio: ratio,
          output: userRun.output,
        }
      : null,
    search: searchRun
      ? {
          command: searchRun.command,
          exitCode: searchRun.exitCode,
          seconds: searchRun.seconds,
          output: searchRun.output,
        }
      : { skipped: true },
  };
  summary.push({
    figure: 'GET /user vs bare route (req/s)',
    value:
      ratio === null
        ? 'n/a'
        : `${(ratio * 100).toFixed(0)} % (${user?.requestsPerSecond.toFixed(0)} vs ${bare?.requestsPerSecond.toFixed(0)})`,
    target: '≥ 50 %',
    measured: ratio,
    limit: TARGETS.userVsBareRatio,
    status: status(ratio, (v) => v >= TARGETS.userVsBareRatio),
  });

  const search = searchRun ? parseSearchVerdict(searchRun.output) : null;
  if (searchRun) {
    summary.push({
      figure: `Family search, worst p95 (100k${search?.where ? `, ${search.where}` : ''})`,
      value: search ? `${search.worstP95.toFixed(1)} ms` : 'n/a',
      target: search ? `< ${search.target} ms (its own target)` : '—',
      measured: search?.worstP95 ?? null,
      ...(search ? { limit: search.target } : {}),
      status: search ? status(search.worstP95, (v) => v < search.target) : 'n/a',
    });
  }

  // A figure measured while other work saturates the CPUs is not worth much: say so.
  const cpus = os.cpus().length;
  const busiest = Math.max(loadAtStart, loadAfterBrowser, os.loadavg()[0] ?? 0);
  (report.machine as Record<string, unknown>).loadAverageEnd = os.loadavg();
  if (busiest > cpus) {
    notes.push(
      `the machine was busy (1-minute load average up to ${busiest.toFixed(1)} on ${cpus} CPUs): ` +
        'the timings and the API req/s are noisy — compare runs made on a quiet machine; the sizes are unaffected',
    );
  }

  // 6 — summary
  const seconds = (Date.now() - startedAt) / 1000;
  section('Summary');
  const withBefore = summary.some((row) => row.before !== undefined);
  console.log(
    table(
      ['figure', ...(withBefore ? ['before (baseline)'] : []), 'value', 'target', ''],
      summary.map((row) => [
        row.figure,
        ...(withBefore ? [row.before ?? ''] : []),
        row.value,
        row.target,
        row.status,
      ]),
      ['left', ...(withBefore ? (['right'] as const) : []), 'right', 'left', 'left'],
    ),
  );
  if (withBefore)
    console.log(
      `  before = the baseline build in ${baseline?.distRoot ?? ''}, served beside the current one and measured in this run.`,
    );
  if (notes.length > 0) {
    console.log('\n  notes:');
    for (const note of notes) console.log(`  - ${note}`);
  }
  report.summary = summary;
  report.notes = notes;
  report.seconds = seconds;
  fs.mkdirSync(path.dirname(ARTIFACT), { recursive: true });
  fs.writeFileSync(ARTIFACT, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\n  ${path.relative(REPO_ROOT, ARTIFACT)} written; the bench took ${seconds.toFixed(0)} s${build.ran ? ` (of which the build ${build.seconds.toFixed(0)} s)` : ''}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exitCode = 1;
});
