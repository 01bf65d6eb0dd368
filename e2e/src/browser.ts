import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { HOST_URL } from './ports';

/** Debian's chromium, headless, with the flags this workplace needs (never a downloaded browser). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
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

export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({
    baseURL: HOST_URL,
    viewport: options.viewport ?? { width: 1366, height: 800 },
    locale: 'ar-SA',
  });
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
