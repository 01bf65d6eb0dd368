/**
 * The finance section end to end, with an accountant the admin creates through the
 * API for this run (`show_financial`, `show_families`):
 * - records an income and an expense linked to an approved demo family, from the family page's
 *   finance panel (the form opens with the family linked);
 * - sees both on the family page's panel, with their totals;
 * - opens this month's report, whose figures equal the API's totals of the same records
 *   (to the halala), then previews it for print (media print: only the report, with its header);
 * - exports the family's records and the report as XLSX.
 *
 * The tests run in order on what the first one records (each in a fresh browser context); a
 * later test fails at once, saying so, when the first did not record them.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { todayIso, type PermissionKey } from 'shared-contracts';
import { ADMIN } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import {
  API_URL,
  apiGet,
  apiToken,
  firstApprovedFamily,
  type DemoFamily,
} from '../src/beneficiaries/api';
import {
  STEP_TIMEOUT,
  mainHeading,
  slotPanel,
  tableRows,
  tableSettled,
  toast,
} from '../src/beneficiaries/ui';
import { readFirstSheet } from '../src/beneficiaries/xlsx';

// Digits, not Latin letters: the names show on shared pages (the family file).
const STAMP = String(Date.now() % 1_000_000);
const PASSWORD = 'Finance@2025';
const ACCOUNTANT = {
  name: 'محاسب الجمعية',
  email: `finance-${STAMP}@ataa.local`,
  permissions: ['show_financial', 'show_families'] as PermissionKey[],
};
const PANEL_TITLE = 'المبالغ المرتبطة بالأسرة';
const INCOME = { amount: '1250.50', shown: '1,250.50', category: 'صدقة', receipt: `${STAMP}1` };
const EXPENSE = {
  amount: '300.25',
  shown: '300.25',
  category: 'مساعدات نقدية',
  receipt: `${STAMP}2`,
};

let browser: Browser;
let admin: string;
/** An approved demo family (zakat and aid go to approved families). */
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
  admin = await apiToken(ADMIN.email, ADMIN.password);
  await apiPost(admin, '/employees', { ...ACCOUNTANT, password: PASSWORD, active: true });
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

/** This month, as the report's period picker and the list's date filter take it. */
function thisMonth(): { from: string; to: string } {
  const today = todayIso();
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/** What the text of an amount cell reads, without the bidi marks Intl puts in. */
const plain = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '').replace(/\s+/g, ' ');

/** Records one record from the family page's panel; returns its id. */
async function recordFromPanel(
  page: Page,
  direction: 'income' | 'expense',
  entry: typeof INCOME,
): Promise<number> {
  await page.goto(`/families/show/${family.id}`);
  const panel = slotPanel(page, PANEL_TITLE);
  await panel.waitFor({ timeout: STEP_TIMEOUT });
  await panel.getByRole('link', { name: 'تسجيل قيد للأسرة' }).click();
  await page.waitForURL((url) => url.pathname === '/financial/create');
  const form = page.getByRole('form', { name: 'تسجيل قيد مالي' });
  // The family is linked already.
  await form
    .getByRole('group', { name: 'الأسرة' })
    .getByText(family.file_number)
    .waitFor({ timeout: STEP_TIMEOUT });
  await form.locator('select[name="direction"]').selectOption(direction);
  const category = form.locator('select[name="category_id"]');
  await category
    .locator('option', { hasText: entry.category })
    .first()
    .waitFor({ state: 'attached' });
  await category.selectOption({ label: entry.category });
  await form.locator('[name="amount"]').fill(entry.amount);
  await form.locator('[name="receipt_number"]').fill(entry.receipt);
  await form.getByRole('button', { name: 'تسجيل القيد' }).click();
  // A completed entry cannot be edited afterwards: the form asks first.
  await page
    .getByRole('dialog', { name: 'تسجيل القيد مكتملاً؟' })
    .getByRole('button', { name: 'تسجيل القيد مكتملاً' })
    .click();
  await page.waitForURL((url) => /^\/financial\/show\/\d+$/.test(url.pathname), {
    timeout: STEP_TIMEOUT,
  });
  await toast(page, 'تم تسجيل القيد المالي بنجاح').waitFor({ timeout: STEP_TIMEOUT });
  await mainHeading(page).filter({ hasText: entry.category }).waitFor({ timeout: STEP_TIMEOUT });
  return Number(new URL(page.url()).pathname.split('/').pop());
}

