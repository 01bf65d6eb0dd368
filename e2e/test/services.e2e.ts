/**
 * The services section end to end, with two employees the admin creates through the
 * API for this run:
 * - one holding only `show_axise`: the sidebar shows the axes link
 * (docs/shell.md#screens-and-routes: axes appear only
 *   without `show_services`), the axes page works, and /services redirects to /unauthorized;
 * - a services officer (`show_services`, `show_families`): creates a service type, requests a
 *   service for an approved family from the family page's services panel, approves, starts and
 *   delivers it, sees it counted on the family page, follows the count into the filtered list,
 *   and exports the list as XLSX.
 *
 * The officer's tests run in order on the type and service the first ones create (each in a
 * fresh browser context); a later test fails at once, saying so, when an earlier one did not.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { todayIso, type PermissionKey } from 'shared-contracts';
import { ADMIN } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { API_URL, apiToken, firstApprovedFamily, type DemoFamily } from '../src/beneficiaries/api';
import {
  STEP_TIMEOUT,
  describedValue,
  mainHeading,
  slotPanel,
  tableRows,
  tableSettled,
  toast,
} from '../src/beneficiaries/ui';
import { readFirstSheet } from '../src/beneficiaries/xlsx';
import { sidebarPaths } from '../src/site';

// Digits, not Latin letters: the names show on shared pages (the family file) that other tests
// check for stray codes.
const STAMP = String(Date.now() % 1_000_000);
const PASSWORD = 'Services@2025';
const AXES_ONLY = {
  name: 'منسق المحاور',
  email: `axes-${STAMP}@ataa.local`,
  permissions: ['show_axise'] as PermissionKey[],
};
const OFFICER = {
  name: 'مسؤولة الخدمات',
  email: `services-${STAMP}@ataa.local`,
  permissions: ['show_services', 'show_families'] as PermissionKey[],
};
const TYPE_NAME = `جلسة علاج طبيعي ${STAMP}`;
const PANEL_TITLE = 'الخدمات المقدمة للأسرة';

let browser: Browser;
/** An approved demo family (a service may be requested only for one). */
let family: DemoFamily;

