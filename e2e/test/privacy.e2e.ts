/**
 * The privacy page end to end (docs/personal-data.md#the-privacy-page), through the site's
 * gateway: the super admin reaches «حماية البيانات» from the sidebar, reads the retention period
 * (5 years), changes it in its dialog (a fraction is refused on the field) and sets it back. The
 * demo families are all recent, so none is due: the list says so. The demo researcher (without
 * `manage_personal_data`) has no sidebar link.
 */
import type { Browser } from 'playwright-core';
import { ADMIN, demoAccount } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { STEP_TIMEOUT, mainHeading, toast } from '../src/beneficiaries/ui';
import { sidebarPaths } from '../src/site';

const researcher = demoAccount('researcher');
const TITLE = 'حماية البيانات';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser.close();
});

test('the researcher has no link to the page', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, researcher.email, researcher.password);
    await page
      .getByRole('navigation', { name: 'القائمة الرئيسية' })
      .waitFor({ timeout: STEP_TIMEOUT });
    // Every group opened first: a closed group's links are not in the page.
    const paths = await sidebarPaths(page);
    expect(paths).toContain('/families');
    expect(paths).not.toContain('/privacy');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);

test('the admin reads and changes the retention period', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, ADMIN.email, ADMIN.password);
    const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
    await nav.waitFor({ timeout: STEP_TIMEOUT });
    expect(await sidebarPaths(page)).toContain('/privacy');
    await nav.getByRole('link', { name: TITLE }).click();
    await mainHeading(page).filter({ hasText: TITLE }).waitFor({ timeout: STEP_TIMEOUT });
    await page.getByText(/5 سنوات أو أكثر/).waitFor({ timeout: STEP_TIMEOUT });
    await page.getByText('لا توجد أسر مستحقة للتجهيل').waitFor({ timeout: STEP_TIMEOUT });

    const change = async (value: string) => {
      await page.getByRole('button', { name: 'تعديل مدة الاحتفاظ' }).click();
      const dialog = page.getByRole('dialog', { name: 'تعديل مدة الاحتفاظ بالبيانات' });
      await dialog.getByRole('textbox', { name: /المدة بالسنوات/ }).fill(value);
      await dialog.getByRole('button', { name: 'حفظ المدة' }).click();
      return dialog;
    };
    const refused = await change('2.5');
    await refused.getByText('أدخل عدد سنوات صحيحًا دون كسور').waitFor({ timeout: STEP_TIMEOUT });
    await refused.getByRole('textbox', { name: /المدة بالسنوات/ }).fill('6');
    await refused.getByRole('button', { name: 'حفظ المدة' }).click();
    await toast(page, 'تم حفظ مدة الاحتفاظ بالبيانات').waitFor({ timeout: STEP_TIMEOUT });
    await page.getByText(/6 سنوات أو أكثر/).waitFor({ timeout: STEP_TIMEOUT });

    // Back to the default, so the other tests see the database as seeded.
    await change('5');
    await page.getByText(/5 سنوات أو أكثر/).waitFor({ timeout: STEP_TIMEOUT });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);
