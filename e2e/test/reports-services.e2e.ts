/**
 * The two service reports end to end, as an analyst the admin creates through the API
 * (`show_reports`, with the service catalogue's keys so the type filter is offered). The admin
 * files a department, an axis and a type of their own, and two services of that type for an
 * approved demo family today: one delivered (120.25 riyals), one only requested. Both reports
 * are filtered to that type, the services report is previewed for print, and both are archived;
 * then the admin delivers the second service through the API (its type's default cost, 150.00):
 * both live reports move while both archives still show what was archived.
 */
import type { Browser, Page } from 'playwright-core';
import type { PermissionKey } from 'shared-contracts';
import { defaultReportPeriod } from 'shared-contracts/reports';
import { ADMIN } from '../src/accounts';
import { axeFor } from '../src/axe';
import { launchChromium, login, openPage } from '../src/browser';
import { API_URL, apiGet, apiToken } from '../src/beneficiaries/api';
import { STEP_TIMEOUT, eventually, mainHeading } from '../src/beneficiaries/ui';

const STAMP = String(Date.now() % 1_000_000);
/** The stamp in Arabic-Indic digits: catalogue names stay Arabic on the page. */
const STAMP_AR = STAMP.replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)] ?? digit);
const PASSWORD = 'Reports@2025';
const ANALYST = {
  name: 'محلل تقارير الخدمات',
  email: `services-reports-${STAMP}@ataa.local`,
  permissions: [
    'show_reports',
    'show_families',
    'show_services',
    'show_departments',
    'show_axise',
  ] as PermissionKey[],
};

let browser: Browser;
let admin = '';
let typeId = 0;
let pendingId = 0;
/** The pages the first test opened, audited by the second. */
const visited: string[] = [];

async function apiPost<T = unknown>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const idOf = async (path: string, body: unknown) =>
  (await apiPost<{ data: { id: number } }>(admin, path, body)).data.id;

