/**
 * A family's erasure end to end (docs/personal-data.md#erasure), through the site's gateway. A
 * family of its own is registered through the API (so no demo family other tests use is erased);
 * as the super admin (who holds `anonymise_families`) its data is first exported (one ZIP), then
 * its page offers «تجهيل بيانات الأسرة»: a
 * wrong file number is refused on the field, the right one erases it, and the page then shows
 * «أسرة مجهّلة» with no edit link. The register's search (API and search box) no longer finds the
 * old name. The demo
 * researcher (without the key) is not offered the action.
 */
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { FAMILY_DATA_EXPORT_LABEL } from 'shared-contracts/resources/personal-data-contracts';
import { ADMIN, demoAccount } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { API_URL, apiGet, apiToken } from '../src/beneficiaries/api';
import { freshMobile, freshSaudiId } from '../src/beneficiaries/data';
import { STEP_TIMEOUT, mainHeading, toast } from '../src/beneficiaries/ui';

const researcher = demoAccount('researcher');
const HEAD_NAME = 'مرزوق عبدالودود الشمري';
const ACTION = 'تجهيل بيانات الأسرة';

let browser: Browser;
let admin = '';
let family: { id: number; file_number: string };

async function apiPost<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  browser = await launchChromium();
  admin = await apiToken(ADMIN.email, ADMIN.password);
  family = (
    await apiPost<{ data: { id: number; file_number: string } }>('/families', {
      head: {
        full_name: HEAD_NAME,
        national_id: freshSaudiId(),
        gender: 'male',
        birth_date: '1979-06-15',
        marital_status: 'married',
      },
      primary_phone: freshMobile(),
      city: 'riyadh',
      district: 'riyadh_malaz',
      address: 'شارع الأمير سلطان',
      housing_type: 'apartment',
      housing_ownership: 'rented',
      monthly_rent: 1500,
      income_sources: [{ source: 'social_security', amount: 1500, verified: true }],
      categories: ['low_income'],
      needs: [{ need_type: 'food', priority: 'high' }],
      consent_data_processing: true,
      members: [
        {
          full_name: 'نوف مرزوق الشمري',
          relationship: 'daughter',
          gender: 'female',
          birth_date: '2010-03-04',
          national_id: freshSaudiId(),
        },
      ],
    })
  ).data;
});

afterAll(async () => {
  await browser.close();
});

test('the researcher is not offered the erasure', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, researcher.email, researcher.password);
    await page.goto(`/families/show/${family.id}`);
    await mainHeading(page).filter({ hasText: HEAD_NAME }).waitFor({ timeout: STEP_TIMEOUT });
    expect(await page.getByRole('button', { name: ACTION }).count()).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);

test('the admin erases the family after typing its file number again', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto(`/families/show/${family.id}`);
    await mainHeading(page).filter({ hasText: HEAD_NAME }).waitFor({ timeout: STEP_TIMEOUT });

    // First what a subject-access request answers: everything kept about the family, one ZIP.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: STEP_TIMEOUT }),
      page.getByRole('button', { name: FAMILY_DATA_EXPORT_LABEL }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const archive = fs.readFileSync(await download.path());
    expect(archive.subarray(0, 2).toString('latin1')).toBe('PK');
    // The workbook and the export's own files are named in the ZIP's directory.
    expect(archive.includes(Buffer.from('.xlsx'))).toBe(true);

    await page.getByRole('button', { name: ACTION }).click();
    const dialog = page.getByRole('dialog', { name: 'تجهيل بيانات الأسرة نهائيًا؟' });
    await dialog.getByRole('textbox', { name: /سبب التجهيل/ }).fill('طلب محو من صاحب البيانات');
    const fileNumber = dialog.getByRole('textbox', { name: /اكتب رقم ملف الأسرة للتأكيد/ });
    await fileNumber.fill('F-0000-00000');
    await dialog.getByRole('button', { name: 'تجهيل البيانات' }).click();
    await dialog
      .getByText('رقم الملف المكتوب لا يطابق رقم ملف هذه الأسرة')
      .first()
      .waitFor({ timeout: STEP_TIMEOUT });

    await fileNumber.fill(family.file_number);
    await dialog.getByRole('button', { name: 'تجهيل البيانات' }).click();
    await toast(page, 'تم تجهيل بيانات الأسرة').waitFor({ timeout: STEP_TIMEOUT });
    await mainHeading(page).filter({ hasText: 'أسرة مجهّلة' }).waitFor({ timeout: STEP_TIMEOUT });
    expect(await page.getByRole('button', { name: ACTION }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'تعديل' }).count()).toBe(0);

    const found = await apiGet<{ meta: { total: number } }>(admin, '/families', {
      search: 'عبدالودود',
    });
    expect(found.meta.total).toBe(0);

    // And as staff search: the register's search box finds nothing by the old name.
    await page.goto('/families');
    const search = page
      .getByRole('search', { name: 'تصفية الأسر' })
      .getByRole('searchbox', { name: 'بحث' });
    await search.fill('عبدالودود');
    await search.press('Enter');
    await page.getByText('لا توجد أسر مطابقة').waitFor({ timeout: STEP_TIMEOUT });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);
