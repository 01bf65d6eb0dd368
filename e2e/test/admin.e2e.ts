/**
 * The administration section end to end, with two browser contexts:
 * - the super admin creates a permission group with a few keys, then an employee in it;
 * - the employee logs in (second context) and sees exactly the sidebar links those keys open;
 * - the super admin takes a key out of the group: the employee's next navigation to its page is
 *   refused; then deactivates the employee: their next navigation sends them to the login page;
 * - the super admin finds all of that in the activity-tracking page and exports it.
 *
 * The tests run in order on what the first ones create; a later test fails at once, saying so,
 * when an earlier one did not.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import {
  PERMISSION_LABELS,
  ROUTES,
  decideAccess,
  type PermissionKey,
  type RouteDefinition,
} from 'shared-contracts';
import { ADMIN } from '../src/accounts';
import { launchChromium, login, openPage, type TrackedPage } from '../src/browser';
import { STEP_TIMEOUT, mainHeading, tableRows, tableSettled, toast } from '../src/beneficiaries/ui';
import { readFirstSheet } from '../src/beneficiaries/xlsx';
import { sidebarPaths } from '../src/site';

// Digits, not Latin letters, in what pages show.
const STAMP = String(Date.now() % 1_000_000);
const GROUP = `فريق الزيارات ${STAMP}`;
const KEYS: PermissionKey[] = ['show_index', 'show_families', 'show_orgs'];
const MEMBER = {
  name: `موظفة الزيارات ${STAMP}`,
  email: `visits-${STAMP}@ataa.local`,
  password: 'Visits@2026',
};

/** The sidebar links an employee holding `keys` sees: the route table's own rule. */
function sidebarFor(keys: readonly PermissionKey[]): string[] {
  return (ROUTES as readonly RouteDefinition[])
    .filter((route) => route.sidebar !== undefined)
    .filter((route) => decideAccess({ active: true, permissions: keys }, route) === 'allowed')
    .filter((route) => !(route.sidebar?.hiddenWhenHeld ?? []).some((key) => keys.includes(key)))
    .map((route) => route.path)
    .sort();
}

let browser: Browser;
let admin: TrackedPage;
let member: TrackedPage | null = null;
const done = { group: false, employee: false };

