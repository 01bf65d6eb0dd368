/**
 * The engagement reports end to end, as an analyst the admin creates through the API
 * holding `show_reports` with the seminars and surveys keys (for the filters' lists): the survey
 * report is filtered by a template and the seminar report by a seminar type, each archived; then
 * the admin adds a survey of that template and a seminar of that type through the API: the live
 * reports move while the archives still show what was archived.
 */
import type { Browser, Page } from 'playwright-core';
import type { PermissionKey } from 'shared-contracts';
import { ADMIN } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { API_URL, apiGet, apiToken } from '../src/beneficiaries/api';
import { STEP_TIMEOUT, eventually, mainHeading } from '../src/beneficiaries/ui';

const STAMP = String(Date.now() % 1_000_000);
const PASSWORD = 'Reports@2025';
const ANALYST = {
  name: 'محلل تقارير المشاركة',
  email: `engagement-reports-${STAMP}@ataa.local`,
  permissions: ['show_reports', 'show_seminars', 'show_surveys'] as PermissionKey[],
};

let browser: Browser;
let admin = '';

const today = new Date().toISOString().slice(0, 10);
const year = Number(today.slice(0, 4));
/** A period around today wide enough for the demo data and what the test adds. */
const PERIOD = { from: `${year - 1}-01-01`, to: `${year + 1}-12-31` };

function plusDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

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

/** The summary figure under this label, as shown. */
async function figure(page: Page, label: string): Promise<string> {
  const value = page
    .locator('dt', { hasText: label })
    .first()
    .locator('xpath=following-sibling::dd[1]');
  await value.waitFor({ timeout: STEP_TIMEOUT });
  return plain(await value.textContent());
}

/** Waits until the summary figure shows `expected`. */
async function figureIs(page: Page, label: string, expected: number): Promise<void> {
  await eventually(async () => {
    expect((await figure(page, label)).replace(/[^\d]/g, '')).toBe(String(expected));
  });
}

/**
 * Archives the live report on screen, follows the link to the archive and returns its path and
 * title once the archive shows `label` = `expected`.
 */
async function archiveAndOpen(page: Page, label: string, expected: number) {
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
  await figureIs(page, label, expected);
  return { path: new URL(page.url()).pathname, title };
}

beforeAll(async () => {
  browser = await launchChromium();
  admin = await apiToken(ADMIN.email, ADMIN.password);
  await apiPost(admin, '/employees', { ...ANALYST, password: PASSWORD, active: true });
});

afterAll(async () => {
  await browser.close();
});

test('the survey report: filter by template, archive; a new survey moves the live report, not the archive', async () => {
  const options = await apiGet<{
    data: {
      types: { id: number }[];
      templates: { id: number; title: string; version: { id: number } }[];
      seasons: { id: number }[];
      service_types: { id: number }[];
    };
  }>(admin, '/surveys/options');
  const template = options.data.templates[0];
  const type = options.data.types[0];
  const season = options.data.seasons[0];
  const serviceType = options.data.service_types[0];
  const group = season
    ? { group_kind: 'season', group_id: season.id }
    : { group_kind: 'service_type', group_id: serviceType?.id };
  if (!template || !type || group.group_id === undefined)
    throw new Error('The demo data has no published survey template, survey type or group');

  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, ANALYST.email, PASSWORD);
    await page.goto(`/reports/survey?from=${PERIOD.from}&to=${PERIOD.to}`);
    await mainHeading(page)
      .filter({ hasText: 'تقرير الاستبيانات' })
      .waitFor({ timeout: STEP_TIMEOUT });
    const select = page.getByRole('combobox', { name: 'قالب الاستبيان' });
    await select.locator(`option[value="${template.id}"]`).waitFor({ state: 'attached' });
    await select.selectOption(String(template.id));
    await page.getByRole('button', { name: 'عرض التقرير' }).click();
    await page.waitForURL((url) => url.searchParams.get('template_id') === String(template.id));
    const query = { ...PERIOD, template_id: String(template.id) };
    const live = await apiGet<{ data: { totals: { surveys: number } } }>(
      admin,
      '/reports/survey',
      query,
    );
    await figureIs(page, 'الاستبيانات', live.data.totals.surveys);
    await page.getByRole('heading', { name: 'الرضا عبر الزمن' }).waitFor();

    const archive = await archiveAndOpen(page, 'الاستبيانات', live.data.totals.surveys);

    // The admin opens one more survey of the template: the live report moves…
    await apiPost(admin, '/surveys', {
      title: `استبيان اختبار التقارير ${STAMP}`,
      survey_type_id: type.id,
      template_version_id: template.version.id,
      ...group,
      starts_on: today,
      ends_on: plusDays(30),
      status: 'open',
    });
    const moved = await apiGet<{ data: { totals: { surveys: number } } }>(
      admin,
      '/reports/survey',
      query,
    );
    expect(moved.data.totals.surveys).toBe(live.data.totals.surveys + 1);
    await page.goto(`/reports/survey?${new URLSearchParams(query).toString()}`);
    await mainHeading(page)
      .filter({ hasText: 'تقرير الاستبيانات' })
      .waitFor({ timeout: STEP_TIMEOUT });
    await figureIs(page, 'الاستبيانات', moved.data.totals.surveys);

    // …and the archive shows what was archived.
    await page.goto(archive.path);
    await mainHeading(page).filter({ hasText: archive.title }).waitFor({ timeout: STEP_TIMEOUT });
    await figureIs(page, 'الاستبيانات', live.data.totals.surveys);
    await page.goto('/reports/survey/archive');
    await page
      .getByRole('link', { name: archive.title, exact: true })
      .first()
      .waitFor({ timeout: STEP_TIMEOUT });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);

