import type { Browser, Page } from 'playwright-core';
import { PERMISSION_KEYS, visibleSidebar, type PermissionKey } from 'shared-contracts';
import { ADMIN, demoAccount } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { pageTitle, sidebarPaths } from '../src/site';

/**
 * Holds the app's entry script back until the returned function is called, as a slow line and
 * CPU would: what the page does before the app has run is then what the HTML alone does.
 */
async function holdAppScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/main.js', async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

const expectedSidebar = (permissions: readonly PermissionKey[], role: string | null = null) =>
  visibleSidebar({ active: true, permissions, role })
    .flatMap((entry) =>
      entry.kind === 'link' ? [entry.path] : entry.links.map((link) => link.path),
    )
    .sort();

describe('login and the guard', () => {
  test('the login page is Arabic, right to left, and a wrong password shows the server message', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    await page.locator('input[name="email"]').fill(ADMIN.email);
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  test('on a slow PC the login form works from the first paint: typed and sent before the app has loaded', async () => {
    const { page, context, errors } = await openPage(browser);
    // Hold the app's script back, as a slow line and CPU would.
    const release = await holdAppScript(page);
    await page.goto('/');
    const form = page.locator('#boot-login-form');
    await form.waitFor();
    await page.getByLabel('البريد الإلكتروني').fill(ADMIN.email);
    await page.getByLabel('كلمة المرور').fill(ADMIN.password);
    // The page's own script sends the login, to the app's endpoint, without the app.
    const answer = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/auth/create/sanctum/token' &&
        response.request().method() === 'POST',
    );
    await page.getByLabel('كلمة المرور').press('Enter');
    expect(await form.getAttribute('data-submitted')).toBe('true');
    expect((await answer).status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/');
    // The app arrives, takes the answer and starts signed in: no retyping, no second request.
    const logins: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/create/sanctum/token')
        logins.push(request.method());
    });
    release();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30000 });
    await page.getByTestId('page-title').waitFor();
    expect(logins).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('before the app has loaded, a wrong password shows the server message, as the app does', async () => {
    const { page, context } = await openPage(browser);
    const release = await holdAppScript(page);
    await page.goto('/');
    await page.getByLabel('البريد الإلكتروني').fill(ADMIN.email);
    await page.getByLabel('كلمة المرور').fill('not-the-password');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' });
    await alert.waitFor();
    // Still the page's own form: the app's script has not run.
    expect(await page.locator('#boot-login-form').count()).toBe(1);
    release();
    // The app takes over and shows the same answer.
    await page.locator('#boot-login').waitFor({ state: 'detached', timeout: 30000 });
    await alert.waitFor();
    expect(await page.locator('input[name="password"]').inputValue()).toBe('not-the-password');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  test('a returning session never sees the HTML login form', async () => {
    const { page, context } = await openPage(browser);
    await login(page, ADMIN.email, ADMIN.password);
    const release = await holdAppScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    // The page as the HTML has it, before the app: the form is there, and stays hidden.
    const boot = page.locator('#boot-login');
    await boot.waitFor({ state: 'attached' });
    await page.waitForFunction(() => document.readyState !== 'loading');
    expect(await boot.isHidden()).toBe(true);
    release();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });

  test('a logged-out visitor is sent to the login page', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/families');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).waitFor();
    await context.close();
  });

  test('an inactive employee cannot sign in', async () => {
    const { page, context } = await openPage(browser);
    const inactive = demoAccount('inactive');
    await page.goto('/');
    await page.locator('input[name="email"]').fill(inactive.email);
    await page.locator('input[name="password"]').fill(inactive.password);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.getByRole('alert').filter({ hasText: 'موقوف' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  test('the super admin lands on the dashboard, sees every section, and logs out', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, ADMIN.email, ADMIN.password);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expect(pageTitle(page).textContent()).resolves.toBe('لوحة التحكم');
    const paths = await sidebarPaths(page);
    expect([...paths].sort()).toEqual(expectedSidebar(PERMISSION_KEYS, 'Super Admin'));
    for (const path of [
      '/dashboard',
      '/families',
      '/reports/medical',
      '/activity-tracking',
      '/calories',
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths).not.toContain('/services/service-axises');

    await page.getByRole('button', { name: 'قائمة الحساب' }).click();
    await page.getByRole('menuitem', { name: 'تسجيل الخروج' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sidebar and routes per permission set', () => {
  test.each(['researcher', 'accountant', 'coordinator', 'hr'] as const)(
    'the %s sees exactly the links of the sidebar table',
    async (key) => {
      const account = demoAccount(key);
      const { page, context } = await openPage(browser);
      await login(page, account.email, account.password);
      expect((await sidebarPaths(page)).sort()).toEqual(
        expectedSidebar(account.permissions, account.role),
      );
      await context.close();
    },
  );

  test('a page without its key redirects to /unauthorized; activity tracking needs a super admin', async () => {
    const researcher = demoAccount('researcher');
    const { page, context } = await openPage(browser);
    await login(page, researcher.email, researcher.password);
    for (const path of ['/financial', '/employee-permissions', '/activity-tracking']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/unauthorized');
    }
    await page.goto('/families');
    await page.waitForURL((url) => url.pathname === '/families');
    await context.close();
  });

  test('an unknown path shows the not-found page inside the shell', async () => {
    const { page, context } = await openPage(browser);
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/no-such-page');
    await page.getByText('الصفحة غير موجودة').first().waitFor();
    await expect(pageTitle(page).textContent()).resolves.toBe('صفحة غير معروفة');
    await context.close();
  });
});

describe('sidebar behaviour', () => {
  test('Ctrl+B collapses and expands the sidebar, and the state survives a reload', async () => {
    const { page, context } = await openPage(browser);
    await login(page, ADMIN.email, ADMIN.password);
    const sidebar = page
      .locator('[data-state]')
      .filter({ has: page.getByRole('navigation', { name: 'القائمة الرئيسية' }) })
      .first();
    await expect(sidebar.getAttribute('data-state')).resolves.toBe('expanded');
    await page.keyboard.press('Control+b');
    await expect(sidebar.getAttribute('data-state')).resolves.toBe('collapsed');
    await page.reload();
    await page.getByRole('navigation', { name: 'القائمة الرئيسية' }).waitFor();
    await expect(sidebar.getAttribute('data-state')).resolves.toBe('collapsed');
    await page.keyboard.press('Control+b');
    await expect(sidebar.getAttribute('data-state')).resolves.toBe('expanded');
    await context.close();
  });

  test('at 375 px the sidebar is a slide-over that closes when a link is chosen', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 375, height: 740 } });
    await login(page, ADMIN.email, ADMIN.password);
    const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
    await expect(nav.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'تبديل القائمة الجانبية' }).click();
    await nav.waitFor({ state: 'visible' });
    // Right-to-left: the panel slides in from the right edge and rests against it. It is visible
    // while it still slides (and then lies further right), so measure only once the slide ended.
    const restingRightEdge = await page.waitForFunction(
      () => {
        // The slide-over panel itself (the nav inside it sits within the panel's padding).
        const panel = document.querySelector('[role="dialog"][aria-label="القائمة الرئيسية"]');
        // Finite animations only: a loading spinner elsewhere on the page never ends.
        const sliding = document
          .getAnimations()
          .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
        // Measured against the body's right edge, the edge the page's content lays out to: the
        // root keeps a stable scrollbar gutter (against layout shift), which a fixed panel rests
        // beside, and which the root's clientWidth does not always leave out.
        return panel && !sliding
          ? {
              gap: Math.abs(
                document.body.getBoundingClientRect().right - panel.getBoundingClientRect().right,
              ),
            }
          : false;
      },
      undefined,
      { timeout: 5_000 },
    );
    const resting = await restingRightEdge.jsonValue();
    expect(resting && resting.gap).toBeLessThan(5);
    await nav.getByRole('link', { name: 'المالية' }).click();
    await page.waitForURL((url) => url.pathname === '/financial');
    await nav.waitFor({ state: 'hidden' });
    await context.close();
  });
});
