import type { Browser, Page } from 'playwright-core';
import { ROUTES, STORAGE_KEYS } from 'shared-contracts';
import { ADMIN } from '../src/accounts';
import { axeFor } from '../src/axe';
import { launchChromium, login, openPage } from '../src/browser';

// axe-core over every route of the route table as the super admin, in the light and the dark
// theme and at 375 px: no serious or critical violation (every rule in the light theme on a
// desktop, the rules colours or a narrow layout can break in the other two passes). Routes are visited client-side, as the
// sidebar does, so each page is audited once its content (not a loading state) is on screen. The experimental rules run too (one of
// them, label-content-name-mismatch, is how the account menu's name was found to contradict its
// visible text). Each route is also checked for what axe does not see (layoutFindings): at
// 375 px the page never scrolls sideways, and no identifier is split across lines.

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

const TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
  'best-practice',
  'experimental',
];
const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * The rules a pass runs. The light desktop pass runs every rule of `TAGS`. The other passes change
 * one thing, so they run the rules that thing can break, not the whole set again (the audits are
 * what makes this file long): the dark theme changes colours only; the phone width changes layout
 * (targets, scrolling regions, what sits on which background) but keeps the light colours.
 */
type RuleSet = 'all' | readonly string[];
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;
const NARROW_LAYOUT_RULES = [
  ...COLOUR_RULES,
  'target-size',
  'scrollable-region-focusable',
  'meta-viewport',
  'meta-viewport-large',
  'region',
  'landmark-one-main',
] as const;

/** Serious and critical violations on the page as it is now. */
async function audit(page: Page, where: string, rules: RuleSet = 'all'): Promise<Finding[]> {
  const builder = axeFor(page);
  const results = await (
    rules === 'all' ? builder.withTags(TAGS) : builder.withRules([...rules])
  ).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

const NEW_HEADING =
  'main h1:not([data-left-behind]):visible, main h2:not([data-left-behind]):visible';

/** What <main> shows, for a failure's message: its text and its headings, marked or not. */
async function mainSnapshot(page: Page): Promise<string> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return 'no <main>';
    const headings = Array.from(main.querySelectorAll('h1, h2')).map(
      (heading) =>
        `${heading.tagName}${heading.hasAttribute('data-left-behind') ? '[left-behind]' : ''}` +
        `${heading.getClientRects().length > 0 ? '' : '[hidden]'} «${heading.textContent ?? ''}»`,
    );
    const text = (main.innerText || '').replace(/\s+/g, ' ').slice(0, 300);
    return `headings: ${headings.join(', ') || 'none'}; text: ${text || '(empty)'}`;
  });
}

/** The page's content has arrived: a new heading in <main>, no table still loading, the fade-in done. */
async function settled(page: Page, firstPage = false): Promise<void> {
  const where = new URL(page.url()).pathname;
  await page
    .locator(NEW_HEADING)
    .first()
    .waitFor({ timeout: 20000 })
    .catch(async (error: Error) => {
      const snapshot = await mainSnapshot(page);
      if (!firstPage)
        throw new Error(
          `${where}: no new heading in <main> (${error.message.split('\n')[0]}); ${snapshot}`,
        );
      // The page the sign-in lands on is the one that loads the shell and its first section
      // while the machine is busiest; this file audits pages, not that start (shell.e2e.ts and
      // remotes.e2e.ts do): say what was seen, load it once more, and audit it then.
      console.warn(`${where}: no heading 20 s after the sign-in, reloaded once; ${snapshot}`);
      await page.reload();
      await page
        .locator(NEW_HEADING)
        .first()
        .waitFor({ timeout: 20000 })
        .catch(async (again: Error) => {
          throw new Error(
            `${where}: no heading in <main>, even after a reload (${again.message.split('\n')[0]}); ${await mainSnapshot(page)}`,
          );
        });
    });
  // Of the page shown: a section's page left while loading stays busy, hidden, until it is shown.
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('main [aria-busy="true"]')).every(
        (element) => element.getClientRects().length === 0,
      ),
    null,
    {
      timeout: 15000,
    },
  );
  // PageFade animates opacity for 0.25 s: contrast is only meaningful once it has finished.
  await page.waitForTimeout(400);
}

/** A client-side navigation, as a sidebar link makes (the page keeps its loaded sections). */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    // Already there (the sign-in lands on the first route): nothing is left, nothing will be new.
    if (window.location.pathname === target) return;
    // What is on screen belongs to the page being left (settled() waits for a new heading). A
    // section's page the shell keeps hidden is not on screen: shown again, its heading is new.
    for (const heading of document.querySelectorAll('main h1, main h2'))
      heading.toggleAttribute('data-left-behind', heading.getClientRects().length > 0);
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

/**
 * Layout defects axe does not see, as findings of their own: at a phone's width the page never
 * scrolls sideways (a wide table scrolls inside its own region or becomes cards), and no
 * identifier (phone, ID, file number, amount… shared-ui marks each `<bdi data-identifier>`) is
 * split across lines, whatever the width.
 */