beforeAll(async () => {
  browser = await launchChromium();
  admin = await openPage(browser);
  await login(admin.page, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await member?.context.close();
  await admin.context.close();
  await browser.close();
});

function need(step: keyof typeof done): void {
  if (!done[step]) throw new Error(`The ${step} step did not complete: nothing to continue with.`);
}

async function openGroup(page: Page): Promise<void> {
  await page.goto('/employee-permissions/permissions');
  const table = page.getByRole('table', { name: 'مجموعات الصلاحيات' });
  await tableSettled(table);
  await table.getByRole('link', { name: GROUP, exact: true }).click();
  await mainHeading(page).filter({ hasText: GROUP }).waitFor({ timeout: STEP_TIMEOUT });
}

test('the super admin creates a permission group, each key shown with the pages it opens', async () => {
  const { page } = admin;
  await page.goto('/employee-permissions/permissions/create');
  await mainHeading(page)
    .filter({ hasText: 'إضافة مجموعة صلاحيات' })
    .waitFor({ timeout: STEP_TIMEOUT });
  const form = page.getByRole('form', { name: 'إضافة مجموعة صلاحيات' });
  await form.getByLabel(/^اسم المجموعة/).fill(GROUP);
  for (const key of KEYS)
    await form.getByRole('checkbox', { name: PERMISSION_LABELS[key], exact: true }).check();
  expect(await form.getByText('يفتح: الأسر، أفراد الأسر').count()).toBeGreaterThan(0);
  await form.getByRole('button', { name: 'إضافة المجموعة' }).click();
  await toast(page, 'أُضيفت مجموعة الصلاحيات').waitFor({ timeout: STEP_TIMEOUT });
  await page.waitForURL((url) => url.pathname === '/employee-permissions/permissions');
  await page
    .getByRole('table', { name: 'مجموعات الصلاحيات' })
    .getByRole('link', { name: GROUP, exact: true })
    .waitFor({ timeout: STEP_TIMEOUT });
  done.group = true;
  expect(admin.errors).toEqual([]);
}, 90000);

test('the super admin creates an employee in the group; their effective permissions name the group', async () => {
  need('group');
  const { page } = admin;
  await page.goto('/employee-permissions');
  await tableSettled(page.getByRole('table', { name: 'قائمة الموظفين' }));
  await page.getByRole('button', { name: 'إضافة موظف' }).click();
  const dialog = page.getByRole('dialog', { name: 'إضافة موظف' });
  await dialog.getByLabel(/^الاسم/).fill(MEMBER.name);
  await dialog.getByLabel(/^البريد الإلكتروني/).fill(MEMBER.email);
  await dialog.getByLabel(/^كلمة المرور/).fill(MEMBER.password);
  await dialog.getByRole('checkbox', { name: GROUP, exact: true }).check();
  const effective = dialog.getByRole('region', { name: 'الصلاحيات الفعلية ومصدرها', exact: true });
  await effective.getByText(`مجموعة: ${GROUP}`).first().waitFor({ timeout: STEP_TIMEOUT });
  expect(await effective.locator('li').count()).toBe(KEYS.length);
  await dialog.getByRole('button', { name: 'إضافة الموظف' }).click();
  await toast(page, 'تمت إضافة الموظف').waitFor({ timeout: STEP_TIMEOUT });
  done.employee = true;

  // The group page lists its new member.
  await openGroup(page);
  await page
    .getByRole('table', { name: 'أعضاء المجموعة' })
    .getByRole('cell', { name: MEMBER.name, exact: true })
    .waitFor({ timeout: STEP_TIMEOUT });
  expect(admin.errors).toEqual([]);
}, 90000);

test('the employee, in a second browser, sees exactly the sidebar links the group opens', async () => {
  need('employee');
  member = await openPage(browser);
  await login(member.page, MEMBER.email, MEMBER.password);
  expect((await sidebarPaths(member.page)).sort()).toEqual(sidebarFor(KEYS));
  await member.page.goto('/orgs');
  await mainHeading(member.page).filter({ hasText: 'الجهات' }).waitFor({ timeout: STEP_TIMEOUT });
}, 90000);

test('taking a key out of the group changes the employee’s access at their next navigation', async () => {
  need('employee');
  if (!member) throw new Error('The employee did not log in.');
  const { page } = admin;
  await openGroup(page);
  await page.getByRole('checkbox', { name: PERMISSION_LABELS.show_orgs, exact: true }).uncheck();
  await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
  await toast(page, 'حُفظت تعديلات المجموعة').waitFor({ timeout: STEP_TIMEOUT });

  await member.page.goto('/orgs');
  await member.page.waitForURL((url) => url.pathname === '/unauthorized', {
    timeout: STEP_TIMEOUT,
  });
  expect((await sidebarPaths(member.page)).sort()).toEqual(
    sidebarFor(['show_index', 'show_families']),
  );
}, 90000);

test('deactivating the employee sends them away at their next navigation', async () => {
  need('employee');
  if (!member) throw new Error('The employee did not log in.');
  const { page } = admin;
  await page.goto('/employee-permissions');
  const table = page.getByRole('table', { name: 'قائمة الموظفين' });
  await tableSettled(table);
  await page.getByRole('searchbox', { name: /بحث/ }).fill(STAMP);
  await table.getByRole('button', { name: `إيقاف ${MEMBER.name}` }).click();
  await page
    .getByRole('dialog', { name: 'إيقاف حساب الموظف' })
    .getByRole('button', { name: 'إيقاف الحساب' })
    .click();
  await table.getByText('موقوف').waitFor({ timeout: STEP_TIMEOUT });

  await member.page.goto('/families');
  await member.page.waitForURL((url) => url.pathname === '/', { timeout: STEP_TIMEOUT });
  await member.page.locator('input[name="password"]').waitFor({ timeout: STEP_TIMEOUT });
}, 90000);

test('the super admin finds those actions in activity tracking and exports them', async () => {
  need('employee');
  const { page } = admin;
  await page.goto('/activity-tracking');
  await mainHeading(page)
    .filter({ hasText: 'تتبع نشاط الموظفين' })
    .waitFor({ timeout: STEP_TIMEOUT });
  await page.getByRole('searchbox', { name: 'بحث في السجل' }).fill(STAMP);
  await page.waitForURL((url) => url.searchParams.get('search') === STAMP, {
    timeout: STEP_TIMEOUT,
  });
  const table = page.getByRole('table', { name: 'سجل نشاط الموظفين' });
  await tableSettled(table);
  await table
    .getByRole('link', { name: GROUP, exact: true })
    .first()
    .waitFor({ timeout: STEP_TIMEOUT });
  const rows = await tableRows(table);
  const text = rows.map((cells) => cells.join(' '));
  // The group's creation and its change; the employee's creation, login and deactivation.
  expect(text.filter((row) => row.includes(GROUP) && row.includes('إضافة'))).toHaveLength(1);
  expect(text.filter((row) => row.includes(GROUP) && row.includes('تعديل'))).toHaveLength(1);
  expect(text.filter((row) => row.includes(MEMBER.name) && row.includes('إضافة'))).toHaveLength(1);
  expect(
    text.filter((row) => row.includes(MEMBER.name) && row.includes('تسجيل الدخول')).length,
  ).toBeGreaterThan(0);
  expect(text.filter((row) => row.includes(MEMBER.name) && row.includes('تعديل'))).toHaveLength(1);

  // The group change, old → new, with Arabic names.
  const update = table.locator('tbody tr').filter({ hasText: GROUP }).filter({ hasText: 'تعديل' });
  await update.getByRole('button', { name: /عرض التفاصيل/ }).click();
  const dialog = page.getByRole('dialog', { name: 'تفاصيل النشاط' });
  await dialog
    .getByRole('cell', { name: 'الصلاحيات', exact: true })
    .waitFor({ timeout: STEP_TIMEOUT });
  await dialog.getByRole('button', { name: 'إغلاق' }).first().click();

  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: STEP_TIMEOUT }),
    page.getByRole('button', { name: 'تصدير إلى إكسل' }).click(),
  ]);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
  const sheet = await readFirstSheet(file);
  expect(sheet.rightToLeft).toBe(true);
  const [header, ...exported] = sheet.rows;
  expect(header?.slice(0, 4)).toEqual(['الرقم', 'الوقت', 'الموظف', 'الإجراء']);
  expect(exported).toHaveLength(rows.length);
  expect(exported.some((row) => row.includes(GROUP) && row.includes('مجموعة صلاحيات'))).toBe(true);
  expect(admin.errors).toEqual([]);
}, 90000);