test('the seminar report: filter by type, archive; a new seminar moves the live report, not the archive', async () => {
  const types = await apiGet<{ data: { id: number; name: string; active: boolean }[] }>(
    admin,
    '/seminar-types',
    { per_page: '100' },
  );
  const type = types.data.find((item) => item.active);
  if (!type) throw new Error('The demo data has no active seminar type');

  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, ANALYST.email, PASSWORD);
    await page.goto('/reports');
    await page.getByRole('main').getByRole('link', { name: 'تقرير الندوات', exact: true }).click();
    await mainHeading(page).filter({ hasText: 'تقرير الندوات' }).waitFor({ timeout: STEP_TIMEOUT });
    await page.goto(`/reports/seminar?from=${PERIOD.from}&to=${PERIOD.to}`);
    await mainHeading(page).filter({ hasText: 'تقرير الندوات' }).waitFor({ timeout: STEP_TIMEOUT });
    const select = page.getByRole('combobox', { name: 'نوع الندوة' });
    await select.locator(`option[value="${type.id}"]`).waitFor({ state: 'attached' });
    await select.selectOption(String(type.id));
    await page.getByRole('button', { name: 'عرض التقرير' }).click();
    await page.waitForURL((url) => url.searchParams.get('seminar_type_id') === String(type.id));
    const query = { ...PERIOD, seminar_type_id: String(type.id) };
    const live = await apiGet<{ data: { totals: { seminars: number } } }>(
      admin,
      '/reports/seminar',
      query,
    );
    await figureIs(page, 'الندوات في الفترة', live.data.totals.seminars);
    await page.getByRole('table', { name: 'الجمهور حسب الفئة العمرية' }).waitFor();

    const archive = await archiveAndOpen(page, 'الندوات في الفترة', live.data.totals.seminars);

    // The admin plans one more seminar of the type next week: the live report moves…
    const day = plusDays(7);
    await apiPost(admin, '/seminars', {
      title: `ندوة اختبار التقارير ${STAMP}`,
      seminar_type_id: type.id,
      venue: 'قاعة الجمعية',
      starts_at: `${day}T10:00`,
      ends_at: `${day}T12:00`,
      capacity: 30,
    });
    const moved = await apiGet<{ data: { totals: { seminars: number } } }>(
      admin,
      '/reports/seminar',
      query,
    );
    expect(moved.data.totals.seminars).toBe(live.data.totals.seminars + 1);
    await page.goto(`/reports/seminar?${new URLSearchParams(query).toString()}`);
    await mainHeading(page).filter({ hasText: 'تقرير الندوات' }).waitFor({ timeout: STEP_TIMEOUT });
    await figureIs(page, 'الندوات في الفترة', moved.data.totals.seminars);

    // …and the archive shows what was archived.
    await page.goto(archive.path);
    await mainHeading(page).filter({ hasText: archive.title }).waitFor({ timeout: STEP_TIMEOUT });
    await figureIs(page, 'الندوات في الفترة', live.data.totals.seminars);
    await page.goto('/reports/seminar/archive');
    await page
      .getByRole('link', { name: archive.title, exact: true })
      .first()
      .waitFor({ timeout: STEP_TIMEOUT });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);
