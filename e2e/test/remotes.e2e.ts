import type { Browser } from 'playwright-core';
import { ROUTES } from 'shared-contracts';
import { ADMIN } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { pageTitle, setRemoteUp } from '../src/site';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

const ERROR_PANEL = /تعذر تحميل قسم/;

test('a super admin reaches every route of the table without a console error', async () => {
  const { page, context, errors } = await openPage(browser);
  await login(page, ADMIN.email, ADMIN.password);
  const main = page.locator('main');
  for (const route of ROUTES) {
    const path = route.path.replace(/:id/g, '1');
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === path);
    // The page's own heading is rendered (a remote page or a host page), not an error panel.
    await main.locator('h1, h2').first().waitFor({ timeout: 20000 });
    expect({ path, text: await main.textContent() }).not.toEqual({ path, text: expect.stringMatching(ERROR_PANEL) });
    expect(await pageTitle(page).textContent()).not.toBe('صفحة غير معروفة');
  }
  expect(errors).toEqual([]);
  await context.close();
}, 240000);

test('a remote that is down shows its error panel while the rest of the site works, and retry recovers', async () => {
  const { page, context } = await openPage(browser);
  await login(page, ADMIN.email, ADMIN.password);
  await setRemoteUp('mf-finance', false);
  try {
    await page.goto('/financial');
    const panel = page.getByRole('alert').filter({ hasText: ERROR_PANEL });
    await panel.waitFor({ timeout: 30000 });
    expect(await panel.textContent()).toContain('المالية');
    // The shell still works: the top bar, the sidebar and another remote.
    await page.getByRole('navigation', { name: 'القائمة الرئيسية' }).getByRole('link', { name: 'نظرة عامة' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.locator('main h1, main h2').first().waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(ERROR_PANEL);

    await page.goto('/financial');
    await page.getByRole('alert').filter({ hasText: ERROR_PANEL }).waitFor({ timeout: 30000 });
    await setRemoteUp('mf-finance', true);
    await page.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await page.locator('main h1, main h2').first().waitFor({ timeout: 30000 });
    await page.waitForFunction(() => !/تعذر تحميل قسم/.test(document.querySelector('main')?.textContent ?? ''));
  } finally {
    await setRemoteUp('mf-finance', true);
    await context.close();
  }
}, 120000);
