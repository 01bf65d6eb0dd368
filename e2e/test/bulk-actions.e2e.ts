/**
 * Bulk actions end to end, as the demo researcher (`edit_families`): ticks three families of the
 * list, assigns them a researcher from the selection bar's dialog, and sees the summary; the three
 * families then have that researcher. Then, in a season, excludes two enrolled families from the
 * selection bar with a reason.
 */
import type { Browser } from 'playwright-core';
import { demoAccount } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { apiGet, apiToken } from '../src/beneficiaries/api';
import { BENEFICIARY_FIXTURES } from 'api-server/src/demo-fixtures';
import { STEP_TIMEOUT, mainHeading, tableRows, tableSettled } from '../src/beneficiaries/ui';

const researcher = demoAccount('researcher');

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

test('selects three families, assigns a researcher, sees the summary', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, researcher.email, researcher.password);
    // Families few other tests look at: the approved ones with the highest income per person.
    await page.goto('/families?filter%5Bstatus%5D=approved&sort=per_capita_income&order=desc');
    await mainHeading(page).filter({ hasText: 'الأسر' }).waitFor();
    const table = page.getByRole('table', { name: 'قائمة الأسر' });
    await tableSettled(table);

    const bar = page.getByRole('group', { name: 'الإجراءات الجماعية' });
    const boxes = table.locator('tbody').getByRole('checkbox');
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const box = boxes.nth(index);
      await box.check();
      const href = await table
        .locator('tbody tr')
        .nth(index)
        .getByRole('link')
        .first()
        .getAttribute('href');
      ids.push(Number(href?.split('/').pop()));
    }
    await bar.getByText('تم تحديد 3 أسر').waitFor({ timeout: STEP_TIMEOUT });

    await bar.getByRole('button', { name: 'إسناد باحث اجتماعي' }).click();
    const dialog = page.getByRole('dialog', { name: 'إسناد باحث اجتماعي' });
    await dialog.getByText('سيُطبَّق الإجراء على 3 أسر').waitFor({ timeout: STEP_TIMEOUT });
    const select = dialog.getByRole('combobox', { name: /الباحث الاجتماعي/ });
    await select.locator('option:nth-child(2)').waitFor({ state: 'attached' });
    await select.selectOption({ index: 1 });
    const researcherId = Number(await select.inputValue());
    await dialog.getByRole('button', { name: 'تنفيذ' }).click();

    // The summary: three updated, or the ones that already had this researcher named with the reason.
    const summary = dialog.getByText(/^(تم تحديث|تعذر تحديث)/);
    await summary.waitFor({ timeout: STEP_TIMEOUT });
    const text = (await summary.textContent()) ?? '';
    expect(text === 'تم تحديث 3 أسر' || text.includes('تعذر تحديث')).toBe(true);
    await dialog.getByRole('button', { name: 'تم' }).click();
    await bar.getByText('حدد صفوفاً من القائمة').waitFor({ timeout: STEP_TIMEOUT });

    const token = await apiToken(researcher.email, researcher.password);
    for (const id of ids) {
      const family = await apiGet<{ data: { researcher: { id: number } | null } }>(
        token,
        `/families/${id}`,
      );
      expect(family.data.researcher?.id).toBe(researcherId);
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);

test("excludes two of a season's enrolled families at once, with a reason", async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, researcher.email, researcher.password);
    // The Ramadan season is distributing: it still excludes families, and has many enrolled.
    const season = BENEFICIARY_FIXTURES.ramadanSeason.name;
    await page.goto('/seasons');
    await page.getByRole('link', { name: season, exact: true }).click();
    await page.waitForURL(/\/seasons\/show\/\d+$/);
    await mainHeading(page).filter({ hasText: season }).waitFor({ timeout: STEP_TIMEOUT });
    const seasonId = Number(page.url().split('/').pop());

    await page.getByRole('combobox', { name: 'حالة المستفيد' }).selectOption('enrolled');
    const table = page.getByRole('table', { name: 'الأسر المسجلة في البرنامج' });
    await tableSettled(table);
    // The page's last two rows: the families other tests look at come first.
    const rows = await tableRows(table);
    const picked = [rows.length - 2, rows.length - 1];
    const vouchers = picked.map((index) => rows[index]?.[4] ?? '');
    const bar = page.getByRole('group', { name: 'الإجراءات الجماعية' });
    const boxes = table.locator('tbody').getByRole('checkbox');
    for (const index of picked) await boxes.nth(index).check();
    await bar.getByText('تم تحديد أسرتين').waitFor({ timeout: STEP_TIMEOUT });

    await bar.getByRole('button', { name: 'الاستبعاد من البرنامج' }).click();
    const dialog = page.getByRole('dialog', { name: 'الاستبعاد من البرنامج' });
    await dialog.getByText('سيُطبَّق الإجراء على أسرتين').waitFor({ timeout: STEP_TIMEOUT });
    await dialog.getByRole('textbox', { name: /سبب الاستبعاد/ }).fill('انتقلت خارج المدينة');
    await dialog.getByRole('button', { name: 'استبعاد' }).click();
    await dialog.getByText('تم تحديث أسرتين').waitFor({ timeout: STEP_TIMEOUT });
    await dialog.getByRole('button', { name: 'تم' }).click();
    await bar.getByText('حدد صفوفاً من القائمة').waitFor({ timeout: STEP_TIMEOUT });

    const token = await apiToken(researcher.email, researcher.password);
    const listed = await apiGet<{ data: { voucher_code: string }[] }>(
      token,
      `/seasons/${seasonId}/beneficiaries`,
      { 'filter[status]': 'excluded', per_page: '100' },
    );
    for (const voucher of vouchers)
      expect(listed.data.some((row) => row.voucher_code === voucher)).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);