async function apiPost(token: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${API_URL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
}

beforeAll(async () => {
  browser = await launchChromium();
  const admin = await apiToken(ADMIN.email, ADMIN.password);
  for (const account of [AXES_ONLY, OFFICER]) {
    await apiPost(admin, '/employees', { ...account, password: PASSWORD, active: true });
  }
  family = await firstApprovedFamily(admin);
});
afterAll(async () => {
  await browser.close();
});

async function openAs(account: { email: string }) {
  const tracked = await openPage(browser);
  await login(tracked.page, account.email, PASSWORD);
  return tracked;
}

/** The confirming dialog of a status action, confirmed with its own verb. */
async function changeStatus(page: Page, action: string, status: string): Promise<void> {
  await page
    .getByRole('group', { name: 'إجراءات حالة الخدمة' })
    .getByRole('button', { name: action })
    .click();
  await page
    .getByRole('dialog', { name: `${action}؟` })
    .getByRole('button', { name: action })
    .click();
  await toast(page, 'تم تغيير حالة الخدمة').waitFor({ timeout: STEP_TIMEOUT });
  await mainHeading(page).filter({ hasText: status }).waitFor({ timeout: STEP_TIMEOUT });
}

test('an employee holding only show_axise sees the axes link, uses the axes page, and not /services', async () => {
  const { page, context, errors } = await openAs(AXES_ONLY);
  try {
    const links = await sidebarPaths(page);
    expect(links).toContain('/services/service-axises');
    expect(links).not.toContain('/services');
    expect(links).not.toContain('/services/service-departments');

    await page
      .getByRole('navigation', { name: 'القائمة الرئيسية' })
      .getByRole('link', { name: 'المحاور' })
      .click();
    await page.waitForURL((url) => url.pathname === '/services/service-axises');
    await mainHeading(page).filter({ hasText: 'المحاور' }).waitFor({ timeout: STEP_TIMEOUT });
    const table = page.getByRole('table', { name: 'قائمة المحاور' });
    await tableSettled(table);
    expect((await tableRows(table)).length).toBeGreaterThan(0);

    // The key lets them change axes: add one.
    const axisName = `محور تجريبي ${STAMP}`;
    await page.getByRole('button', { name: 'إضافة محور' }).click();
    const dialog = page.getByRole('dialog', { name: 'إضافة محور' });
    await dialog.locator('[name="name"]').fill(axisName);
    await dialog.locator('[name="description"]').fill('محور أضافه اختبار الواجهة');
    await dialog.getByRole('button', { name: 'إضافة المحور' }).click();
    await toast(page, 'تمت إضافة المحور بنجاح').waitFor({ timeout: STEP_TIMEOUT });
    await page.getByRole('searchbox', { name: 'بحث' }).fill(axisName);
    await table
      .getByRole('cell', { name: axisName, exact: true })
      .waitFor({ timeout: STEP_TIMEOUT });

    await page.goto('/services');
    await page.waitForURL((url) => url.pathname === '/unauthorized');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90000);

/** What the officer's flow created, for the tests after it. */
let created: { serviceId: number } | null = null;
function theService(): { serviceId: number } {
  if (!created)
    throw new Error('The request test did not create the service: nothing to continue with.');
  return created;
}

test('the officer creates a service type, then requests it for a family from the family page', async () => {
  const { page, context, errors } = await openAs(OFFICER);
  try {
    await page.goto('/services/service-types');
    await tableSettled(page.getByRole('table', { name: 'قائمة أنواع الخدمات' }));
    await page.getByRole('button', { name: 'إضافة نوع خدمة' }).click();
    const dialog = page.getByRole('dialog', { name: 'إضافة نوع خدمة' });
    await dialog.locator('[name="name"]').fill(TYPE_NAME);
    await dialog
      .locator('select[name="department_id"] option:nth-child(2)')
      .waitFor({ state: 'attached' });
    await dialog.locator('select[name="department_id"]').selectOption({ index: 1 });
    await dialog.locator('select[name="axis_id"]').selectOption({ index: 1 });
    await dialog.locator('[name="default_cost"]').fill('120.5');
    await dialog.locator('[name="unit"]').fill('جلسة');
    await dialog.getByLabel('خدمة طبية').check();
    await dialog.getByRole('button', { name: 'إضافة نوع الخدمة' }).click();
    await toast(page, 'تمت إضافة نوع الخدمة بنجاح').waitFor({ timeout: STEP_TIMEOUT });

    // The family page's panel offers to request a service for this family.
    await page.goto(`/families/show/${family.id}`);
    const panel = slotPanel(page, PANEL_TITLE);
    await panel.waitFor({ timeout: STEP_TIMEOUT });
    await panel.getByRole('link', { name: 'طلب خدمة لهذه الأسرة' }).click();
    await page.waitForURL((url) => url.pathname === '/services/create');

    // The family is chosen already; the cost follows the type's default cost × quantity.
    const form = page.getByRole('form', { name: 'طلب خدمة' });
    await form.getByText(family.file_number).waitFor({ timeout: STEP_TIMEOUT });
    const typeSelect = form.locator('select[name="service_type_id"]');
    await typeSelect.locator('option', { hasText: TYPE_NAME }).waitFor({ state: 'attached' });
    await typeSelect.selectOption({ label: TYPE_NAME });
    await form.locator('[name="quantity"]').fill('2');
    await form.locator('[name="quantity"]').blur();
    expect(await form.locator('[name="cost"]').inputValue()).toBe('241');
    await form.locator('[name="details"]').fill('جلستان أسبوعياً لرب الأسرة');
    await form.getByRole('button', { name: 'تسجيل الطلب' }).click();

    await page.waitForURL((url) => /^\/services\/show\/\d+$/.test(url.pathname), {
      timeout: STEP_TIMEOUT,
    });
    await toast(page, 'سُجّل طلب الخدمة').waitFor({ timeout: STEP_TIMEOUT });
    await mainHeading(page).filter({ hasText: TYPE_NAME }).waitFor({ timeout: STEP_TIMEOUT });
    const details = page.getByRole('region', { name: 'بيانات الخدمة', exact: true });
    expect(await describedValue(details, 'رقم الملف')).toBe(family.file_number);
    expect(await describedValue(details, 'الكمية')).toBe('2 (جلسة)');
    created = { serviceId: Number(new URL(page.url()).pathname.split('/').pop()) };
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90000);

test('the officer approves, starts and delivers the service; the history keeps each step', async () => {
  const { serviceId } = theService();
  const { page, context, errors } = await openAs(OFFICER);
  try {
    await page.goto(`/services/show/${serviceId}`);
    await mainHeading(page).filter({ hasText: 'مطلوبة' }).waitFor({ timeout: STEP_TIMEOUT });
    await changeStatus(page, 'اعتماد الخدمة', 'معتمدة');
    await changeStatus(page, 'بدء التنفيذ', 'قيد التنفيذ');
    await changeStatus(page, 'تسجيل التنفيذ', 'منفذة');
    // Delivered is closed: the one move left is cancelling it (with a reason) to correct it.
    const actions = page.getByRole('group', { name: 'إجراءات حالة الخدمة' });
    expect(await actions.getByRole('button').allTextContents()).toEqual(['إلغاء الخدمة']);

    const history = page.getByRole('list', { name: 'سجل حالة الخدمة' });
    await expect(history.getByRole('listitem').count()).resolves.toBe(4);
    expect(await history.getByRole('listitem').first().textContent()).toContain(
      'تغيّرت الحالة من «قيد التنفيذ» إلى «منفذة»',
    );
    const details = page.getByRole('region', { name: 'بيانات الخدمة', exact: true });
    expect(await describedValue(details, 'تاريخ التنفيذ')).not.toBe('—');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90000);

test('the family page counts the delivered service and links into the filtered list, which exports', async () => {
  const { serviceId } = theService();
  const { page, context, errors } = await openAs(OFFICER);
  try {
    await page.goto(`/families/show/${family.id}`);
    const panel = slotPanel(page, PANEL_TITLE);
    const delivered = panel.getByRole('link', { name: /عرض خدمات الأسرة: منفذة$/ });
    await delivered.waitFor({ timeout: STEP_TIMEOUT });
    await delivered.click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/services' &&
        url.searchParams.get('filter[family_id]') === String(family.id) &&
        url.searchParams.get('filter[status]') === 'delivered',
    );
    const table = page.getByRole('table', { name: 'قائمة الخدمات' });
    await tableSettled(table);
    const link = table.getByRole('link', { name: TYPE_NAME });
    await link.waitFor({ timeout: STEP_TIMEOUT });
    expect(await link.getAttribute('href')).toBe(`/services/show/${serviceId}`);
    const rows = await tableRows(table);
    expect(rows.every((cells) => cells.join(' ').includes('منفذة'))).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: STEP_TIMEOUT }),
      page.getByRole('button', { name: 'تصدير إلى إكسل' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`services-${todayIso()}.xlsx`);
    await toast(page, 'تم تصدير الملف').waitFor({ timeout: STEP_TIMEOUT });
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
    const sheet = await readFirstSheet(file);
    expect(sheet.rightToLeft).toBe(true);
    const [header, ...exported] = sheet.rows;
    expect(header?.slice(0, 3)).toEqual(['رقم الخدمة', 'نوع الخدمة', 'القطاع']);
    // The export holds what the list shows: this family's delivered services, ours among them.
    expect(exported).toHaveLength(rows.length);
    const ours = exported.find((row) => row[0] === String(serviceId));
    expect(ours?.[1]).toBe(TYPE_NAME);
    expect(ours?.[4]).toBe(family.file_number);
    expect(ours?.[7]).toBe('منفذة');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90000);
