/**
 * The modest-PC figures: Chromium slowed through the DevTools protocol (CPU 4×, 10 Mb/s, 40 ms;
 * wire.ts MODEST_PC), timed inside the page from the start of its navigation.
 *  - login: a cold load of `/` (fresh context, empty cache) until the form is usable — email and
 *    password inputs and an enabled submit button in the document;
 *  - families: a hard reload (cache bypassed) of /families with a stored session until its rows
 *    are shown (a data row in the table, not the loading row).
 * Bytes on the wire for each come from the same CDP session.
 */
import type { Browser, Page } from 'playwright-core';
import { loginThroughForm, SUPER_ADMIN } from './navigation';
import type { BenchTarget } from './target';
import { totals, WireRecorder, type WireTotals } from './wire';

/** Records in each new document when the login form became usable and when data rows appeared. */
const MARKS_SCRIPT = `(() => {
  const marks = { formUsableAt: null, rowsAt: null };
  window.__ataaMarks = marks;
  const check = () => {
    if (marks.formUsableAt === null) {
      const email = document.querySelector('input[name="email"]');
      const password = document.querySelector('input[name="password"]');
      const submit = document.querySelector('form button[type="submit"]');
      if (email && password && submit && !submit.disabled && !email.disabled)
        marks.formUsableAt = performance.now();
    }
    if (marks.rowsAt === null && document.querySelector('main table:not([aria-busy]) tbody tr td:not([colspan])'))
      marks.rowsAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

type Marks = { formUsableAt: number | null; rowsAt: number | null };
type MarkedWindow = Window & { __ataaMarks?: Marks; __ataaStale?: boolean };

export interface ModestRun {
  /** ms from navigation start; null when it never happened */
  ms: number | null;
  /** what had crossed the wire when it happened */
  atMark: WireTotals;
  /** everything the load fetched until the network was quiet for a second */
  untilIdle: WireTotals;
  error?: string;
}

async function waitForMark(page: Page, mark: keyof Marks, timeoutMs = 60000): Promise<number> {
  const handle = await page.waitForFunction(
    (name) => {
      const win = window as MarkedWindow;
      return !win.__ataaStale && win.__ataaMarks?.[name] != null ? win.__ataaMarks[name] : false;
    },
    mark,
    { polling: 100, timeout: timeoutMs },
  );
  return (await handle.jsonValue()) as number;
}

async function fresh(browser: Browser, target: BenchTarget) {
  const context = await browser.newContext({
    baseURL: target.hostUrl,
    viewport: { width: 1366, height: 800 },
    locale: 'ar-SA',
  });
  await context.addInitScript(MARKS_SCRIPT);
  const page = await context.newPage();
  const wire = await WireRecorder.attach(page);
  return { context, page, wire };
}

/** A cold load of the login page on a modest PC. */
export async function modestLogin(browser: Browser, target: BenchTarget): Promise<ModestRun> {
  const { context, page, wire } = await fresh(browser, target);
  try {
    await wire.throttle();
    await page.goto('/', { waitUntil: 'commit' });
    const ms = await waitForMark(page, 'formUsableAt');
    const atMark = totals(wire.responses);
    await wire.waitForIdle(1000);
    return { ms, atMark, untilIdle: totals(wire.responses) };
  } finally {
    await wire.detach();
    await context.close();
  }
}

/** A hard reload of /families with a stored session, on a modest PC. */
export async function modestFamiliesReload(
  browser: Browser,
  target: BenchTarget,
): Promise<ModestRun> {
  const { context, page, wire } = await fresh(browser, target);
  try {
    // Logged in and on /families once at full speed: the session is stored, as for an employee
    // who comes back to the list and presses Ctrl+Shift+R.
    await loginThroughForm(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.goto('/families');
    await waitForMark(page, 'rowsAt');
    await wire.waitForIdle(500);
    await page.evaluate(() => {
      (window as MarkedWindow).__ataaStale = true;
    });
    await wire.throttle();
    const mark = wire.mark();
    await wire.cdp.send('Page.reload', { ignoreCache: true });
    const ms = await waitForMark(page, 'rowsAt');
    const atMark = totals(wire.since(mark));
    await wire.waitForIdle(1000);
    return { ms, atMark, untilIdle: totals(wire.since(mark)) };
  } finally {
    await wire.detach();
    await context.close();
  }
}

/** `runs` measurements, each in its own context; a failed run is recorded, not thrown. */
export async function repeat(
  runs: number,
  measure: () => Promise<ModestRun>,
): Promise<ModestRun[]> {
  const results: ModestRun[] = [];
  for (let run = 0; run < runs; run += 1) {
    try {
      results.push(await measure());
    } catch (error) {
      const none = { requests: 0, wireBytes: 0, scriptWireBytes: 0, apiWireBytes: 0 };
      results.push({
        ms: null,
        atMark: none,
        untilIdle: none,
        error: error instanceof Error ? error.message.split('\n')[0] : String(error),
      });
    }
  }
  return results;
}
