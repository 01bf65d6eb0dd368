import type { Browser, Page, Request } from 'playwright-core';
import { REMOTE_NAMES, STORAGE_KEYS } from 'shared-contracts';
import { ADMIN } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { HOST_URL, remotePort } from '../src/ports';

// Compressed delivery, a lean login page, instant section switches — as a browser sees
// them on the integrated site.

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

/** Makes the page report `navigator.connection.saveData`: the shell then preloads nothing at idle. */
const SAVE_DATA = `(() => {
  if (navigator.connection) Object.defineProperty(navigator.connection, 'saveData', { get: () => true });
})();`;

const SHELL_CHUNK = /\/shell\.[0-9a-f]{8}\.js$/;
const REMOTE_ORIGINS = new Set(
  REMOTE_NAMES.map((remote) => `http://127.0.0.1:${remotePort(remote)}`),
);

function track(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

const paths = (requests: Request[]) => requests.map((request) => new URL(request.url()).pathname);

/** The sidebar link to `path`, its group opened first when folded. */
async function sidebarLink(page: Page, path: string) {
  const link = page.locator(`nav a[href="${path}"]`).first();
  if (!(await link.isVisible())) {
    const listId = await link.evaluate((anchor) => anchor.closest('[id]')?.id ?? null);
    if (listId) await page.locator(`button[aria-controls="${listId}"]`).first().click();
    await link.waitFor({ state: 'visible' });
  }
  return link;
}

/** Resolves once `check()` holds, or fails after `timeoutMs`. */
async function until(what: string, check: () => boolean, timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until nothing has been requested for `quietMs`. */
async function quiet(requests: Request[], quietMs: number, timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let count = requests.length;
  let since = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (requests.length !== count) {
      count = requests.length;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
  }
}

test('the login page loads neither the shell nor remotes.json; logging in brings them', async () => {
  const { page, context, errors } = await openPage(browser);
  const requests = track(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'تسجيل الدخول' }).waitFor();
  await quiet(requests, 1000);
  expect(paths(requests)).not.toContain('/remotes.json');
  expect(paths(requests).filter((path) => SHELL_CHUNK.test(path))).toEqual([]);
  expect(requests.filter((request) => REMOTE_ORIGINS.has(new URL(request.url()).origin))).toEqual(
    [],
  );

  await login(page, ADMIN.email, ADMIN.password);
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  expect(paths(requests).some((path) => SHELL_CHUNK.test(path))).toBe(true);
  expect(paths(requests)).toContain('/remotes.json');
  expect(errors).toEqual([]);
  await context.close();
});

test('the login page runs none of the app until its form is used; what is typed meanwhile is kept', async () => {
  const { page, context, errors } = await openPage(browser);
  const requests = track(page);
  await page.goto('/');
  await page.locator('#boot-login-form').waitFor();
  await quiet(requests, 1000);
  // The HTML alone: no script fetched, none run (the page's one inline script aside).
  expect(requests.filter((request) => request.resourceType() === 'script')).toEqual([]);
  expect(await page.locator('#boot-login').isVisible()).toBe(true);

  // The first use of the form starts the app, which takes the form over while the employee
  // types on: every character lands in the form, the one on screen at each keystroke.
  await page.getByLabel('البريد الإلكتروني').click();
  await page.keyboard.type(ADMIN.email, { delay: 40 });
  await until('the app has started', () => paths(requests).some((path) => path === '/main.js'));
  await page.locator('#boot-login').waitFor({ state: 'detached', timeout: 30000 });
  const email = page.locator('input[name="email"]');
  expect(await email.inputValue()).toBe(ADMIN.email);
  expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
  await page.keyboard.press('Tab');
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15000 });
  expect(errors).toEqual([]);
  await context.close();
});

test('a logged-out deep link still ends on the login page, and logging in works from there', async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto('/families');
  await page.waitForURL((url) => url.pathname === '/');
  await login(page, ADMIN.email, ADMIN.password);
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  expect(errors).toEqual([]);
  await context.close();
});

