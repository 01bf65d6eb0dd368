/**
 * «مهامي» end to end, as the demo researcher: a visit planned for yesterday for them shows in
 * their tasks (overdue, linking to the family) and in the bell's count; once recorded it is gone
 * from both.
 */
import type { Browser, Page } from 'playwright-core';
import { countOf, todayIso } from 'shared-contracts';
import { ADMIN, demoAccount } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { API_URL, apiGet, apiToken } from '../src/beneficiaries/api';
import { STEP_TIMEOUT, mainHeading, tableSettled, toast } from '../src/beneficiaries/ui';

const researcher = demoAccount('researcher');
const DAY_MS = 24 * 60 * 60 * 1000;
const yesterday = new Date(Date.parse(`${todayIso()}T00:00:00.000Z`) - DAY_MS)
  .toISOString()
  .slice(0, 10);
const VISITS_GROUP = 'زيارات ميدانية مستحقة';

let browser: Browser;
let token = '';
/** An approved demo family, the second-to-last by file number (visits.e2e takes the last). */
let family: { id: number; file_number: string; head_name: string };

async function openTasks(): Promise<number> {
  const answer = await apiGet<{ data: { total: number } }>(token, '/my/tasks/count');
  return answer.data.total;
}

/** The bell's accessible name for `total` open tasks. */
const bellName = (total: number) => `المهام المفتوحة: ${countOf(total, 'task')}`;

async function openTasksPage(page: Page) {
  await page.goto('/tasks');
  await mainHeading(page).filter({ hasText: 'مهامي' }).waitFor({ timeout: STEP_TIMEOUT });
}

beforeAll(async () => {
  browser = await launchChromium();
  const admin = await apiToken(ADMIN.email, ADMIN.password);
  const approved = await apiGet<{ data: (typeof family)[] }>(admin, '/families', {
    'filter[status]': 'approved',
    per_page: '2',
    sort: 'file_number',
    order: 'desc',
  });
  const chosen = approved.data[1];
  if (!chosen) throw new Error('The demo data has fewer than two approved families');
  family = chosen;
  token = await apiToken(researcher.email, researcher.password);
  const me = await apiGet<{ data: { id: number } }>(token, '/user');
  const planned = await fetch(`${API_URL}/families/${family.id}/visits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      planned_date: yesterday,
      researcher_id: me.data.id,
      purpose: 'follow_up',
    }),
  });
  if (planned.status !== 201) throw new Error(`planning answered ${planned.status}`);
});
afterAll(async () => {
  await browser.close();
});

test('a visit planned for yesterday is in «مهامي» and the bell, and gone once recorded', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, researcher.email, researcher.password);
    const before = await openTasks();
    expect(before).toBeGreaterThan(0);

    await openTasksPage(page);
    const group = page.getByRole('region', { name: new RegExp(VISITS_GROUP) });
    const task = group.getByRole('listitem').filter({ hasText: family.file_number });
    await task.waitFor({ timeout: STEP_TIMEOUT });
    await task.getByText('متأخرة').waitFor();
    const link = task.getByRole('link', { name: 'زيارة ميدانية: متابعة' });
    expect(await link.getAttribute('href')).toBe(`/families/show/${family.id}`);
    await page.getByRole('link', { name: bellName(before) }).waitFor({ timeout: STEP_TIMEOUT });

    // The task's link opens the family, where its visits are.
    await link.click();
    await page.waitForURL(`**/families/show/${family.id}`);

    // Record it from the visits list.
    const params = new URLSearchParams({
      'filter[family_id]': String(family.id),
      'filter[overdue]': 'true',
    });
    await page.goto(`/visits?${params.toString()}`);
    const table = page.getByRole('table', { name: 'قائمة الزيارات الميدانية' });
    await tableSettled(table);
    await table.getByRole('button', { name: 'تسجيل الزيارة' }).first().click();
    const record = page.getByRole('dialog', { name: 'تسجيل الزيارة' });
    await record.locator('select[name="housing_condition"]').selectOption('good');
    await record.getByRole('button', { name: 'حفظ النتيجة' }).click();
    await toast(page, 'تم تسجيل الزيارة').waitFor({ timeout: STEP_TIMEOUT });

    // Gone from «مهامي» and from the bell's count.
    expect(await openTasks()).toBe(before - 1);
    await openTasksPage(page);
    await page.getByRole('link', { name: bellName(before - 1) }).waitFor({ timeout: STEP_TIMEOUT });
    expect(
      await page
        .getByRole('region', { name: new RegExp(VISITS_GROUP) })
        .getByRole('listitem')
        .filter({ hasText: family.file_number })
        .count(),
    ).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);