let recorded: { income: number; expense: number } | null = null;
function theRecords(): { income: number; expense: number } {
  if (!recorded) throw new Error('The first test did not record the income and expense.');
  return recorded;
}

test('the accountant records an income and an expense linked to a family, from its page', async () => {
  const { page, context, errors } = await openAs(ACCOUNTANT);
  try {
    const income = await recordFromPanel(page, 'income', INCOME);
    const expense = await recordFromPanel(page, 'expense', EXPENSE);
    recorded = { income, expense };
    // The record's page links back to the family and offers the reversal, not an edit.
    await page
      .getByRole('region', { name: 'الارتباط', exact: true })
      .getByRole('link', { name: family.head_name })
      .waitFor({ timeout: STEP_TIMEOUT });
    await page.getByRole('button', { name: 'قيد عكسي' }).waitFor({ timeout: STEP_TIMEOUT });
    expect(await page.getByRole('link', { name: 'تعديل' }).count()).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);

test('the family page panel shows both records and their totals, and links into the filtered list', async () => {
  const { income, expense } = theRecords();
  const { page, context, errors } = await openAs(ACCOUNTANT);
  try {
    await page.goto(`/families/show/${family.id}`);
    const panel = slotPanel(page, PANEL_TITLE);
    const table = panel.getByRole('table', { name: 'آخر القيود المالية المرتبطة بالأسرة' });
    await tableSettled(table);
    for (const id of [income, expense])
      await table
        .getByRole('link', { name: `#${id}`, exact: true })
        .waitFor({ timeout: STEP_TIMEOUT });
    const rows = (await tableRows(table)).map((cells) => plain(cells.join(' | ')));
    expect(rows.some((row) => row.includes(`#${income}`) && row.includes(INCOME.shown))).toBe(true);
    expect(rows.some((row) => row.includes(`#${expense}`) && row.includes(EXPENSE.shown))).toBe(
      true,
    );

    // The panel's totals are the API's totals of the family's records.
    const api = await apiGet<{ totals: { income: string; expense: string } }>(
      admin,
      '/financial-records',
      {
        'filter[family_id]': String(family.id),
        per_page: '1',
      },
    );
    const totals = panel.getByRole('region', { name: `إجماليات ${PANEL_TITLE}`, exact: true });
    const figures = plain((await totals.textContent()) ?? '');
    const grouped = (amount: string) =>
      Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(figures).toContain(grouped(api.totals.income));
    expect(figures).toContain(grouped(api.totals.expense));

    await panel.getByRole('link', { name: 'كل القيود المرتبطة بالأسرة' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/financial' &&
        url.searchParams.get('filter[family_id]') === String(family.id),
    );
    await tableSettled(page.getByRole('table', { name: 'السجلات المالية' }));
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90000);

test('this month’s report counts both records, matches the API to the halala, and previews for print', async () => {
  theRecords();
  const { from, to } = thisMonth();
  const { page, context, errors } = await openAs(ACCOUNTANT);
  try {
    await page.goto(`/financial/report?from=${from}&to=${to}`);
    await mainHeading(page)
      .filter({ hasText: 'التقرير المالي' })
      .waitFor({ timeout: STEP_TIMEOUT });
    const months = page.getByRole('table', { name: 'الإيرادات والمصروفات حسب الشهر' });
    await months.waitFor({ timeout: STEP_TIMEOUT });
    const [monthRow] = (await tableRows(months)).map((cells) => cells.map(plain));

    // The same period's records, summed by the API's list: the report must agree exactly.
    const list = await apiGet<{ totals: { income: string; expense: string } }>(
      admin,
      '/financial-records',
      { 'filter[from]': from, 'filter[to]': to, per_page: '1' },
    );
    const grouped = (amount: string) =>
      Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(monthRow?.[1]).toContain(grouped(list.totals.income));
    expect(monthRow?.[2]).toContain(grouped(list.totals.expense));
    const categories = page.getByRole('table', { name: 'الإيرادات حسب التصنيف' });
    await categories.getByRole('rowheader', { name: INCOME.category, exact: true }).waitFor();
    await page
      .getByRole('table', { name: 'المصروفات حسب التصنيف' })
      .getByRole('rowheader', { name: EXPENSE.category, exact: true })
      .waitFor();
    // The bar and line charts are drawn (canvas with a summary), beside their tables.
    await page
      .getByRole('img', { name: /الإيرادات والمصروفات حسب الشهر: رسم بياني بالأعمدة/ })
      .waitFor();
    await page.getByRole('img', { name: /الرصيد حسب الشهر: رسم بياني خطي/ }).waitFor();

    // Print preview: only the report, under its header; the shell's navigation is gone.
    await page.emulateMedia({ media: 'print' });
    const header = page.locator('[data-report-print-header]');
    await header.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
    const headerText = plain((await header.textContent()) ?? '');
    expect(headerText).toContain('جمعية عطاء الخيرية');
    expect(headerText).toContain('التقرير المالي');
    expect(headerText).toContain(ACCOUNTANT.name);
    expect(headerText).toContain('الفترة');
    expect(await page.getByRole('navigation', { name: 'القائمة الرئيسية' }).isVisible()).toBe(
      false,
    );
    expect(await page.getByRole('button', { name: 'طباعة' }).isVisible()).toBe(false);
    expect(await months.isVisible()).toBe(true);
    // A4 PDF as the browser prints it: it renders, on more than nothing.
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await page.emulateMedia({ media: 'screen' });
    expect(await header.isVisible()).toBe(false);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90000);

test('the family’s records and the report export as XLSX', async () => {
  const { income, expense } = theRecords();
  const { from, to } = thisMonth();
  const { page, context, errors } = await openAs(ACCOUNTANT);
  try {
    await page.goto(`/financial?filter%5Bfamily_id%5D=${family.id}`);
    await tableSettled(page.getByRole('table', { name: 'السجلات المالية' }));
    const [records] = await Promise.all([
      page.waitForEvent('download', { timeout: STEP_TIMEOUT }),
      page.getByRole('button', { name: 'تصدير إلى إكسل' }).click(),
    ]);
    expect(records.suggestedFilename()).toBe(`financial-records-${todayIso()}.xlsx`);
    await toast(page, 'تم تصدير الملف').waitFor({ timeout: STEP_TIMEOUT });
    const recordsFile = await records.path();
    expect(fs.readFileSync(recordsFile).subarray(0, 2).toString('latin1')).toBe('PK');
    const sheet = await readFirstSheet(recordsFile);
    expect(sheet.rightToLeft).toBe(true);
    const [header, ...rows] = sheet.rows;
    expect(header?.slice(0, 3)).toEqual(['رقم القيد', 'التاريخ', 'النوع']);
    const ids = rows.map((row) => row[0]);
    expect(ids).toEqual(expect.arrayContaining([String(income), String(expense)]));
    expect(rows.every((row) => row[11] === family.file_number)).toBe(true);

    await page.goto(`/financial/report?from=${from}&to=${to}`);
    await page
      .getByRole('table', { name: 'الإيرادات والمصروفات حسب الشهر' })
      .waitFor({ timeout: STEP_TIMEOUT });
    const [report] = await Promise.all([
      page.waitForEvent('download', { timeout: STEP_TIMEOUT }),
      page.getByRole('button', { name: 'تصدير إلى إكسل' }).click(),
    ]);
    expect(report.suggestedFilename()).toBe(`financial-report-${todayIso()}.xlsx`);
    const reportFile = await report.path();
    const reportSheet = await readFirstSheet(reportFile);
    expect(reportSheet.rows[0]?.slice(0, 2)).toEqual(['القسم', 'البند']);
    const sections = new Set(reportSheet.rows.slice(1).map((row) => row[0]));
    expect([...sections]).toEqual(
      expect.arrayContaining(['الإجماليات', 'حسب الشهر', 'حسب التصنيف']),
    );
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90000);
