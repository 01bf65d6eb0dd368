/**
 * Timed client-side navigation: click the sidebar link of a route and measure, inside the page,
 * from the click event to the animation frame after the new page's content appears in <main>
 * (is drawn, whether new or shown again) — its main heading (h1) or the UnderConstruction status panel (h2 "قيد الإنشاء" inside
 * role=status). An error panel (role=alert) ends the wait too and is reported as such.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { REMOTE_NAMES } from 'shared-contracts';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from 'api-server/src/config';
import { CURRENT, type BenchTarget } from './target';

export type ContentKind = 'heading' | 'under-construction' | 'error';

/**
 * What else a page's content needs besides its heading (pages.ts): 'charts', every chart of
 * <main> drawn (no figure[data-chart] still aria-busy, at least one); 'rows', the list's first
 * row (or its empty state) instead of its loading panel.
 */
export type ContentUntil = 'heading' | 'charts' | 'rows';

export interface NavigationTiming {
  ms: number;
  kind: ContentKind;
  text: string;
  /** how the navigation was started */
  via: 'sidebar' | 'history';
  /** ms after the click when the last loading panel appeared (null: none) */
  lastFallbackMs: number | null;
  /** what the page fetched between the click and the content: ms after the click */
  resources: Array<{ name: string; start: number; end: number }>;
}

interface ProbeState {
  t0: number | null;
  t1: number | null;
  kind: ContentKind | null;
  text: string | null;
  /** when the last new loading panel (role=status without a heading) showed */
  fallback: number | null;
}
type ProbeWindow = Window & { __ataaBench?: ProbeState };

/**
 * The in-page probe, kept as source text: tsx (esbuild, keepNames) would wrap named functions of
 * a TypeScript callback in a `__name` helper that does not exist in the page.
 */
const PROBE_SOURCE = `(targetPath, until) => {
  const state = { t0: null, t1: null, kind: null, text: null, fallback: null };
  window.__ataaBench = state;
  const mainOf = () => document.getElementById('main-content') || document.querySelector('main');
  // Whatever is on screen now belongs to the page being left. A section's page the shell keeps
  // hidden (host-shell KeptPages) is not on screen: shown again, it is the new page's content.
  const stale = new WeakSet(
    Array.from(mainOf() ? mainOf().querySelectorAll('*') : []).filter((element) => element.getClientRects().length > 0),
  );
  document.addEventListener('click', () => { if (state.t0 === null) state.t0 = performance.now(); }, { capture: true, once: true });
  const seenLoaders = new WeakSet();
  const fresh = (element) => !stale.has(element) && element.getClientRects().length > 0;
  // What 'until' waits for is read from attributes only: computing styles or layout in every
  // mutation batch would slow the very rendering being timed. A kept page hidden in <main> (React
  // hides it with an inline display: none) does not count.
  const shown = (element) =>
    !stale.has(element) && !element.closest('[hidden], [style*="display: none"]');
  const ready = (main) => {
    if (until === 'charts') {
      let drawn = false;
      for (const figure of main.querySelectorAll('figure[data-chart]')) {
        const busy = figure.getAttribute('aria-busy') !== 'false';
        if (busy && shown(figure)) return false;
        if (!busy && !drawn) drawn = shown(figure);
      }
      return drawn;
    }
    if (until === 'rows') {
      for (const row of main.querySelectorAll('tbody tr')) if (shown(row)) return true;
      // The empty state ("nothing yet"): a panel's title in the page's card.
      for (const title of main.querySelectorAll('h2'))
        if (!title.closest('[role="status"], [role="alert"], header') && shown(title)) return true;
      return false;
    }
    return true;
  };
  // Found once, the heading is not looked for again while 'until' waits.
  let heading = null;
  const check = () => {
    if (state.kind || location.pathname !== targetPath) return;
    const main = mainOf();
    if (!main) return;
    if (!heading || !heading.isConnected)
      heading = Array.from(main.querySelectorAll('h1, [role="status"] h2')).find(fresh) || null;
    const alert = heading ? undefined : Array.from(main.querySelectorAll('[role="alert"]')).find(fresh);
    const found = heading || alert;
    if (!found || (!alert && !ready(main))) {
      // Loading panels (role=status without a heading): a remote's own loading state, then the
      // Suspense fallback of its lazy page. React reveals content no sooner than 300 ms after the
      // last fallback it showed, so the time of the last one matters. (Once the heading shows,
      // the panels of 'until' — a chart's loading line, say — are the page's own, not counted.)
      if (found) return;
      for (const el of main.querySelectorAll('[role="status"]')) {
        if (!seenLoaders.has(el) && fresh(el) && !el.querySelector('h2')) {
          seenLoaders.add(el);
          state.fallback = performance.now();
        }
      }
      return;
    }
    state.kind = alert ? 'error' : found.tagName === 'H1' ? 'heading' : 'under-construction';
    state.text = (found.textContent || '').trim().slice(0, 120);
    observer.disconnect();
    requestAnimationFrame(() => { state.t1 = performance.now(); });
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}`;

