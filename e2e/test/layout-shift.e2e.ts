import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PERMISSION_KEYS, matchRoute, visibleSidebar, type PermissionKey } from 'shared-contracts';
import { ADMIN } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';

/**
 * No layout shift (docs/shell.md#screens-and-routes): a hard reload of each section's first page
 * with a stored session keeps its layout from the first paint to the loaded page. The shell's
 * frame (sidebar open or closed, from its cookie; the top bar) is right in the first paint; a list
 * keeps its height while it loads; charts reserve their space. Measured with the browser's own
 * `layout-shift` entries (buffered, so none before the observer is lost), the figure Core Web
 * Vitals calls CLS; the bound is a layout property, not a timing.
 */
const CLS_BOUND = 0.05;

/**
 * Each section's first page: the first sidebar link of each remote, and of each sidebar group
 * (the reports have their own group inside the remote that also owns the dashboard); then the
 * pages every employee has whatever their keys («مهامي»), which open no section of their own.
 */
const SECTION_PAGES = (() => {
  const pages: string[] = [];
  const seen = new Set<string>();
  const add = (path: string, ...keys: string[]) => {
    const fresh = keys.filter((key) => !seen.has(key));
    if (fresh.length === 0) return;
    for (const key of fresh) seen.add(key);
    if (!pages.includes(path)) pages.push(path);
  };
  const admin = {
    active: true,
    permissions: [...PERMISSION_KEYS] as PermissionKey[],
    role: 'Super Admin',
  };
  const everyone: string[] = [];
  for (const entry of visibleSidebar(admin)) {
    const links = entry.kind === 'link' ? [entry] : entry.links;
    for (const link of links) {
      const route = matchRoute(link.path);
      if (route && route.permissions.length === 0 && !route.superAdminOnly) {
        everyone.push(link.path);
        continue;
      }
      const owner = `remote:${route?.owner ?? link.path}`;
      if (entry.kind === 'group' && link === links[0]) add(link.path, owner, `group:${entry.id}`);
      else add(link.path, owner);
    }
  }
  return [...pages, ...everyone];
})();

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    __ataaShifts?: Shift[];
  }
}

/** Records every layout shift of each page the context opens, from its first paint. */
async function watchShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__ataaShifts = [];
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? 'none');
      const id = node.id ? `#${node.id}` : '';
      const testId = node.getAttribute('data-testid');
      return `${node.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: {
          node: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        window.__ataaShifts?.push({
          value: entry.value,
          sources: (entry.sources ?? []).map(
            (source) =>
              `${describe(source.node)} ${JSON.stringify(source.previousRect)} → ${JSON.stringify(source.currentRect)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** A hard reload of `path` (cache off, as the browser's reload button with Shift), loaded fully. */
async function hardReload(page: Page, path: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(path, { waitUntil: 'load' });
  await page.getByTestId('page-title').waitFor();
  await page.waitForLoadState('networkidle');
  // The page's own loading states (a busy table or chart, a spinner's text) have given way to
  // its content.
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    if (!main || main.querySelector('[aria-busy="true"]')) return false;
    return ![...main.querySelectorAll('[role="status"]')].some((status) =>
      /جار/.test(status.textContent ?? ''),
    );
  });
  await cdp.detach();
}

async function shiftsOf(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  // A frame after the last change, so its shift entry (if any) is delivered.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const shifts = await page.evaluate(() => window.__ataaShifts ?? []);
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

let browser: Browser;
beforeAll(async () => {
  // With the classic scrollbars people see (Playwright hides them in headless runs): a scrollbar
  // appearing once the content arrives moved the whole right-to-left page (CLS 0.589 on
  // `/families` in Lighthouse's desktop run) and went unseen with them hidden.
  browser = await launchChromium({ showScrollbars: true });
});
afterAll(async () => {
  await browser.close();
});

const LAYOUTS = [
  {
    name: 'wide screen, sidebar open',
    viewport: { width: 1366, height: 800 },
    sidebarCookie: null,
  },
  // Lighthouse's desktop preset: the page is taller than a list of 20 rows at first.
  { name: 'desktop screen 1350×940', viewport: { width: 1350, height: 940 }, sidebarCookie: null },
  {
    name: 'wide screen, sidebar collapsed by its cookie',
    viewport: { width: 1366, height: 800 },
    sidebarCookie: 'false',
  },
  { name: 'phone', viewport: { width: 412, height: 823 }, sidebarCookie: null },
] as const;

describe.each(LAYOUTS)(
  'layout shift on a hard reload with a stored session: $name',
  ({ viewport, sidebarCookie }) => {
    let context: BrowserContext;
    let errors: string[];
    beforeAll(async () => {
      const opened = await openPage(browser, { viewport });
      context = opened.context;
      errors = opened.errors;
      await login(opened.page, ADMIN.email, ADMIN.password);
      if (sidebarCookie !== null) {
        await context.addCookies([
          { name: 'sidebar_state', value: sidebarCookie, url: opened.page.url() },
        ]);
      }
      await opened.page.close();
      await watchShifts(context);
    });
    afterAll(async () => {
      await context.close();
    });

    test('the section pages are known', () => {
      expect(SECTION_PAGES).toEqual(
        expect.arrayContaining([
          '/families',
          '/services',
          '/financial',
          '/seminar',
          '/reports',
          '/employee-permissions',
          '/tasks',
        ]),
      );
    });

    test.each(SECTION_PAGES)(`%s shifts by at most ${CLS_BOUND}`, async (path) => {
      const page = await context.newPage();
      await hardReload(page, path);
      expect(new URL(page.url()).pathname).toBe(path);
      const { total, shifts } = await shiftsOf(page);
      // The sources name what moved, should the bound be crossed.
      expect({
        path,
        total: Math.round(total * 1000) / 1000,
        shifts: total > CLS_BOUND ? shifts : [],
      }).toEqual({
        path,
        total: expect.any(Number),
        shifts: [],
      });
      expect(total).toBeLessThanOrEqual(CLS_BOUND);
      await page.close();
      expect(errors).toEqual([]);
    });
  },
);
