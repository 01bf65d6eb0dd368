import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { FAMILY_IMPORT_COLUMNS, type FamilyImport } from 'shared-contracts/beneficiaries';
import { ADMIN } from '../src/accounts';
import { apiGet, apiToken } from '../src/beneficiaries/api';
import { freshMobile, freshSaudiId, localMobile } from '../src/beneficiaries/data';
import { launchChromium, login, openPage } from '../src/browser';

/**
 * Bringing a register in, as staff do it: download the template, fill three families (one with a
 * mistake, one already registered), upload it, read the error, fix it in the spreadsheet and
 * upload again, decide about the duplicate, commit, and find the new families in the register.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

const STEP_TIMEOUT = 30_000;

interface ImportFamily {
  name: string;
  nationalId: string;
  phone: string;
}

/** The template with `families` in place of its example rows (the example member goes too). */
async function fillTemplate(template: string, families: readonly ImportFamily[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  const header = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const columnOf = (path: string) => {
    const label = FAMILY_IMPORT_COLUMNS.find((column) => column.path === path)?.label;
    const index = header.indexOf(label ?? path);
    if (index < 1) throw new Error(`the template has no column for ${path}`);
    return index;
  };
  // The example row's values for every column, then this family's own.
  const example = sheet.getRow(2).values as unknown[];
  families.forEach((family, offset) => {
    const row = sheet.getRow(2 + offset);
    example.forEach((value, index) => {
      if (index > 0) row.getCell(index).value = value as ExcelJS.CellValue;
    });
    row.getCell(columnOf('head.full_name')).value = family.name;
    row.getCell(columnOf('head.national_id')).value = family.nationalId;
    row.getCell(columnOf('primary_phone')).value = family.phone;
    row.commit();
  });
  const members = workbook.worksheets[1];
  if (members && members.rowCount > 1) members.spliceRows(2, members.rowCount - 1);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Uploads a file through the list page's dialog and opens the review once validation ended;
 * answers the import's id. Files are named in Arabic without an extension: a file is read by its
 * content, and its name shows in the activity log the route walk reads for Latin words.
 */
async function upload(page: Page, name: string, file: Buffer): Promise<number> {
  await page.goto('/families/import');
  await page.getByRole('button', { name: 'استيراد ملف' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'استيراد أسر من ملف' });
  await dialog.getByLabel('ملف جدول البيانات').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await dialog.getByRole('button', { name: 'رفع الملف' }).click();
  const review = dialog.getByRole('link', { name: 'مراجعة الصفوف' });
  await review.waitFor({ timeout: STEP_TIMEOUT });
  await review.click();
  await page.waitForURL((url) => /^\/families\/import\/\d+$/.test(url.pathname));
  await page.getByRole('heading', { name: 'مراجعة ملف الاستيراد' }).waitFor();
  return Number(new URL(page.url()).pathname.split('/').at(-1));
}

/** The import as the API reports it, once `done` when asked to wait for it. */
async function importOf(token: string, id: number, until?: FamilyImport['status']) {
  for (let tries = 0; ; tries += 1) {
    const found = (await apiGet<{ data: FamilyImport }>(token, `/imports/${id}`)).data;
    if (!until || found.status === until) return found;
    if (found.status === 'failed' || tries > 120) throw new Error(`import ${id}: ${found.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test('a spreadsheet of three families: an error fixed, a duplicate decided, the rest created', async () => {
  const token = await apiToken(ADMIN.email, ADMIN.password);
  // A family of the demo register, which the third row repeats (its head's national ID).
  const registered = (
    await apiGet<{ data: { head_name: string; head_national_id: string | null }[] }>(
      token,
      '/families',
      { per_page: '25' },
    )
  ).data.find((family) => family.head_national_id !== null);
  if (!registered?.head_national_id) throw new Error('the demo register has no family with an ID');

  const first: ImportFamily = {
    name: 'سلمان بن فهد القحطاني',
    nationalId: freshSaudiId(),
    phone: localMobile(freshMobile()),
  };
  const rightId = freshSaudiId();
  // The same ID with another last digit: its check digit no longer holds.
  const wrongId = `${rightId.slice(0, 9)}${(Number(rightId[9]) + 1) % 10}`;
  const second: ImportFamily = {
    name: 'خالد بن ناصر العتيبي',
    nationalId: wrongId,
    phone: localMobile(freshMobile()),
  };
  const repeated: ImportFamily = {
    name: registered.head_name,
    nationalId: registered.head_national_id,
    phone: localMobile(freshMobile()),
  };

  const { page, context, errors } = await openPage(browser);
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/families/import');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: STEP_TIMEOUT }),
    page.getByRole('button', { name: 'تنزيل نموذج الاستيراد' }).first().click(),
  ]);
  const template = await download.path();
  expect(fs.readFileSync(template).subarray(0, 2).toString('latin1')).toBe('PK');

  // The first upload: the mistaken ID is an error on its row, in Arabic.
  const withError = await upload(
    page,
    'الأسر',
    await fillTemplate(template, [first, second, repeated]),
  );
  expect((await importOf(token, withError)).counts).toMatchObject({
    valid: 1,
    invalid: 1,
    duplicate: 1,
  });
  await page.getByRole('tab', { name: /^أخطاء/ }).click();
  const errorsPanel = page.getByRole('tabpanel');
  await errorsPanel.getByText(second.name).waitFor({ timeout: STEP_TIMEOUT });
  expect(await errorsPanel.textContent()).toMatch(/رقم الهوية/);

  // Fixed in the spreadsheet and uploaded again: two rows ready, one duplicate.
  second.nationalId = rightId;
  const fixed = await upload(
    page,
    'الأسر بعد التصحيح',
    await fillTemplate(template, [first, second, repeated]),
  );
  expect((await importOf(token, fixed)).counts).toMatchObject({
    valid: 2,
    invalid: 0,
    duplicate: 1,
  });
  await page.getByRole('tab', { name: /^تكرارات محتملة/ }).click();
  const duplicate = page.getByRole('article').filter({ hasText: registered.head_name });
  await duplicate.getByText('تكرار مؤكد').waitFor({ timeout: STEP_TIMEOUT });
  // A certain duplicate (the same ID) can be skipped or merged into its family, not created again.
  expect(await duplicate.getByRole('button', { name: 'إنشاء أسرة جديدة' }).count()).toBe(0);
  await duplicate.getByRole('button', { name: 'تخطي الصف' }).click();
  // Skipped at once: the row leaves the duplicates for «المتخطاة».
  await duplicate.waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
  expect((await importOf(token, fixed)).counts).toMatchObject({ duplicate: 0, skipped: 1 });

  await page.getByRole('button', { name: 'اعتماد الملف وإنشاء الأسر' }).click();
  await page.getByRole('button', { name: 'اعتماد وإنشاء الأسر' }).click();
  expect((await importOf(token, fixed, 'done')).counts).toMatchObject({
    created: 2,
    skipped: 1,
  });
  const createdTab = page.getByRole('tab', { name: /^الأسر المنشأة/ });
  await createdTab.waitFor({ timeout: STEP_TIMEOUT });
  await createdTab.click();

  // The new families are in the register, found by their heads' names.
  const link = page.getByRole('tabpanel').getByRole('link').first();
  await link.waitFor({ timeout: STEP_TIMEOUT });
  await link.click();
  await page.waitForURL((url) => /^\/families\/show\/\d+$/.test(url.pathname));
  // The family's file, once loaded, names one of the two heads.
  await page
    .locator('main', { hasText: new RegExp(`${first.name}|${second.name}`) })
    .waitFor({ timeout: STEP_TIMEOUT });
  for (const family of [first, second]) {
    const found = await apiGet<{ data: { head_name: string }[] }>(token, '/families', {
      search: family.nationalId,
    });
    expect(found.data.map((row) => row.head_name)).toEqual([family.name]);
  }
  // The repeated family was skipped: still one family with that ID.
  const same = await apiGet<{ data: unknown[] }>(token, '/families', {
    search: registered.head_national_id,
  });
  expect(same.data).toHaveLength(1);

  expect(errors).toEqual([]);
  await context.close();
}, 180_000);
