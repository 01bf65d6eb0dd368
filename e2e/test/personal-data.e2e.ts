/**
 * Personal data end to end (docs/personal-data.md), through the site's gateway. As the super
 * admin (who holds `manage_personal_data`): a demo family's page lists its consents, a photos
 * consent is recorded with a signed-form method, then withdrawn with a reason and listed as
 * withdrawn; «من اطّلع على الملف» lists the admin's own opening of the file. The demo researcher
 * (`edit_families`, without the key) sees the consents and may record one, but neither withdraw
 * nor see who looked at the file.
 */
import type { Browser } from 'playwright-core';
import { ADMIN, demoAccount } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { apiToken, firstApprovedFamily, type DemoFamily } from '../src/beneficiaries/api';
import { STEP_TIMEOUT, eventually, slotPanel, tableRows, toast } from '../src/beneficiaries/ui';

const researcher = demoAccount('researcher');
const CONSENTS = 'موافقات الأسرة';
const ACCESS_LOG = 'من اطّلع على الملف';
const REASON = 'طلبت الأسرة عدم نشر صورها';

let browser: Browser;
let family: DemoFamily;

beforeAll(async () => {
  browser = await launchChromium();
  const admin = await apiToken(ADMIN.email, ADMIN.password);
  family = await firstApprovedFamily(admin);
});
afterAll(async () => {
  await browser.close();
});

test('records and withdraws a consent, and lists who opened the file', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto(`/families/show/${family.id}`);
    const panel = slotPanel(page, CONSENTS);
    await panel.waitFor({ timeout: STEP_TIMEOUT });
    const current = panel.getByRole('table', { name: 'موافقات الأسرة السارية' });
    // The demo family's registration form: its data-processing consent, migrated into the ledger.
    await eventually(async () => {
      const rows = (await tableRows(current)).map((row) => row.join(' '));
      expect(rows.some((row) => row.includes('معالجة البيانات'))).toBe(true);
    });

    await panel.getByRole('button', { name: 'تسجيل موافقة' }).click();
    const record = page.getByRole('dialog', { name: 'تسجيل موافقة' });
    await record.getByRole('combobox', { name: /^الغرض/ }).selectOption('media');
    await record.getByRole('combobox', { name: /طريقة الموافقة/ }).selectOption('signed_form');
    await record.getByRole('button', { name: 'حفظ الموافقة' }).click();
    await toast(page, 'تم تسجيل الموافقة').waitFor({ timeout: STEP_TIMEOUT });
    await eventually(async () => {
      const rows = (await tableRows(current)).map((row) => row.join(' '));
      expect(rows.some((row) => row.includes('الصور والوسائط') && row.includes('نموذج موقّع'))).toBe(
        true,
      );
    });

    await panel.getByRole('button', { name: 'سحب الموافقة على الصور والوسائط' }).click();
    const withdraw = page.getByRole('dialog', { name: 'سحب الموافقة' });
    await withdraw.getByRole('textbox', { name: /سبب سحب الموافقة/ }).fill(REASON);
    await withdraw.getByRole('button', { name: 'سحب الموافقة' }).click();
    await toast(page, 'تم سحب الموافقة').waitFor({ timeout: STEP_TIMEOUT });
    const withdrawn = panel.getByRole('table', { name: 'موافقات الأسرة المسحوبة' });
    await eventually(async () => {
      const rows = (await tableRows(withdrawn)).map((row) => row.join(' '));
      expect(rows.some((row) => row.includes('الصور والوسائط') && row.includes(REASON))).toBe(true);
    });

    const looks = slotPanel(page, ACCESS_LOG);
    await looks.waitFor({ timeout: STEP_TIMEOUT });
    await eventually(async () => {
      const rows = (
        await tableRows(looks.getByRole('table', { name: 'من اطّلع على ملف الأسرة' }))
      ).map((row) => row.join(' '));
      expect(
        rows.some((row) => row.includes('مدير النظام') && row.includes('فتح ملف الأسرة')),
      ).toBe(true);
    });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);

test('a researcher sees the consents but neither withdraws nor sees who looked', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, researcher.email, researcher.password);
    await page.goto(`/families/show/${family.id}`);
    const panel = slotPanel(page, CONSENTS);
    await panel.waitFor({ timeout: STEP_TIMEOUT });
    await panel
      .getByRole('table', { name: 'موافقات الأسرة السارية' })
      .waitFor({ timeout: STEP_TIMEOUT });
    await panel.getByRole('button', { name: 'تسجيل موافقة' }).waitFor({ timeout: STEP_TIMEOUT });
    expect(await panel.getByRole('button', { name: /سحب الموافقة/ }).count()).toBe(0);
    expect(await slotPanel(page, ACCESS_LOG).count()).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);
