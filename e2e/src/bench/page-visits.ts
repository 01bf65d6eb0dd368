/**
 * First visits of pages whose content is more than their heading: the seminar list until its
 * rows are drawn, the financial report until its charts are drawn (not its loading panel, nor a
 * chart's own "loading" line). The section visits (measure.ts) stop at a page's heading, which
 * these pages show before their data: a visit that looked quick there could still keep the
 * employee waiting for the figures.
 *
 * One session per run, as the section visits: logged in, the shell idle long enough to preload
 * the sections, then the seminar list from the sidebar, then the financial records from the
 * sidebar and, after a pause an employee reading the list would take, the report from the list's
 * own button.
 */
import type { Browser } from 'playwright-core';
import { newContext } from './measure';
import {
  loginToProfile,
  timedNavigation,
  type NavigationOptions,
  type NavigationTiming,
} from './navigation';
import { CURRENT, type BenchTarget } from './target';

export interface PageVisit {
  /** the page's address */
  readonly path: string;
  /** what its content is, in the printed table */
  readonly content: string;
  /** the section page opened first (from the sidebar), when the link is on that page */
  readonly from?: string;
  readonly options: NavigationOptions;
}

export const PAGE_VISITS: readonly PageVisit[] = [
  { path: '/seminar', content: 'rows drawn', options: { until: 'rows' } },
  {
    path: '/financial/report',
    content: 'charts drawn',
    from: '/financial',
    options: { link: 'main a[href="/financial/report"]', until: 'charts' },
  },
];

/** How long the employee looks at the page before the click on its button (ms, network quiet). */
const READING_PAUSE_MS = 1500;

export interface PageVisitResult {
  readonly path: string;
  readonly timing: NavigationTiming | null;
  readonly error?: string;
}

/** One session: each page of `visits` once, as a first visit after a click. */
export async function measurePageVisits(
  browser: Browser,
  target: BenchTarget = CURRENT,
  visits: readonly PageVisit[] = PAGE_VISITS,
): Promise<PageVisitResult[]> {
  const { context, page, recorder } = await newContext(browser, target);
  const results: PageVisitResult[] = [];
  try {
    await loginToProfile(context, page, target);
    await recorder.waitForIdle(3000, 30000);
    for (const visit of visits) {
      try {
        if (visit.from) {
          await timedNavigation(page, visit.from);
          await recorder.waitForIdle(READING_PAUSE_MS, 30000);
        }
        const timing = await timedNavigation(page, visit.path, 30000, visit.options);
        results.push({ path: visit.path, timing });
        // The page settles (its last requests) before the next visit.
        await recorder.waitForIdle(500, 30000);
      } catch (error) {
        results.push({
          path: visit.path,
          timing: null,
          error: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
        });
      }
    }
    return results;
  } finally {
    await context.close();
  }
}

/** What a visit fetched after the click, ms after it: `file start→end`, in start order. */
export function waterfallOf(timing: NavigationTiming): string {
  return [...timing.resources]
    .sort((a, b) => a.start - b.start)
    .map((resource) => {
      const url = new URL(resource.name);
      const name = url.pathname.startsWith('/api/')
        ? url.pathname
        : (url.pathname.split('/').pop() ?? url.pathname);
      return `${name} ${resource.start.toFixed(0)}→${resource.end.toFixed(0)}`;
    })
    .join(', ');
}
