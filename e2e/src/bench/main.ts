/**
 * `pnpm bench` (after scripts/bench.mjs has made sure the product is built): serves the built
 * site on the bench's own ports, measures it in Debian's Chromium and with the API's own
 * benchmarks, prints every figure beside its target and writes them to e2e/.artifacts/bench.json.
 * Figures, not a pass/fail test: the exit code is 0 whenever measuring was possible.
 *
 * Env: BENCH_RUNS (5) timed runs per remote; BENCH_PORT_BASE (3940) moves the bench's ports;
 * BENCH_SKIP_API=1 leaves out the API benchmarks; CHROMIUM_PATH as for the e2e suite.
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
  measureReactCopies,
  measureRemoteEntries,
  measureRemoteRun,
  topShares,
  type FirstPage,
  type RemoteTimings,
} from './measure';
import { BENCH_HOST_URL, BENCH_PORTS, allBenchPorts, benchRemotePort } from './ports';
import { startSite, stopSite, portInUse } from './site';
import { mergeShares, type PackageShare } from './source-map';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const KB = 1024;
const TARGETS = {
  loginPageGzip: 220 * KB,
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

  const busy: number[] = [];
  for (const port of allBenchPorts()) if (await portInUse(port)) busy.push(port);
  if (busy.length > 0) {
    console.error(
      `The bench's ports are busy: ${busy.join(', ')} (127.0.0.1). Is another \`pnpm bench\` running? ` +
        'Stop it, or move the bench with BENCH_PORT_BASE=<port> (it uses that port and the next 16).',
    );
    process.exitCode = 1;
    return;
  }

  const stampsBefore = buildStamps(['host-shell', ...REMOTE_NAMES]);
  const loadAtStart = os.loadavg()[0] ?? 0;
  section('Site');
  const site = await startSite();
  const stopOnSignal = () => {
    site.child.kill('SIGTERM');
    process.exit(130);
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const remotes = site.remotes;
  console.log(`  host ${BENCH_HOST_URL}, API :${BENCH_PORTS.api} (fresh PGlite, demo data)`);
  for (const remote of REMOTE_NAMES) {
    console.log(
      `  ${remote.padEnd(17)} ${remotes.includes(remote) ? `:${benchRemotePort(remote)}` : 'NOT SERVED (no build)'}`,
    );
  }
  for (const remote of site.missing)
    notes.push(
      `${remote} has no usable build (dist/mf-manifest.json, remoteEntry.js, release.json): not measured`,
    );

  let browser: Browser | null = null;
  try {
    browser = await launchChromium();
    (report.machine as Record<string, unknown>).chromium = browser.version();
    console.log(
      `  Chromium ${browser.version()} (headless), ${os.cpus().length} CPUs, Node ${process.version}, ${RUNS} timed runs per remote`,
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
        ['file', 'raw', 'gzip-9', 'on the wire', 'mostly'],
        loginPage.files.map((file) => [
          file.file,
          kb(file.rawBytes),
          kb(file.gzipBytes),
          kb(file.transferBytes),
          topShares(file.contents),
        ]),
        ['left', 'right', 'right', 'right', 'left'],
      ),
    );
    console.log(
      `  total: ${loginPage.files.length} scripts, ${kb(loginPage.rawBytes)} raw, ${kb(loginPage.gzipBytes)} gzip-9, ${kb(loginPage.transferBytes)} on the wire (the server does not compress)`,
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
    summary.push({
      figure: 'Login page JS (gzip-9)',
      value: kb(loginPage.gzipBytes),
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

    // 2c + 4 — first page of each remote, cold and warm navigation times
    section(`Remote pages: /profile → first route, ${RUNS} runs each (fresh context per run)`);
    const timings: Partial<Record<RemoteName, RemoteTimings>> = {};
    const firstPages: Partial<Record<RemoteName, FirstPage>> = {};
    for (let run = 1; run <= RUNS; run += 1) {
      for (const remote of remotes) {
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
          const result = await measureRemoteRun(browser, remote, route);
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
            firstPages[remote] = analyseFirstPage(remote, route, result.coldScripts);
        } catch (error) {
          entry.errors.push(
            `run ${run}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
          );
        }
      }
      process.stdout.write(`  run ${run}/${RUNS} done\n`);
    }
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
    console.log(
      table(
        [
          'remote',
          'route',
          'cold median',
          'cold min–max',
          'warm median',
          'warm min–max',
          'content',
        ],
        REMOTE_NAMES.map((remote) => {
          const entry = timings[remote];
          if (!entry)
            return [remote, firstRouteOf(remote) ?? '', 'n/a', '', 'n/a', '', 'not built'];
          const coldMedian = median(entry.cold);
          const warmMedian = median(entry.warm);
          timingSummary[remote] = { ...entry, coldMedianMs: coldMedian, warmMedianMs: warmMedian };
          const range = (values: number[]) =>
            values.length
              ? `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`
              : '';
          summary.push({
            figure: `Time to content ${remote} cold / warm`,
            value: `${ms(coldMedian)} / ${ms(warmMedian)}`,
            target: '—',
            status: 'info',
          });
          const kind = entry.kinds.includes('error') ? 'ERROR PANEL' : (entry.kinds[0] ?? 'n/a');
          return [
            remote,
            entry.route,
            ms(coldMedian),
            range(entry.cold),
            ms(warmMedian),
            range(entry.warm),
            `${kind} (${entry.via || '—'})`,
          ];
        }),
        ['left', 'left', 'right', 'right', 'right', 'right', 'left'],
      ),
    );
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
        `cold page loads wait ≈ ${typicalGap.toFixed(0)} ms after the last response: React reveals a Suspense boundary no sooner than 300 ms after it showed its fallback (the lazy page inside RemotePage) — preloading the page chunk before rendering it would remove most of the cold time`,
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
      '  cold = first visit of the remote in a fresh context (release.json, manifest, remoteEntry.js and page chunks fetched);',
    );
    console.log(
      '  warm = back to /profile, then the same link again (remote already loaded). Loopback network, no throttling;',
    );
    console.log(
      '  measured in the page from the click event to the animation frame after the content is in the DOM.',
    );
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
    await stopSite(site.child);
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
  console.log(
    table(
      ['figure', 'value', 'target', ''],
      summary.map((row) => [row.figure, row.value, row.target, row.status]),
      ['left', 'right', 'left', 'left'],
    ),
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
