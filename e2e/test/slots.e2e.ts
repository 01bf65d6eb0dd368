/**
 * Cross-remote panels (docs/architecture.md#federation) in the integrated site: the family page
 * (mf-beneficiaries) declares the `families.show` slot, and mf-admin contributes "آخر نشاط على ملف
 * الأسرة" to it for super admins. The panel renders with the family's activity rows; with
 * mf-admin's server down, the family page still works and the panel is one Arabic error line, whose
 * retry link brings it back once mf-admin is up again.
 */
import type { Browser, Page } from 'playwright-core';
import { ADMIN, demoAccount } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { apiGet, apiToken } from '../src/beneficiaries/api';
import {
  STEP_TIMEOUT,
  mainHeading,
  slotPanel,
  tableRows,
  tableSettled,
} from '../src/beneficiaries/ui';
import { setRemoteUp } from '../src/site';

const PANEL_TITLE = 'آخر نشاط على ملف الأسرة';
const PANEL_FAILED = `تعذر تحميل لوحة «${PANEL_TITLE}».`;
const REMOTE_ERROR_PANEL = /تعذر تحميل قسم/;
/** A remote that is down fails after 1 + 3 tries (0.5 + 1 + 2 s of back-off) plus its timeouts. */
const DOWN_TIMEOUT = 30000;

let browser: Browser;
/** A demo family and the activity-log rows the API has about it (newest first). */
let demo: {
  id: number;
  heads: string;
  rows: { employee_name: string | null; entity_label: string | null }[];
};

beforeAll(async () => {
  browser = await launchChromium();
  const token = await apiToken(ADMIN.email, ADMIN.password);
  const families = await apiGet<{ data: { id: number; head_name: string }[] }>(token, '/families', {
    per_page: '1',
    sort: 'file_number',
    order: 'asc',
  });
  const family = families.data[0];
  if (!family) throw new Error('The demo data has no family');
  const log = await apiGet<{
    data: { employee_name: string | null; entity_label: string | null }[];
  }>(token, '/activity-log', {
    'filter[family_id]': String(family.id),
    per_page: '10',
  });
  demo = { id: family.id, heads: family.head_name, rows: log.data };
});
afterAll(async () => {
  await setRemoteUp('mf-admin', true);
  await browser.close();
});

function panel(page: Page) {
  return slotPanel(page, PANEL_TITLE);
}

function panelErrorLine(page: Page) {
  return page.getByRole('alert').filter({ hasText: PANEL_FAILED });
}

/** The family page's own content (mf-beneficiaries), whatever happens to the panel. */
async function expectFamilyPageWorks(page: Page): Promise<void> {
  await mainHeading(page).filter({ hasText: demo.heads }).waitFor({ timeout: STEP_TIMEOUT });
  await page.getByRole('heading', { name: 'أفراد الأسرة', exact: true }).waitFor();
  await page.getByRole('heading', { name: 'سجل الأسرة', exact: true }).waitFor();
  expect(await page.locator('main').textContent()).not.toMatch(REMOTE_ERROR_PANEL);
}

test('the mf-admin panel renders on the family page with the family’s activity rows', async () => {
  expect(demo.rows.length).toBeGreaterThan(0);
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto(`/families/show/${demo.id}`);
    await expectFamilyPageWorks(page);

    const region = panel(page);
    await region.waitFor({ timeout: STEP_TIMEOUT });
    await region.getByRole('heading', { name: PANEL_TITLE }).waitFor();
    const table = region.getByRole('table', { name: PANEL_TITLE });
    await tableSettled(table);
    const rows = await tableRows(table);
    // The API's last rows about this family, each with who did it.
    expect(rows).toHaveLength(demo.rows.length);
    rows.forEach((cells, index) => {
      const who = demo.rows[index]?.employee_name;
      if (who) expect(cells).toContain(who);
      // Actions and record types by their Arabic labels, never a code like `status_change`.
      // The record's own label is data staff typed or uploaded (a file number such as
      // F-1447-00001, a document's file name such as «صورة-المنزل.png»): it is left out.
      const label = demo.rows[index]?.entity_label ?? '';
      expect(cells.join(' ').replace(label, '')).not.toMatch(/[a-z_]{2,}/);
    });
    // The panel sits between the family's own sections, after the profile and before its history.
    const order = await page
      .locator('main h2')
      .evaluateAll((headings) => headings.map((heading) => heading.textContent?.trim() ?? ''));
    expect(order.indexOf(PANEL_TITLE)).toBeGreaterThan(order.indexOf('أفراد الأسرة'));
    expect(order.indexOf(PANEL_TITLE)).toBeLessThan(order.indexOf('سجل الأسرة'));

    await region.getByRole('link', { name: 'سجل النشاط الكامل' }).click();
    await page.waitForURL((url) => url.pathname === '/activity-tracking');
    await mainHeading(page).waitFor();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90000);

test('a staff member the slot table does not allow sees the family page without the panel', async () => {
  const researcher = demoAccount('researcher');
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, researcher.email, researcher.password);
    await page.goto(`/families/show/${demo.id}`);
    await expectFamilyPageWorks(page);
    expect(await panel(page).count()).toBe(0);
    expect(await panelErrorLine(page).count()).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 60000);

test('with mf-admin down the family page keeps working and the panel is one error line; retry recovers', async () => {
  const { page, context } = await openPage(browser);
  try {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto(`/families/show/${demo.id}`);
    await panel(page).waitFor({ timeout: STEP_TIMEOUT });

    await setRemoteUp('mf-admin', false);
    await page.reload();
    await expectFamilyPageWorks(page);
    const line = panelErrorLine(page);
    await line.waitFor({ timeout: DOWN_TIMEOUT });
    expect((await line.textContent())?.trim()).toContain(PANEL_FAILED);
    expect(await panel(page).count()).toBe(0);
    // Still the whole family page, and the shell around it.
    await expectFamilyPageWorks(page);
    await page.getByRole('navigation', { name: 'القائمة الرئيسية' }).waitFor();

    await setRemoteUp('mf-admin', true);
    await line.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await panel(page).getByRole('table', { name: PANEL_TITLE }).waitFor({ timeout: DOWN_TIMEOUT });
    expect(await panelErrorLine(page).count()).toBe(0);
  } finally {
    await setRemoteUp('mf-admin', true);
    await context.close();
  }
}, 120000);
