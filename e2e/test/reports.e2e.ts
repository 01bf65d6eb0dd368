/**
 * The reports end to end, as an employee the admin creates through the API holding
 * `show_reports` (and `show_families`, to follow a family's name): /reports lists the six
 * reports; the family-needs report is filtered to the city and district of an approved demo
 * family, previewed for print (media print: only the report, under its header), and archived;
 * then the admin raises every band of the calorie table through the API: the live report moves
 * while the archive still shows what was archived. The calorie table is put back afterwards (as
 * one more version with the seed values).
 */
import type { Browser, Page } from 'playwright-core';
import type { PermissionKey } from 'shared-contracts';
import { SEED_CALORIE_SETTINGS } from 'shared-contracts/admin';
import { ADMIN } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { API_URL, apiGet, apiToken } from '../src/beneficiaries/api';
import { STEP_TIMEOUT, eventually, mainHeading } from '../src/beneficiaries/ui';

const STAMP = String(Date.now() % 1_000_000);
const PASSWORD = 'Reports@2025';
const ANALYST = {
  name: 'محللة التقارير',
  email: `reports-${STAMP}@ataa.local`,
  permissions: ['show_reports', 'show_families'] as PermissionKey[],
};

let browser: Browser;
let admin = '';
let family: { id: number; city: string; district: string };