/** Installs the in-page probe for a navigation to `target` (call just before the click). */
async function armProbe(page: Page, target: string, until: ContentUntil): Promise<void> {
  await page.evaluate(`(${PROBE_SOURCE})(${JSON.stringify(target)}, ${JSON.stringify(until)})`);
}

/** The visible sidebar link to `path`, opening its group first when it is folded. */
async function sidebarLink(page: Page, path: string) {
  const link = page.locator(`nav a[href="${path}"]`).first();
  if ((await link.count()) === 0) return null;
  if (!(await link.isVisible())) {
    const listId = await link.evaluate((anchor) => anchor.closest('[id]')?.id ?? null);
    if (listId) await page.locator(`button[aria-controls="${listId}"]`).first().click();
    await link.waitFor({ state: 'visible', timeout: 5000 });
  }
  return link;
}

export interface NavigationOptions {
  /** the link to click, when not the sidebar's (a button of the page shown, say) */
  readonly link?: string;
  /** what the content needs besides the heading (default: the heading alone) */
  readonly until?: ContentUntil;
}

export async function timedNavigation(
  page: Page,
  path: string,
  timeoutMs = 30000,
  options: NavigationOptions = {},
): Promise<NavigationTiming> {
  const link = options.link ? page.locator(options.link).first() : await sidebarLink(page, path);
  await armProbe(page, path, options.until ?? 'heading');
  let via: NavigationTiming['via'] = 'sidebar';
  if (link) {
    await link.click();
  } else {
    // Not in this employee's sidebar: the same client-side navigation, through history.
    via = 'history';
    await page.evaluate((target) => {
      const state = (window as ProbeWindow).__ataaBench;
      if (state) state.t0 = performance.now();
      history.pushState({}, '', target);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state as unknown }));
    }, path);
  }
  await page.waitForFunction(() => (window as ProbeWindow).__ataaBench?.t1 != null, null, {
    timeout: timeoutMs,
  });
  const state = await page.evaluate(() => (window as ProbeWindow).__ataaBench as ProbeState);
  const t0 = state.t0 ?? 0;
  const resources = await page.evaluate(
    ([from, to]) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= from && entry.startTime <= to)
        .map((entry) => ({
          name: entry.name,
          start: entry.startTime - from,
          end: (entry as PerformanceResourceTiming).responseEnd - from,
        })),
    [t0, state.t1 ?? t0] as const,
  );
  return {
    lastFallbackMs: state.fallback === null ? null : state.fallback - t0,
    resources,
    ms: (state.t1 ?? Number.NaN) - (state.t0 ?? Number.NaN),
    kind: state.kind ?? 'error',
    text: state.text ?? '',
    via,
  };
}

/** Waits until `path` shows a page heading (after a back navigation, say). */
export async function waitForPageHeading(
  page: Page,
  path: string,
  timeoutMs = 15000,
): Promise<void> {
  await page.waitForFunction(
    (target) => location.pathname === target && document.querySelector('main h1') !== null,
    path,
    { timeout: timeoutMs },
  );
}

export const SUPER_ADMIN = { email: DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD };

/**
 * The login form, as a user fills it. (Not ../browser.ts `login()`: its exact label match for
 * the password misses, because the visible label text is "كلمة المرور*" with the required mark.)
 */
export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('كلمة المرور').and(page.locator('input')).fill(password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await page.waitForURL((url) => url.pathname !== '/' && url.pathname !== '/login', {
    timeout: 15000,
  });
}

/**
 * Logs in through the login form as the super admin and opens /profile with a full page load.
 * The super admin's landing page is /dashboard (mf-reports): every remote origin is refused
 * until /profile has loaded, so no remote is fetched — or cached — before a measurement starts.
 */
export async function loginToProfile(
  context: BrowserContext,
  page: Page,
  target: BenchTarget = CURRENT,
): Promise<void> {
  const remotePorts = new Set(REMOTE_NAMES.map((remote) => String(target.remotePort(remote))));
  const isRemote = (url: URL) => remotePorts.has(url.port);
  await context.route(isRemote, (route) => route.abort());
  try {
    await loginThroughForm(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.goto('/profile');
    await waitForPageHeading(page, '/profile');
  } finally {
    await context.unroute(isRemote);
  }
  // The employee moves the pointer, as at a desk: the shell's idle-time preloading of sections
  // waits for a first touch of the page (or 10 s untouched).
  await page.mouse.move(200, 200);
}
