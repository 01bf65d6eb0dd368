import type { Browser } from 'playwright-core';
import { REPORT_KINDS, ROUTES } from 'shared-contracts';
import { ADMIN } from '../src/accounts';
import { API_URL, apiToken } from '../src/beneficiaries/api';
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

/**
 * The Latin-letter words a page shows outside identifiers ("no English word visible
 * anywhere"): text inside `[data-identifier]`, left-to-right isolates (`dir="ltr"`: codes, English
 * names typed by staff), form controls, emails and URLs is exempt.
 */
function latinWordsOnPage(): string[] {
  const exempt =
    '[data-identifier], [dir="ltr"], input, textarea, select, script, style, noscript, [hidden], [aria-hidden="true"]';
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(exempt)) continue;
    const style = getComputedStyle(parent);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const text = (node.textContent ?? '')
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
      .replace(/https?:\/\/\S+|www\.\S+/g, ' ');
    for (const word of text.match(/[A-Za-z]{2,}/g) ?? []) found.push(word);
  }
  return found;
}

test('a super admin reaches every route of the table without a console error or an English word', async () => {
  const { page, context, errors } = await openPage(browser);
  await login(page, ADMIN.email, ADMIN.password);
  const main = page.locator('main');
  // The demo data has no archived report: archive one of each kind, so every archive page shows a
  // real record.
  const token = await apiToken(ADMIN.email, ADMIN.password);
  const archiveIds = new Map<string, number>();
  for (const kind of REPORT_KINDS) {
    const archived = await fetch(`${API_URL}/reports/${kind}/archives`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: '2026-01-01', to: '2026-01-31' }),
    });
    expect({ kind, status: archived.status }).toEqual({ kind, status: 201 });
    archiveIds.set(kind, ((await archived.json()) as { data: { id: number } }).data.id);
  }
  // Nor an import: upload a one-family file, so the import's review page shows a real one.
  const form = new FormData();
  form.append('kind', 'families');
  form.append(
    'file',
    new Blob(['head.full_name,head.national_id\nسعيد بن علي الحربي,1012345674\n'], {
      type: 'text/csv',
    }),
    // An Arabic name without an extension (a file is read by its content): the name shows in
    // the activity log this walk reads for Latin words.
    'أسر-للتجربة',
  );
  const uploaded = await fetch(`${API_URL}/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(202);
  const importId = ((await uploaded.json()) as { data: { id: number } }).data.id;
  for (const route of ROUTES) {
    // `reports.<kind>.archive-show` opens that kind's archive, `families.import.show` the import
    // just uploaded; every other `:id` is record 1.
    const kind = route.pageId.endsWith('.archive-show') ? route.pageId.split('.')[1] : undefined;
    const id = String(
      route.pageId === 'families.import.show' ? importId : ((kind && archiveIds.get(kind)) ?? 1),
    );
    const path = route.path.replace(/:id/g, id);
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === path);
    // The page's own heading is rendered (a remote page or a host page), not an error panel.
    await main.locator('h1, h2').first().waitFor({ timeout: 20000 });
    expect({ path, text: await main.textContent() }).not.toEqual({
      path,
      text: expect.stringMatching(ERROR_PANEL),
    });
    expect(await pageTitle(page).textContent()).not.toBe('صفحة غير معروفة');
    // Let lists and panels fill in before reading the words on the page.
    await page.waitForLoadState('networkidle');
    expect({ path, latin: await page.evaluate(latinWordsOnPage) }).toEqual({ path, latin: [] });
  }
  expect(errors).toEqual([]);
  await context.close();
}, 420000);

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
    await page
      .getByRole('navigation', { name: 'القائمة الرئيسية' })
      .getByRole('link', { name: 'نظرة عامة' })
      .click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.locator('main h1:visible, main h2:visible').first().waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(ERROR_PANEL);

    await page.goto('/financial');
    await page.getByRole('alert').filter({ hasText: ERROR_PANEL }).waitFor({ timeout: 30000 });
    await setRemoteUp('mf-finance', true);
    await page.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await page.locator('main h1, main h2').first().waitFor({ timeout: 30000 });
    await page.waitForFunction(
      () => !/تعذر تحميل قسم/.test(document.querySelector('main')?.textContent ?? ''),
    );
  } finally {
    await setRemoteUp('mf-finance', true);
    await context.close();
  }
}, 120000);

test('at 1366 px no row of the families list is cut', async () => {
  const { page, context, errors } = await openPage(browser, {
    viewport: { width: 1366, height: 800 },
  });
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/families');
  const table = page.locator('main table').first();
  await table.locator('tbody tr').first().waitFor({ timeout: 20000 });
  const overflow = await table.evaluate((element) => {
    // The box the table is shown in: its nearest ancestor that clips or scrolls.
    let box: HTMLElement | null = element.parentElement;
    while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
    const limit = (box ?? document.documentElement).getBoundingClientRect();
    const cut: string[] = [];
    for (const cell of Array.from(element.querySelectorAll<HTMLElement>('thead th, tbody td'))) {
      const rect = cell.getBoundingClientRect();
      if (rect.width === 0) continue;
      if (rect.left < limit.left - 1 || rect.right > limit.right + 1)
        cut.push(cell.textContent ?? '');
    }
    return { cut, scrolls: box ? box.scrollWidth > box.clientWidth + 1 : false };
  });
  expect(overflow).toEqual({ cut: [], scrolls: false });
  expect(errors).toEqual([]);
  await context.close();
}, 60000);

test('while a section’s code is on its way, its list page’s header is already drawn, opaque, in the interface’s font', async () => {
  const { page, context, errors } = await openPage(browser);
  await login(page, ADMIN.email, ADMIN.password);
  // Hold every remote's entry back, as a slow line would: what shows is the shell's alone.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/remoteEntry.js', async (route) => {
    await held;
    await route.continue();
  });
  const header = ROUTES.find((route) => route.pageId === 'families.list')?.header;
  expect(header).toBeDefined();
  await page.goto('/families');
  const main = page.locator('main');
  await main.getByRole('heading', { level: 1, name: 'الأسر' }).waitFor();
  await main.getByText(header!.description).waitFor();
  expect(await main.getByRole('status').textContent()).toMatch(/جارٍ تحميل قسم/);
  const drawn = await main.getByText(header!.description).evaluate((element) => {
    // The first page of a visit does not fade in: nothing above the line is transparent.
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement)
      opacity *= Number(getComputedStyle(node).opacity);
    return { opacity, font: getComputedStyle(element).fontFamily };
  });
  expect(drawn.opacity).toBe(1);
  expect(drawn.font).toMatch(/Cairo/);
  // index.html preloaded the Arabic font file with the app, so the line is already in it.
  expect(await page.evaluate(() => document.fonts.check('16px "Cairo Variable"', 'الأسر'))).toBe(
    true,
  );
  release();
  await main.locator('table tbody tr').first().waitFor({ timeout: 30000 });
  // The page's own header took the place of the shell's: one heading, the same words.
  await expect(main.getByRole('heading', { level: 1 }).allTextContents()).resolves.toEqual([
    'الأسر',
  ]);
  expect(errors).toEqual([]);
  await context.close();
});
