import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { HOST_URL } from './ports';

declare global {
  interface Window {
    /** Installed by `watchCsp` (a Playwright binding): reports one CSP violation to the test. */
    __ataaCspViolation?: (report: string) => void;
  }
}

/** CSP violations seen in any context opened by `openPage` and not yet taken by a check. */
const cspViolations: string[] = [];

/**
 * Returns and forgets the CSP violations recorded so far. A test that provokes one on purpose
 * takes it; any left when a test ends fail that test (below).
 */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * Records every CSP violation of the context's pages, from the page's `securitypolicyviolation`
 * events (through a binding, so none is lost to a navigation) and from Chromium's console lines
 * about the Content Security Policy (those cover what no page of ours sees, e.g. a refused frame).
 */
async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__ataaCspViolation', (source, report: string) => {
    cspViolations.push(`${source.page?.url() ?? 'page'}: ${report}`);
  });
  // Init scripts run before the page's own, and are not subject to its CSP.
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
        window.__ataaCspViolation?.(
          `${event.effectiveDirective} refused ${event.blockedURI || 'inline'}${where} ${event.sample}`.trim(),
        );
      },
      true,
    );
  });
  context.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text()))
      cspViolations.push(`console: ${message.text()}`);
  });
}

// Every e2e test runs with the site's CSP on and fails on a violation it left behind. Registered
// on import (as @testing-library registers its cleanup), so no test file can forget it; `afterEach`
// only exists under jest (the bench imports this module too).
if (typeof afterEach === 'function') {
  const failOnViolations = (when: string) => {
    const seen = takeCspViolations();
    if (seen.length > 0) {
      throw new Error(`Content Security Policy violations ${when}:\n${seen.join('\n')}`);
    }
  };
  afterEach(() => failOnViolations('during this test'));
  afterAll(() => failOnViolations('after the last test of this file'));
}

/** Debian's chromium, headless, with the flags this workplace needs (never a downloaded browser). */
export async function launchChromium(options: { showScrollbars?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    // Playwright hides scrollbars in headless runs; a layout test may want them as people see them.
    ...(options.showScrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** console errors and uncaught page errors seen so far */
  errors: string[];
}

/** A new context and page on the site (`baseURL`, default the e2e host), CSP violations watched. */
export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; baseURL?: string } = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? HOST_URL,
    viewport: options.viewport ?? { width: 1366, height: 800 },
    locale: 'ar-SA',
  });
  await watchCsp(context);
  // Fail fast: a healthy page answers in well under a second on this machine.
  context.setDefaultTimeout(10000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 15000 });
  // The guard has checked the session once the shell's top bar is on screen.
  await page.getByTestId('page-title').waitFor();
}
