/**
 * Field visits end to end, as the demo researcher (`edit_families`): plans a visit for yesterday
 * from a family's page, finds it overdue in /visits, records it done there, and sees it done —
 * no longer among the overdue ones, and done on the family page too.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { todayIso } from 'shared-contracts';
import { ADMIN, demoAccount } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { apiGet, apiToken } from '../src/beneficiaries/api';
import {
  STEP_TIMEOUT,
  mainHeading,
  slotPanel,
  tableRows,
  tableSettled,
  toast,
  typeDate,
} from '../src/beneficiaries/ui';

const researcher = demoAccount('researcher');
const PANEL_TITLE = 'الزيارات الميدانية';
const DAY_MS = 24 * 60 * 60 * 1000;
const yesterday = new Date(Date.parse(`${todayIso()}T00:00:00.000Z`) - DAY_MS)
  .toISOString()
  .slice(0, 10);

let browser: Browser;
/** An approved demo family, the last by file number (other tests take the first). */
let family: { id: number; file_number: string; head_name: string };

beforeAll(async () => {
  browser = await launchChromium();
  const admin = await apiToken(ADMIN.email, ADMIN.password);
  const approved = await apiGet<{ data: (typeof family)[] }>(admin, '/families', {
    'filter[status]': 'approved',
    per_page: '1',
    sort: 'file_number',
    order: 'desc',
  });
  const last = approved.data[0];
  if (!last) throw new Error('The demo data has no approved family');
  family = last;
});
afterAll(async () => {
  await browser.close();
});

/** The visits list filtered to the family (and to overdue visits), its table settled. */
async function visitsOf(page: Page, overdue: boolean): Promise<Locator> {
  const params = new URLSearchParams({ 'filter[family_id]': String(family.id) });
  if (overdue) params.set('filter[overdue]', 'true');
  await page.goto(`/visits?${params.toString()}`);
  await mainHeading(page).filter({ hasText: 'الزيارات الميدانية' }).waitFor();
  const table = page.getByRole('table', { name: 'قائمة الزيارات الميدانية' });
  await tableSettled(table);
  return table;
}

test('plans a visit for yesterday, sees it overdue in /visits, records it done, sees it done', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, researcher.email, researcher.password);

    // Plan it from the family page's panel.
    await page.goto(`/families/show/${family.id}`);
    const panel = slotPanel(page, PANEL_TITLE);
    await panel.waitFor({ timeout: STEP_TIMEOUT });
    await panel.getByRole('button', { name: 'خطط زيارة' }).last().click();
    const plan = page.getByRole('dialog', { name: 'تخطيط زيارة ميدانية' });
    await typeDate(plan, 'planned_date', yesterday);
    const researcherSelect = plan.locator('select[name="researcher_id"]');
    await researcherSelect.locator('option:nth-child(2)').waitFor({ state: 'attached' });
    await researcherSelect.selectOption({ index: 1 });
    await plan.locator('select[name="purpose"]').selectOption('follow_up');
    await plan.getByRole('button', { name: 'حفظ الزيارة' }).click();
    await toast(page, 'تم تخطيط الزيارة').waitFor({ timeout: STEP_TIMEOUT });

    // Overdue in /visits.
    const overdue = await visitsOf(page, true);
    const rows = (await tableRows(overdue)).map((row) => row.join(' '));
    const overdueBefore = rows.filter((row) => row.includes('متأخرة')).length;
    expect(overdueBefore).toBeGreaterThan(0);
    expect(rows[0]).toContain(family.head_name);

    // Record it done from the list.
    await overdue.getByRole('button', { name: 'تسجيل الزيارة' }).first().click();
    const record = page.getByRole('dialog', { name: 'تسجيل الزيارة' });
    expect(await record.locator('select[name="outcome"]').inputValue()).toBe('visited');
    await record.locator('select[name="housing_condition"]').selectOption('fair');
    await record.locator('textarea[name="notes"]').fill('زيارة اختبار الواجهة');
    await record.getByRole('button', { name: 'حفظ النتيجة' }).click();
    await toast(page, 'تم تسجيل الزيارة').waitFor({ timeout: STEP_TIMEOUT });

    // Done: gone from the overdue visits, shown done in the family's visits.
    const all = (await tableRows(await visitsOf(page, false))).map((row) => row.join(' '));
    expect(all.some((row) => row.includes('منجزة'))).toBe(true);
    const left = (await tableRows(await visitsOf(page, true))).map((row) => row.join(' '));
    expect(left.filter((row) => row.includes('متأخرة')).length).toBe(overdueBefore - 1);

    await page.goto(`/families/show/${family.id}`);
    await panel.waitFor({ timeout: STEP_TIMEOUT });
    await panel.getByText('منجزة').first().waitFor({ timeout: STEP_TIMEOUT });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);
