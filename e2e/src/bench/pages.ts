/**
 * `BENCH_ONLY=pages pnpm bench`: only the first visits of pages whose content is more than their
 * heading (page-visits.ts): the seminar list until its rows are drawn, the financial report until
 * its charts are drawn. Each visit prints its median, its range and, for the first run, what it
 * fetched after the click (ms after it), so a waterfall shows.
 *
 * Env: BENCH_RUNS (7) sessions; BENCH_BASELINE=<dir> (as for the full bench) also serves an
 * earlier build and alternates sessions between the two, so both meet the same moments of a busy
 * machine.
 */
import os from 'node:os';
import { launchChromium } from '../browser';
import { isHostBuilt } from './dist';
import { median, ms, section, table } from './format';
import { PAGE_VISITS, measurePageVisits, waterfallOf } from './page-visits';
import { startSite, stopSite } from './site';
import { CURRENT, baselineTarget, type BenchTarget } from './target';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7));
/** The section-visit budget (README, "Measured"): a first visit after a click, preloaded. */
const FIRST_VISIT_MS = 150;

async function main(): Promise<void> {
  if (!isHostBuilt()) {
    console.error('host-shell/dist is missing: run pnpm build (or pnpm bench once) first.');
    process.exitCode = 1;
    return;
  }
  const baseline = baselineTarget();
  const targets: BenchTarget[] = baseline ? [CURRENT, baseline] : [CURRENT];
  const sites = [await startSite()];
  if (baseline)
    sites.push(
      await startSite({ offset: baseline.offset, distRoot: baseline.distRoot, compressApi: true }),
    );
  const browser = await launchChromium();
  const times = new Map<BenchTarget, Map<string, number[]>>(
    targets.map((target) => [target, new Map()]),
  );
  const waterfalls = new Map<BenchTarget, Map<string, string>>(
    targets.map((target) => [target, new Map()]),
  );
  const errors: string[] = [];
  const loads: number[] = [];
  try {
    section(
      `Page visits: ${RUNS} sessions (first visits after idle preloading, until the content is drawn)` +
        `${baseline ? `, alternating with the baseline in ${baseline.distRoot}` : ''}`,
    );
    console.log(
      `  Chromium ${browser.version()}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    for (let run = 1; run <= RUNS; run += 1) {
      for (const target of run % 2 === 1 ? targets : [...targets].reverse()) {
        try {
          for (const visit of await measurePageVisits(browser, target)) {
            if (visit.error || !visit.timing || visit.timing.kind === 'error') {
              errors.push(
                `${target.label} run ${run} ${visit.path}: ${visit.error ?? `error panel: ${visit.timing?.text ?? ''}`}`,
              );
              continue;
            }
            const list = times.get(target)!;
            list.set(visit.path, [...(list.get(visit.path) ?? []), visit.timing.ms]);
            const shown = waterfalls.get(target)!;
            if (!shown.has(visit.path)) shown.set(visit.path, waterfallOf(visit.timing));
          }
        } catch (error) {
          errors.push(
            `${target.label} run ${run}: ${error instanceof Error ? error.message : error}`,
          );
        }
      }
      loads.push(os.loadavg()[0] ?? 0);
      process.stdout.write(`  run ${run}/${RUNS} done\n`);
    }
  } finally {
    await browser.close().catch(() => undefined);
    for (const site of sites) await stopSite(site.child);
  }

  for (const target of targets) {
    console.log(`\n  ${target.label}${target.distRoot ? ` (${target.distRoot})` : ''}:`);
    const list = times.get(target)!;
    console.log(
      table(
        ['page', 'content', 'first visit', 'min–max', 'target', '', 'visits, in order'],
        PAGE_VISITS.map((visit) => {
          const values = list.get(visit.path) ?? [];
          const middle = median(values);
          return [
            visit.path,
            visit.content,
            ms(middle),
            values.length
              ? `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`
              : '',
            `≤ ${FIRST_VISIT_MS} ms`,
            middle === null ? 'n/a' : middle <= FIRST_VISIT_MS ? 'OK' : 'OVER',
            values.map((value) => value.toFixed(0)).join(' '),
          ];
        }),
        ['left', 'left', 'right', 'right', 'left', 'left', 'left'],
      ),
    );
    for (const [path, line] of waterfalls.get(target)!)
      console.log(`  ${path}, first run, fetched after the click: ${line || 'nothing'}`);
  }
  console.log(
    `\n  1-minute load average after each run: ${loads.map((load) => load.toFixed(1)).join(' ')} (${os.cpus().length} CPUs)`,
  );
  for (const error of errors) console.log(`  - ${error}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exitCode = 1;
});
