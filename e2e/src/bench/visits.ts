/**
 * `BENCH_ONLY=visits pnpm bench`: only the section visits of the full bench (main.ts), with more
 * runs — the same measurement (`measurePreloadedVisits`: one session per run, first visits after
 * idle preloading, each followed by a warm visit), so its figures compare with the full bench's.
 * The full bench's "warm" also counts the warm visit of each not-preloaded run; BENCH_COLD_RUNS
 * (0 here) adds those runs, and the combined median is printed then.
 *
 * Env: BENCH_RUNS (9) sessions; BENCH_COLD_RUNS (0) not-preloaded runs per remote;
 * BENCH_REMOTES=mf-beneficiaries,… (all) limits the sections; BENCH_TRACE=1 records a Chromium
 * trace of every warm visit into e2e/.artifacts/visits/ and prints where the renderer's main
 * thread spent it (GC, script, style, layout, and the CPU time of its tasks, which a busy machine
 * disturbs less than the milliseconds), BENCH_TRACE=profile a CPU profile as well, BENCH_TRACE=alloc
 * the bytes allocated from the click to 300 ms after the content (tracing slows the page,
 * profiling more: compare traced runs with traced runs).
 * BENCH_BASELINE=<dir> (as for the full bench) also serves an earlier build and alternates sessions
 * between the two, so both meet the same moments of a busy machine. BENCH_GC_BEFORE_WARM=1 (a diagnostic) collects garbage before each warm visit, to tell the
 * garbage the first visit left from the warm visit's own cost.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import type { RemoteName } from 'shared-contracts';
import { launchChromium } from '../browser';
import { REPO_ROOT, isHostBuilt } from './dist';
import { median, ms, section, table } from './format';
import {
  firstRouteOf,
  measurePreloadedVisits,
  measureRemoteRun,
  type WarmVisitObserver,
} from './measure';
import type { NavigationTiming } from './navigation';
import { startSite, stopSite } from './site';
import { CURRENT, baselineTarget, type BenchTarget } from './target';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 9));
const COLD_RUNS = Math.max(0, Number(process.env.BENCH_COLD_RUNS ?? 0));
/**
 * '1': a trace of every warm visit; 'profile': a CPU profile as well (slows the page more);
 * 'alloc': the bytes the page allocates from the click to 300 ms after the content (sampled).
 */
const TRACE = process.env.BENCH_TRACE ?? '';
const GC_BEFORE_WARM = process.env.BENCH_GC_BEFORE_WARM === '1';
const ARTIFACTS = path.join(REPO_ROOT, 'e2e', '.artifacts', 'visits');
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.gc',
  'blink.user_timing',
  'loading',
  'netlog',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** thread (CPU) time */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string; url?: string } };
}

/** Main-thread time of a traced warm visit, by what it was (ms between the click and the frame). */
export interface WarmBreakdown {
  remote: RemoteName;
  run?: number;
  label?: BenchTarget['label'];
  ms: number;
  gcMs: number;
  majorGcMs: number;
  minorGcMs: number;
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
  paintMs: number;
  apiResponses: number;
  heapUsedBeforeMb: number;
  /** CPU time of the main thread's tasks in the window (less affected by a busy machine than ms) */
  cpuMs: number;
  /** BENCH_TRACE=alloc: MB allocated from the click to 300 ms after the content */
  allocatedMb?: number;
}