async function apiPost(token: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${API_URL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
}

const plain = (text: string | null) =>
  (text ?? '')
    .replace(/[\u200e\u200f\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The summary figure under this label («الاحتياج اليومي (سعرة)»), as shown. */
async function figure(page: Page, label: string): Promise<string> {
  const value = page
    .locator('dt', { hasText: label })
    .first()
    .locator('xpath=following-sibling::dd[1]');
  await value.waitFor({ timeout: STEP_TIMEOUT });
  return plain(await value.textContent());
}

beforeAll(async () => {
  browser = await launchChromium();
  admin = await apiToken(ADMIN.email, ADMIN.password);
  await apiPost(admin, '/employees', { ...ANALYST, password: PASSWORD, active: true });
  const approved = await apiGet<{
    data: {
      id: number;
      city: { code: string } | string | null;
      district: { code: string } | string | null;
    }[];
  }>(admin, '/families', { 'filter[status]': 'approved', per_page: '50', sort: 'file_number' });
  const code = (value: { code: string } | string | null) =>
    typeof value === 'string' ? value : (value?.code ?? '');
  const first = approved.data.find((item) => code(item.city) !== '' && code(item.district) !== '');
  if (!first) throw new Error('The demo data has no approved family with a city and a district');
  family = { id: first.id, city: code(first.city), district: code(first.district) };
});

afterAll(async () => {
  await apiPost(admin, '/calorie-settings', {
    ...SEED_CALORIE_SETTINGS,
    note: 'إعادة الجدول الأولي بعد اختبار التقارير',
  }).catch(() => undefined);
  await browser.close();
});

test('open /reports, filter the family-needs report, print-preview it, archive it; the archive stays as it was after the calorie table changes', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, ANALYST.email, PASSWORD);
    await page.goto('/reports');
    await mainHeading(page)
      .filter({ hasText: 'التقارير العامة' })
      .waitFor({ timeout: STEP_TIMEOUT });
    for (const title of ['تقرير احتياجات الأسر', 'تقرير الخدمات المالية', 'التقرير الطبي'])
      await page.getByRole('main').getByRole('link', { name: title, exact: true }).waitFor();
    await page
      .getByRole('main')
      .getByRole('link', { name: 'تقرير احتياجات الأسر', exact: true })
      .click();
    await mainHeading(page)
      .filter({ hasText: 'تقرير احتياجات الأسر' })
      .waitFor({ timeout: STEP_TIMEOUT });

    // Filter to the family's city and district: the address carries them.
    await page.getByRole('combobox', { name: 'المدينة' }).selectOption(family.city);
    await page.getByRole('combobox', { name: 'الحي' }).selectOption(family.district);
    await page.getByRole('button', { name: 'عرض التقرير' }).click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('district') === family.district &&
        url.searchParams.get('city') === family.city,
    );
    const families = page.getByRole('table', { name: 'احتياج كل أسرة' });
    await families.locator('tbody tr').first().waitFor({ timeout: STEP_TIMEOUT });
    const url = new URL(page.url());
    const query = Object.fromEntries(url.searchParams.entries());
    const live = await apiGet<{ data: { totals: { daily_kcal: number; families: number } } }>(
      admin,
      '/reports/family-needs',
      query,
    );
    expect(live.data.totals.families).toBeGreaterThan(0);
    // The previous answer stays on screen while the filtered one loads: wait for the new figure.
    const dailyBefore = await eventually(async () => {
      const shown = await figure(page, 'الاحتياج اليومي (سعرة)');
      expect(shown.replace(/[^\d]/g, '')).toBe(String(live.data.totals.daily_kcal));
      return shown;
    });

    // Print preview: only the report, under its header; the shell and the buttons are gone.
    await page.emulateMedia({ media: 'print' });
    const header = page.locator('[data-report-print-header]');
    await header.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
    const headerText = plain(await header.textContent());
    expect(headerText).toContain('جمعية عطاء الخيرية');
    expect(headerText).toContain('تقرير احتياجات الأسر');
    expect(headerText).toContain(ANALYST.name);
    expect(await page.getByRole('navigation', { name: 'القائمة الرئيسية' }).isVisible()).toBe(
      false,
    );
    expect(await page.getByRole('button', { name: 'أرشفة التقرير' }).isVisible()).toBe(false);
    expect(await families.isVisible()).toBe(true);
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await page.emulateMedia({ media: 'screen' });

    // Archive it, and follow the link to the new archive.
    await page.getByRole('button', { name: 'أرشفة التقرير' }).click();
    // An archived copy never changes: archiving is confirmed in a dialog.
    await page.getByRole('dialog').getByRole('button', { name: 'أرشفة التقرير' }).click();
    const link = page.getByRole('status').getByRole('link');
    await link.waitFor({ timeout: STEP_TIMEOUT });
    const title = plain(await link.textContent());
    await link.click();
    await mainHeading(page).filter({ hasText: title }).waitFor({ timeout: STEP_TIMEOUT });
    await page
      .getByRole('note', { name: 'نسخة مؤرشفة' })
      .getByText(/^نسخة مؤرشفة بتاريخ/)
      .waitFor();
    const archivePath = new URL(page.url()).pathname;
    expect(await figure(page, 'الاحتياج اليومي (سعرة)')).toBe(dailyBefore);

    // The admin raises every band by 100 kcal: the live report moves…
    await apiPost(admin, '/calorie-settings', {
      ...SEED_CALORIE_SETTINGS,
      note: 'زيادة مئة سعرة لاختبار الأرشيف',
      bands: SEED_CALORIE_SETTINGS.bands.map((band) => ({ ...band, kcal: band.kcal + 100 })),
    });
    await page.goto(`/reports/family-needs?${url.searchParams.toString()}`);
    await mainHeading(page)
      .filter({ hasText: 'تقرير احتياجات الأسر' })
      .waitFor({ timeout: STEP_TIMEOUT });
    const moved = await apiGet<{ data: { totals: { daily_kcal: number; members: number } } }>(
      admin,
      '/reports/family-needs',
      query,
    );
    expect(moved.data.totals.daily_kcal).toBeGreaterThan(live.data.totals.daily_kcal);
    await page
      .locator('dd', { hasText: moved.data.totals.daily_kcal.toLocaleString('en-US') })
      .first()
      .waitFor({ timeout: STEP_TIMEOUT });

    // …and the archive shows what was archived.
    await page.goto(archivePath);
    await mainHeading(page).filter({ hasText: title }).waitFor({ timeout: STEP_TIMEOUT });
    expect(await figure(page, 'الاحتياج اليومي (سعرة)')).toBe(dailyBefore);

    // The archive list names it.
    await page.goto('/reports/family-needs/archive');
    await page
      .getByRole('link', { name: title, exact: true })
      .first()
      .waitFor({ timeout: STEP_TIMEOUT });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);
