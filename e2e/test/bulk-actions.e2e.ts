/**
 * Bulk actions end to end, as the demo researcher (`edit_families`): ticks three families of the
 * list, assigns them a researcher from the selection bar's dialog, and sees the summary; the three
 * families then have that researcher.
 */
import type { Browser } from 'playwright-core';
import { demoAccount } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { apiGet, apiToken } from '../src/beneficiaries/api';
import { STEP_TIMEOUT, mainHeading, tableSettled } from '../src/beneficiaries/ui';

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