test('after login the sections are preloaded at idle: a first visit fetches no script', async () => {
  const { page, context, errors } = await openPage(browser);
  const requests = track(page);
  await login(page, ADMIN.email, ADMIN.password);
  // The employee moves the pointer over the page: preloading starts once the page has settled
  // (without it, only after the page has been left untouched for a while).
  await page.mouse.move(300, 300);
  // Every remote's entry arrives without a visit (the super admin may open every section).
  await until('every remote entry has been preloaded', () =>
    REMOTE_NAMES.every((remote) =>
      requests.some(
        (request) => request.url() === `http://127.0.0.1:${remotePort(remote)}/remoteEntry.js`,
      ),
    ),
  );
  await quiet(requests, 1500);

  const link = await sidebarLink(page, '/families');
  const before = requests.length;
  await link.click();
  await page.getByRole('heading', { level: 1 }).filter({ hasText: 'الأسر' }).first().waitFor();
  const scripts = requests.slice(before).filter((request) => request.resourceType() === 'script');
  expect(scripts.map((request) => request.url())).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('hovering a sidebar link starts loading its section before the click', async () => {
  const { page, context, errors } = await openPage(browser);
  await context.addInitScript(SAVE_DATA);
  const requests = track(page);
  await login(page, ADMIN.email, ADMIN.password);
  await quiet(requests, 2500);
  const finance = `http://127.0.0.1:${remotePort('mf-finance')}`;
  expect(requests.some((request) => request.url().startsWith(finance))).toBe(false);

  const link = await sidebarLink(page, '/financial');
  await link.hover();
  await until(
    'the finance remote is requested',
    () => requests.some((request) => request.url() === `${finance}/remoteEntry.js`),
    10000,
  );
  await link.click();
  await page.waitForURL((url) => url.pathname === '/financial');
  await page.locator('main').locator('h1, [role="status"] h2').first().waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('a section left and visited again is the page kept, shown at once and refetched', async () => {
  const { page, context, errors } = await openPage(browser);
  await login(page, ADMIN.email, ADMIN.password);
  await (await sidebarLink(page, '/families')).click();
  const table = page.getByRole('table', { name: 'قائمة الأسر' });
  await table.locator('tbody tr td:not([colspan])').first().waitFor();
  // A mark on the table's element: a page built anew would have a new one.
  await table.evaluate((element) => element.setAttribute('data-e2e-kept', ''));

  await (await sidebarLink(page, '/services')).click();
  await page.getByRole('table', { name: 'قائمة الخدمات' }).waitFor();
  // Hidden while away: not on screen, not in the accessibility tree.
  expect(await table.count()).toBe(0);
  expect(await page.locator('[data-e2e-kept]').isVisible()).toBe(false);

  const requests = track(page);
  await (await sidebarLink(page, '/families')).click();
  await page.waitForURL((url) => url.pathname === '/families');
  expect(await page.locator('table[data-e2e-kept]').isVisible()).toBe(true);
  expect(await table.locator('tbody tr td:not([colspan])').count()).toBeGreaterThan(0);
  // Stale by then, its list is asked for again, as on a fresh visit; no script is fetched.
  await until('the list is refetched', () =>
    paths(requests).some((path) => path === '/api/families'),
  );
  expect(requests.filter((request) => request.resourceType() === 'script')).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('a hard reload of /families with a stored session shows its rows, checking the session once', async () => {
  const { page, context, errors } = await openPage(browser);
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/families');
  const rows = page.locator('main table:not([aria-busy]) tbody tr td:not([colspan])');
  await rows.first().waitFor();
  const requests = track(page);
  await page.reload();
  await rows.first().waitFor();
  expect(paths(requests).filter((path) => path === '/api/user')).toHaveLength(1);
  expect(errors).toEqual([]);
  await context.close();
});

test('text files and API answers arrive compressed; no source map is served', async () => {
  const { page, context } = await openPage(browser);
  const encodings = new Map<string, string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    encodings.set(
      url.pathname + (url.origin === HOST_URL ? '' : ` @${url.port}`),
      response.headers()['content-encoding'] ?? '',
    );
  });
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/families');
  await page.locator('main table:not([aria-busy]) tbody tr td:not([colspan])').first().waitFor();
  expect(encodings.get('/main.js')).toBe('br');
  expect(encodings.get('/families')).toBe('br');
  const beneficiaries = `@${remotePort('mf-beneficiaries')}`;
  expect(encodings.get(`/remoteEntry.js ${beneficiaries}`)).toBe('br');
  expect(encodings.get(`/mf-manifest.json ${beneficiaries}`)).toBe('br');
  // The list (over 1 KB) is compressed; small answers such as /api/families/researchers are not.
  expect(encodings.get('/api/families')).toMatch(/^(br|gzip)$/);

  // Without Accept-Encoding the same files come raw; source maps never come at all.
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const gzipped = await fetch(`${HOST_URL}/api/families?per_page=25`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
  });
  expect(gzipped.headers.get('content-encoding')).toBe('gzip');
  expect(((await gzipped.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  for (const url of [
    `${HOST_URL}/main.js.map`,
    `http://127.0.0.1:${remotePort('mf-beneficiaries')}/remoteEntry.js.map`,
  ]) {
    expect({ url, status: (await fetch(url)).status }).toEqual({ url, status: 404 });
  }
  await context.close();
});