/** Sums event durations, counting time covered by nested events of the same kind once. */
function coveredMs(events: readonly TraceEvent[], from: number, to: number): number {
  const spans = events
    .map((event) => [Math.max(event.ts, from), Math.min(event.ts + (event.dur ?? 0), to)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reached = from;
  for (const [start, end] of spans) {
    if (end <= reached) continue;
    total += end - Math.max(start, reached);
    reached = end;
  }
  return total / 1000;
}

/** Where the renderer's main thread spent the warm visit (the click to the frame after it). */
function breakdownOf(
  events: readonly TraceEvent[],
  remote: RemoteName,
  timing: NavigationTiming,
  heapUsedBeforeMb: number,
): WarmBreakdown | null {
  const click = events.find(
    (event) => event.name === 'EventDispatch' && event.args?.data?.type === 'click',
  );
  if (!click) return null;
  const main = events.filter((event) => event.pid === click.pid && event.tid === click.tid);
  const from = click.ts;
  const to = from + timing.ms * 1000;
  const named = (...names: string[]) =>
    main.filter((event) => event.ph === 'X' && names.includes(event.name));
  return {
    remote,
    ms: timing.ms,
    gcMs: coveredMs(
      main.filter((event) => event.ph === 'X' && /GC/.test(event.name)),
      from,
      to,
    ),
    majorGcMs: coveredMs(
      named(
        'MajorGC',
        'V8.GC_MARK_COMPACTOR',
        'V8.GC_MC_INCREMENTAL',
        'V8.GC_MC_INCREMENTAL_START',
        'V8.GC_MC_INCREMENTAL_FINALIZE',
      ),
      from,
      to,
    ),
    minorGcMs: coveredMs(named('MinorGC', 'V8.GC_SCAVENGER', 'V8.GC_MINOR_MARK_SWEEPER'), from, to),
    scriptMs: coveredMs(
      named(
        'FunctionCall',
        'EventDispatch',
        'RunMicrotasks',
        'FireAnimationFrame',
        'TimerFire',
        'v8.run',
        'EvaluateScript',
      ),
      from,
      to,
    ),
    styleMs: coveredMs(
      named('UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet'),
      from,
      to,
    ),
    layoutMs: coveredMs(named('Layout'), from, to),
    paintMs: coveredMs(named('Paint', 'PrePaint', 'Layerize', 'Commit'), from, to),
    apiResponses: events.filter(
      (event) =>
        event.name === 'ResourceReceiveResponse' &&
        event.ts >= from &&
        event.ts <= to &&
        (event.args?.data?.url ?? '').includes('/api/'),
    ).length,
    heapUsedBeforeMb,
    cpuMs:
      main
        .filter(
          (event) =>
            event.ph === 'X' &&
            event.name === 'RunTask' &&
            // Overlapping the window: the click's own task starts just before the click event.
            event.ts + (event.dur ?? 0) > from &&
            event.ts < to &&
            event.tdur !== undefined,
        )
        .reduce((sum, event) => sum + (event.tdur ?? 0), 0) / 1000,
  };
}

/** Records a trace and a CPU profile around each warm visit of the first session. */
class WarmVisitTracer implements WarmVisitObserver {
  private session: CDPSession | null = null;
  private heapBefore = 0;

  constructor(
    private readonly run: number,
    private readonly mode: string,
    private readonly breakdowns: WarmBreakdown[],
    private readonly label: BenchTarget['label'],
  ) {}

  async before(page: Page, _remote: RemoteName): Promise<void> {
    this.session ??= await page.context().newCDPSession(page);
    const session = this.session;
    this.heapBefore = (await session.send('Runtime.getHeapUsage')).usedSize;
    await session.send('Tracing.start', {
      transferMode: 'ReturnAsStream',
      traceConfig: { includedCategories: TRACE_CATEGORIES },
    });
    if (this.mode === 'alloc')
      await session.send('HeapProfiler.startSampling', {
        samplingInterval: 1024,
        // Count what is collected too: the figure is what the visit allocated, not what survived.
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    if (this.mode === 'profile') {
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 100 });
      await session.send('Profiler.start');
    }
  }

  async after(_page: Page, remote: RemoteName, timing: NavigationTiming): Promise<void> {
    const session = this.session;
    if (!session) return;
    // Let the frame after the content and any response in flight land in the trace.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const profile = this.mode === 'profile' ? (await session.send('Profiler.stop')).profile : null;
    let allocatedMb = Number.NaN;
    if (this.mode === 'alloc') {
      const { profile: heap } = await session.send('HeapProfiler.stopSampling');
      let bytes = 0;
      const stack = [heap.head];
      for (let node = stack.pop(); node; node = stack.pop()) {
        bytes += node.selfSize;
        stack.push(...node.children);
      }
      allocatedMb = bytes / 2 ** 20;
    }
    const done = new Promise<string>((resolve) =>
      session.once('Tracing.tracingComplete', (event) => resolve(event.stream ?? '')),
    );
    await session.send('Tracing.end');
    const handle = await done;
    let text = '';
    for (;;) {
      const chunk = await session.send('IO.read', { handle });
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
      if (chunk.eof) break;
    }
    await session.send('IO.close', { handle });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const name = `${this.label}-${remote}-run${this.run}-warm`;
    if (profile)
      fs.writeFileSync(path.join(ARTIFACTS, `${name}.cpuprofile`), JSON.stringify(profile));
    fs.writeFileSync(path.join(ARTIFACTS, `${name}.trace.json`), text);
    const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
    const breakdown = breakdownOf(events, remote, timing, this.heapBefore / 2 ** 20);
    if (breakdown)
      this.breakdowns.push({ ...breakdown, allocatedMb, run: this.run, label: this.label });
  }
}

/** Collects garbage before each warm visit (BENCH_GC_BEFORE_WARM=1, a diagnostic). */
const collectBeforeWarm: WarmVisitObserver = {
  async before(page) {
    const session = await page.context().newCDPSession(page);
    await session.send('HeapProfiler.collectGarbage');
    await session.detach();
  },
  async after() {},
};

interface Figures {
  first: Partial<Record<RemoteName, number[]>>;
  warm: Partial<Record<RemoteName, number[]>>;
  coldWarm: Partial<Record<RemoteName, number[]>>;
}

const errorLine = (error: unknown) =>
  error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);

async function main(): Promise<void> {
  if (!isHostBuilt()) {
    console.error('host-shell/dist is missing: run pnpm build (or pnpm bench once) first.');
    process.exitCode = 1;
    return;
  }
  const baseline = baselineTarget();
  const targets: BenchTarget[] = baseline ? [CURRENT, baseline] : [CURRENT];
  const only = (process.env.BENCH_REMOTES ?? '').split(',').filter(Boolean);
  const sites = [await startSite()];
  if (baseline)
    sites.push(
      await startSite({ offset: baseline.offset, distRoot: baseline.distRoot, compressApi: true }),
    );
  const remotes = (sites[0]?.remotes ?? []).filter(
    (remote) => only.length === 0 || only.includes(remote),
  );
  const browser = await launchChromium();
  const figures = new Map<BenchTarget, Figures>(
    targets.map((target) => [target, { first: {}, warm: {}, coldWarm: {} }]),
  );
  const errors: string[] = [];
  const breakdowns: WarmBreakdown[] = [];
  try {
    section(
      `Section visits only: ${RUNS} sessions (first visits after idle preloading, then warm)` +
        `${baseline ? `, alternating with the baseline in ${baseline.distRoot}` : ''}` +
        `${TRACE ? ', traced' : ''}${GC_BEFORE_WARM ? ', garbage collected before each warm visit' : ''}`,
    );
    console.log(
      `  Chromium ${browser.version()}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    for (let run = 1; run <= RUNS; run += 1) {
      // Alternating, so both builds meet the same moments of a busy machine.
      for (const target of run % 2 === 1 ? targets : [...targets].reverse()) {
        const figure = figures.get(target)!;
        const observer = TRACE
          ? new WarmVisitTracer(run, TRACE, breakdowns, target.label)
          : GC_BEFORE_WARM
            ? collectBeforeWarm
            : undefined;
        try {
          for (const visit of await measurePreloadedVisits(browser, remotes, target, observer)) {
            if (visit.error)
              errors.push(`${target.label} run ${run} ${visit.remote}: ${visit.error}`);
            if (visit.first && visit.first.kind !== 'error')
              (figure.first[visit.remote] ??= []).push(visit.first.ms);
            if (visit.warm && visit.warm.kind !== 'error')
              (figure.warm[visit.remote] ??= []).push(visit.warm.ms);
          }
        } catch (error) {
          errors.push(`${target.label} run ${run}: ${errorLine(error)}`);
        }
      }
      process.stdout.write(`  run ${run}/${RUNS} done\n`);
    }
    for (let run = 1; run <= COLD_RUNS; run += 1) {
      for (const target of targets)
        for (const remote of remotes) {
          const route = firstRouteOf(remote);
          if (!route) continue;
          try {
            const result = await measureRemoteRun(browser, remote, route, target);
            if (result.warm.kind !== 'error')
              (figures.get(target)!.coldWarm[remote] ??= []).push(result.warm.ms);
          } catch (error) {
            errors.push(`${target.label} not-preloaded run ${run} ${remote}: ${errorLine(error)}`);
          }
        }
      process.stdout.write(`  not-preloaded run ${run}/${COLD_RUNS} done\n`);
    }
  } finally {
    await browser.close().catch(() => undefined);
    for (const site of sites) await stopSite(site.child);
  }

  const list = (values: readonly number[] | undefined) =>
    (values ?? []).map((value) => value.toFixed(0)).join(' ');
  for (const target of targets) {
    const { first, warm, coldWarm } = figures.get(target)!;
    console.log(`\n  ${target.label}${target.distRoot ? ` (${target.distRoot})` : ''}:`);
    console.log(
      table(
        [
          'remote',
          'route',
          'first',
          'warm',
          ...(COLD_RUNS > 0 ? ['warm, as the full bench'] : []),
          'warm visits, in order',
        ],
        remotes.map((remote) => [
          remote,
          firstRouteOf(remote) ?? '',
          ms(median(first[remote] ?? [])),
          ms(median(warm[remote] ?? [])),
          ...(COLD_RUNS > 0
            ? [ms(median([...(warm[remote] ?? []), ...(coldWarm[remote] ?? [])]))]
            : []),
          list(warm[remote]),
        ]),
        ['left', 'left', 'right', 'right', ...(COLD_RUNS > 0 ? (['right'] as const) : []), 'left'],
      ),
    );
  }
  if (breakdowns.length > 0) {
    console.log(
      `\n  traced warm visits (main thread, ms from the click to the frame after the content; ${path.relative(REPO_ROOT, ARTIFACTS)}/):`,
    );
    const f = (value: number) => value.toFixed(1);
    console.log(
      table(
        [
          'visit',
          'ms',
          'CPU',
          'GC',
          'major',
          'minor',
          'script',
          'style',
          'layout',
          'paint',
          '/api answers',
          'heap before',
        ],
        breakdowns.map((row) => [
          `${row.label} ${row.remote} #${row.run}`,
          f(row.ms),
          f(row.cpuMs),
          f(row.gcMs),
          f(row.majorGcMs),
          f(row.minorGcMs),
          f(row.scriptMs),
          f(row.styleMs),
          f(row.layoutMs),
          f(row.paintMs),
          String(row.apiResponses),
          `${f(row.heapUsedBeforeMb)} MB`,
        ]),
        [
          'left',
          'right',
          'right',
          'right',
          'right',
          'right',
          'right',
          'right',
          'right',
          'right',
          'right',
          'right',
        ],
      ),
    );
    console.log(
      '  (script includes the GC that ran inside it; GC = every GC event, incremental marking included)',
    );
    console.log('\n  medians of the traced warm visits:');
    const groups = new Map<string, WarmBreakdown[]>();
    for (const row of breakdowns) {
      const key = `${row.label ?? ''} ${row.remote}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const med = (rows: WarmBreakdown[], pick: (row: WarmBreakdown) => number) =>
      f(median(rows.map(pick)) ?? Number.NaN);
    console.log(
      table(
        ['visits', 'n', 'ms', 'CPU', 'GC', 'script', 'style', 'layout', 'allocated MB'],
        [...groups].map(([key, rows]) => [
          key,
          String(rows.length),
          med(rows, (row) => row.ms),
          med(rows, (row) => row.cpuMs),
          med(rows, (row) => row.gcMs),
          med(rows, (row) => row.scriptMs),
          med(rows, (row) => row.styleMs),
          med(rows, (row) => row.layoutMs),
          med(rows, (row) => row.allocatedMb ?? Number.NaN),
        ]),
        ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
      ),
    );
  }
  for (const error of errors) console.log(`  - ${error}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exitCode = 1;
});