const plain = (text: string | null) =>
  (text ?? '')
    .replace(/[\u200e\u200f\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The summary figure under exactly this label, as shown. */
async function figure(page: Page, label: string): Promise<string> {
  const value = page
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');
  await value.waitFor({ timeout: STEP_TIMEOUT });
  return plain(await value.textContent());
}

/** Waits until the figure reads `expected` (a previous answer may still be on screen); money by its digits. */
async function figureIs(page: Page, label: string, expected: string): Promise<void> {
  await eventually(async () => {
    const shown = await figure(page, label);
    if (expected.includes('.')) expect(shown).toContain(expected);
    else expect(shown).toBe(expected);
  });
}

/** Filters the open report to the test's service type, then archives it; returns the archive's path and title. */
async function filterAndArchive(
  page: Page,
  title: string,
): Promise<{ path: string; title: string }> {
  await mainHeading(page).filter({ hasText: title }).waitFor({ timeout: STEP_TIMEOUT });
  await page
    .getByRole('combobox', { name: 'نوع الخدمة' })
    .selectOption(String(typeId), { timeout: STEP_TIMEOUT });
  await page.getByRole('button', { name: 'عرض التقرير' }).click();
  await page.waitForURL((url) => url.searchParams.get('service_type_id') === String(typeId));
  return { path: new URL(page.url()).pathname + new URL(page.url()).search, title };
}

async function archive(page: Page): Promise<{ path: string; title: string }> {
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
  return { path: new URL(page.url()).pathname, title };
}

beforeAll(async () => {
  browser = await launchChromium();
  admin = await apiToken(ADMIN.email, ADMIN.password);
  await apiPost(admin, '/employees', { ...ANALYST, password: PASSWORD, active: true });
  const departmentId = await idOf('/service-departments', {
    name: `قسم تقارير الخدمات ${STAMP_AR}`,
  });
  const axisId = await idOf('/service-axes', { name: `محور تقارير الخدمات ${STAMP_AR}` });
  typeId = await idOf('/service-types', {
    name: `سلة اختبار التقارير ${STAMP_AR}`,
    department_id: departmentId,
    axis_id: axisId,
    default_cost: 150,
  });
  const approved = await apiGet<{ data: { id: number }[] }>(admin, '/families', {
    'filter[status]': 'approved',
    per_page: '1',
  });
  const familyId = approved.data[0]?.id;
  if (familyId === undefined) throw new Error('The demo data has no approved family');
  const today = defaultReportPeriod().to;
  const base = { service_type_id: typeId, family_id: familyId, request_date: today };
  const delivered = await idOf('/services', { ...base, cost: '120.25' });
  for (const status of ['approved', 'in_progress', 'delivered'])
    await apiPost(admin, `/services/${delivered}/status`, { status });
  pendingId = await idOf('/services', base);
});

afterAll(async () => {
  await browser.close();
});

test('filter both service reports, print-preview one, archive both; after a service is delivered the live reports move and the archives do not', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, ANALYST.email, PASSWORD);

    // The services report, filtered to the type: 2 requested, 1 delivered.
    await page.goto('/reports/services');
    const services = await filterAndArchive(page, 'تقرير الخدمات');
    await figureIs(page, 'الخدمات المطلوبة', '2');
    await figureIs(page, 'المنفذة', '1');

    // Print preview: window.print is stubbed; the print header names the report; media print
    // hides the shell and the buttons.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'طباعة' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const header = page.locator('[data-report-print-header]');
    await header.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
    expect(plain(await header.textContent())).toContain('تقرير الخدمات');
    expect(await page.getByRole('button', { name: 'أرشفة التقرير' }).isVisible()).toBe(false);
    expect(await page.getByRole('table', { name: 'الخدمات حسب النوع' }).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    const servicesArchive = await archive(page);
    expect(await figure(page, 'المنفذة')).toBe('1');

    // The financial-services report, filtered to the type: 120.25 spent.
    await page.goto('/reports/financial-services');
    const financial = await filterAndArchive(page, 'تقرير الخدمات المالية');
    await figureIs(page, 'المصروف عبر الخدمات', '120.25');
    const financialArchive = await archive(page);
    expect(await figure(page, 'المصروف عبر الخدمات')).toContain('120.25');

    // The admin delivers the second service (the type's default cost, 150.00)…
    for (const status of ['approved', 'in_progress', 'delivered'])
      await apiPost(admin, `/services/${pendingId}/status`, { status });

    // …the live reports move…
    await page.goto(services.path);
    await mainHeading(page).filter({ hasText: services.title }).waitFor({ timeout: STEP_TIMEOUT });
    await figureIs(page, 'المنفذة', '2');
    await page.goto(financial.path);
    await mainHeading(page).filter({ hasText: financial.title }).waitFor({ timeout: STEP_TIMEOUT });
    await figureIs(page, 'المصروف عبر الخدمات', '270.25');

    // …and the archives show what was archived.
    await page.goto(servicesArchive.path);
    await mainHeading(page)
      .filter({ hasText: servicesArchive.title })
      .waitFor({ timeout: STEP_TIMEOUT });
    expect(await figure(page, 'المنفذة')).toBe('1');
    expect(await figure(page, 'الخدمات المطلوبة')).toBe('2');
    await page.goto(financialArchive.path);
    await mainHeading(page)
      .filter({ hasText: financialArchive.title })
      .waitFor({ timeout: STEP_TIMEOUT });
    expect(await figure(page, 'المصروف عبر الخدمات')).toContain('120.25');

    visited.push(services.path, servicesArchive.path, financial.path, financialArchive.path);
    // The archive list names it.
    await page.goto('/reports/financial-services/archive');
    await page
      .getByRole('link', { name: financialArchive.title, exact: true })
      .first()
      .waitFor({ timeout: STEP_TIMEOUT });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);

test('the four report pages have no serious or critical accessibility violation', async () => {
  expect(visited).toHaveLength(4);
  const { page, context } = await openPage(browser);
  try {
    await login(page, ANALYST.email, PASSWORD);
    const findings: string[] = [];
    for (const path of [...visited, '/reports/services/archive']) {
      await page.goto(path);
      await mainHeading(page).waitFor({ timeout: STEP_TIMEOUT });
      await page.locator('main table').first().waitFor({ timeout: STEP_TIMEOUT });
      // PageFade animates opacity: contrast is only meaningful once it has finished.
      await page.waitForTimeout(400);
      const results = await axeFor(page)
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      for (const violation of results.violations)
        if (violation.impact === 'serious' || violation.impact === 'critical')
          findings.push(
            `${path}: ${violation.id} ${violation.nodes
              .map((node) => node.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
          );
    }
    expect(findings).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);