async function layoutFindings(page: Page, where: string, phone: boolean): Promise<Finding[]> {
  const found = await page.evaluate((checkWidth) => {
    const problems: { rule: string; help: string; targets: string[] }[] = [];
    const root = document.documentElement;
    if (checkWidth && root.scrollWidth > root.clientWidth) {
      // The outermost elements past the left edge (where right-to-left content overflows).
      const past = (element: Element | null) =>
        element !== null && element.getBoundingClientRect().left < -1;
      const wide = Array.from(document.querySelectorAll('main *'))
        .filter((element) => past(element) && !past(element.parentElement))
        .slice(0, 5)
        .map((element) =>
          `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`.slice(0, 80),
        );
      problems.push({
        rule: 'page-scrolls-sideways',
        help: `scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}`,
        targets: wide,
      });
    }
    const split = Array.from(
      document.querySelectorAll('main [data-identifier], main bdi[style*="nowrap"]'),
    )
      // Split across lines, not merely in several boxes: bidi reordering cuts one line's inline
      // box into pieces (an amount's digits and its «ر.س.»), so the boxes' lines are compared.
      .filter((element) => {
        const boxes = Array.from(element.getClientRects()).filter((box) => box.height > 0);
        const first = boxes[0];
        return (
          first !== undefined &&
          boxes.some(
            (box) =>
              box.top >= first.top + first.height / 2 || box.bottom <= first.top + first.height / 2,
          )
        );
      })
      .slice(0, 5)
      .map((element) => element.textContent ?? '');
    if (split.length > 0)
      problems.push({
        rule: 'identifier-split',
        help: 'an identifier spans lines',
        targets: split,
      });
    // A file number, Saudi mobile or national ID written as plain right-to-left text can be cut
    // at its dashes or reordered: every one on screen must sit in an isolated identifier.
    const IDENTIFIER =
      /F-\d{4}-\d{5}|(?<![\d+])(?:\+9665\d{8}|05\d{8})(?!\d)|(?<!\d)[12]\d{9}(?!\d)/;
    const walker = document.createTreeWalker(
      document.querySelector('main') ?? document.body,
      NodeFilter.SHOW_TEXT,
    );
    const bare: string[] = [];
    for (let node = walker.nextNode(); node !== null && bare.length < 5; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!IDENTIFIER.test(text) || parent === null) continue;
      if (parent.closest('[data-identifier], bdi, script, style, [hidden]')) continue;
      bare.push(text.trim().slice(0, 80));
    }
    if (bare.length > 0)
      problems.push({
        rule: 'identifier-not-isolated',
        help: 'an identifier is written as plain text',
        targets: bare,
      });
    return problems;
  }, phone);
  return found.map((problem) => ({ where, impact: 'layout', ...problem }));
}

type Theme = 'light' | 'dark';

async function auditEverything(
  theme: Theme,
  viewport: { width: number; height: number },
  rules: RuleSet,
) {
  const { page, context } = await openPage(browser, { viewport });
  await context.addInitScript(([key, mode]) => window.localStorage.setItem(key, mode), [
    STORAGE_KEYS.themeMode,
    theme,
  ] as const);
  const findings: Finding[] = [];
  try {
    await page.goto('/');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).waitFor();
    // The page's own form, before its first use: none of the app has run yet
    // (docs/decisions/0016-login-page-starts-the-app-on-first-use.md).
    findings.push(...(await audit(page, '/ (login, the HTML form before first use)')));
    // Its first use starts the app, which takes the form over in the employee's theme.
    await page.getByLabel('البريد الإلكتروني').focus();
    await page.locator('#boot-login').waitFor({ state: 'detached', timeout: 30000 });
    expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
    findings.push(...(await audit(page, '/ (login)')));

    await login(page, ADMIN.email, ADMIN.password);
    // The «قيد الإنشاء» placeholder is one shared component whatever the page: it is audited
    // once per pass (the audits are what makes this test long), every built page each time.
    let placeholderAudited = false;
    for (const [index, route] of ROUTES.entries()) {
      const path = route.path.replace(/:id/g, '1');
      await visit(page, path);
      await settled(page, index === 0);
      const placeholder = await page
        .locator('main [role="status"]:visible', { hasText: 'قيد الإنشاء' })
        .count();
      findings.push(...(await layoutFindings(page, path, viewport.width < 768)));
      if (placeholder > 0 && placeholderAudited) continue;
      placeholderAudited ||= placeholder > 0;
      findings.push(...(await audit(page, path, rules)));
    }
    await visit(page, '/no-such-page');
    await settled(page);
    findings.push(...(await audit(page, '/no-such-page (not found)', rules)));

    if (viewport.width < 768) {
      // The slide-over sidebar, open.
      await visit(page, '/profile');
      await settled(page);
      await page.getByRole('button', { name: 'تبديل القائمة الجانبية' }).click();
      await page.getByRole('dialog', { name: 'القائمة الرئيسية' }).waitFor();
      findings.push(...(await audit(page, '/profile with the sidebar open')));
    } else {
      // The account menu, open.
      await page.getByRole('button', { name: 'قائمة الحساب' }).click();
      await page.getByRole('menu', { name: 'قائمة الحساب' }).waitFor();
      findings.push(...(await audit(page, 'account menu open')));
    }
  } finally {
    await context.close();
  }
  return findings;
}

const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 375, height: 812 };

describe('accessibility (axe-core): no serious or critical violation on any route', () => {
  test('light theme, desktop', async () => {
    expect(await auditEverything('light', DESKTOP, 'all')).toEqual([]);
  }, 600000);

  test('dark theme, desktop', async () => {
    expect(await auditEverything('dark', DESKTOP, COLOUR_RULES)).toEqual([]);
  }, 600000);

  // The narrow layout (slide-over sidebar, stacked forms); its colours are the desktop's.
  test('light theme, 375 px', async () => {
    expect(await auditEverything('light', PHONE, NARROW_LAYOUT_RULES)).toEqual([]);
  }, 600000);
});
