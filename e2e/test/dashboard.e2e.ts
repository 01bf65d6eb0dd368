/**
 * The dashboard end to end: the super admin lands on /dashboard after login, sees the
 * day's figures and the families-by-status chart with its table, and follows the pending-review
 * figure into the families list, filtered as the figure counts (the list's total is the figure).
 */
import type { Browser } from 'playwright-core';
import { countOf } from 'shared-contracts';
import type { Dashboard } from 'shared-contracts/reports';
import { ADMIN } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { apiGet, apiToken } from '../src/beneficiaries/api';
import { STEP_TIMEOUT, mainHeading, tableSettled } from '../src/beneficiaries/ui';

let browser: Browser;
let figures: Dashboard;
let token = '';

beforeAll(async () => {
  browser = await launchChromium();
  token = await apiToken(ADMIN.email, ADMIN.password);
  figures = (await apiGet<{ data: Dashboard }>(token, '/dashboard')).data;
});
afterAll(async () => {
  await browser.close();
});

const plain = (text: string | null) =>
  (text ?? '')
    // The bidi marks Intl and the identifier components add around numbers.
    .replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

test('the super admin sees the figures and a chart table, and opens the filtered families list', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, ADMIN.email, ADMIN.password);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await mainHeading(page).filter({ hasText: 'لوحة التحكم' }).waitFor({ timeout: STEP_TIMEOUT });
    const main = page.locator('main');

    // Every section: the super admin holds every key.
    for (const title of ['الأسر', 'الخدمات', 'الندوات القادمة', 'الاستبيانات المفتوحة']) {
      await main
        .getByRole('heading', { name: title, exact: true })
        .waitFor({ timeout: STEP_TIMEOUT });
    }
    await main.getByRole('link', { name: /^إيرادات الشهر/ }).waitFor({ timeout: STEP_TIMEOUT });

    const families = figures.families;
    if (!families) throw new Error('The super admin should see the families section');
    const pendingCount =
      families.by_status.find((row) => row.status === 'pending_review')?.count ?? 0;

    // The chart's table alternative shows the same count as the API.
    const table = main.getByRole('table', { name: 'الأسر حسب الحالة' });
    await table.waitFor({ timeout: STEP_TIMEOUT });
    const pendingRow = table.getByRole('row', { name: /قيد المراجعة/ });
    expect(plain(await pendingRow.textContent())).toContain(String(pendingCount));
    await main.getByRole('table', { name: 'التسجيلات الجديدة حسب الشهر' }).waitFor();

    const pending = main.getByRole('link', { name: /^قيد المراجعة/ });
    expect(plain(await pending.textContent())).toBe(
      `قيد المراجعة ${countOf(pendingCount, 'family')}`,
    );
    await pending.click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/families' && url.searchParams.get('filter[status]') === 'pending_review',
    );
    await mainHeading(page).filter({ hasText: 'الأسر' }).waitFor({ timeout: STEP_TIMEOUT });
    await tableSettled(page.getByRole('table', { name: 'قائمة الأسر' }));

    // The list behind the figure has exactly as many rows as the figure says.
    const list = await apiGet<{ meta: { total: number } }>(token, '/families', {
      'filter[status]': 'pending_review',
    });
    expect(list.meta.total).toBe(pendingCount);
    const overdue = await apiGet<{ meta: { total: number } }>(token, '/families', {
      'filter[reassessment_overdue]': 'true',
    });
    expect(overdue.meta.total).toBe(families.reassessment_overdue);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90000);
