/**
 * The beneficiaries section end to end, as the social researcher (her keys cover families,
 * organisations and seasons): register a family through every wizard step, reloading mid-way;
 * find it by a search written with other alef/ya/ta-marbuta forms; edit it; approve it; enrol it
 * in the distributing Ramadan basket and record a handover; export the families list.
 *
 * The tests run in order on the family the first one registers (each in a fresh browser context);
 * a later test fails at once, saying so, when the registration did not happen.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { STORAGE_KEYS, todayIso } from 'shared-contracts';
import { BENEFICIARY_FIXTURES } from 'api-server/src/demo-fixtures';
import { ADMIN, demoAccount } from '../src/accounts';
import { launchChromium, login, openPage, type TrackedPage } from '../src/browser';
import { apiGet, apiToken, type ActivityEntry } from '../src/beneficiaries/api';
import {
  localMobile,
  matchesArabicSearch,
  newFamily,
  toArabicIndic,
} from '../src/beneficiaries/data';
import {
  STEP_TIMEOUT,
  describedValue,
  eventually,
  expectWizardStep,
  mainHeading,
  tableRows,
  tableSettled,
  toast,
  typeDate,
} from '../src/beneficiaries/ui';
import { readFirstSheet } from '../src/beneficiaries/xlsx';

const researcher = demoAccount('researcher');
const family = newFamily();
const RAMADAN = BENEFICIARY_FIXTURES.ramadanSeason.name;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

/** What the registration test created, for the tests after it. */
let registered: { id: number; fileNumber: string } | null = null;

function theFamily(): { id: number; fileNumber: string } {
  if (!registered)
    throw new Error('The registration test did not register the family: nothing to continue with.');
  return registered;
}

/** A fresh context logged in as the researcher; the browser's own leave prompt (reload) is accepted. */
async function openAsResearcher(): Promise<TrackedPage & { dialogs: string[] }> {
  const tracked = await openPage(browser);
  const dialogs: string[] = [];
  tracked.page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss());
  });
  await login(tracked.page, researcher.email, researcher.password);
  return { ...tracked, dialogs };
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const clickNext = (page: Page) => page.getByRole('button', { name: 'التالي', exact: true }).click();
const wizardDraft = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.familyWizard);

test('a family is registered through the six wizard steps, surviving a reload on step 3', async () => {
  const { page, context, errors, dialogs } = await openAsResearcher();
  await page.goto('/families/create');
  await expectWizardStep(page, 1, 'رب الأسرة');
  expect(await mainHeading(page).textContent()).toContain('تسجيل أسرة');
  expect(await page.getByText('استُعيدت مسودة محفوظة').count()).toBe(0);

  // Step 1: the head. The ID is typed with Arabic-Indic digits and lands as ASCII.
  await field(page, 'head.full_name').fill(family.head.name);
  const nationalId = field(page, 'head.national_id');
  await nationalId.pressSequentially(toArabicIndic(family.head.nationalId));
  expect(await nationalId.inputValue()).toBe(family.head.nationalId);
  await field(page, 'head.gender').selectOption('male');
  await typeDate(page, 'head.birth_date', family.head.birthDate);
  await field(page, 'head.marital_status').selectOption('married');
  await field(page, 'head.phone').fill(toArabicIndic(localMobile(family.head.phone)));
  expect(await field(page, 'head.phone').inputValue()).toBe(localMobile(family.head.phone));
  await clickNext(page);

  // Step 2: contact, the mobile in its +966 form.
  await expectWizardStep(page, 2, 'التواصل والعنوان');
  await field(page, 'primary_phone').fill(family.primaryPhone);
  await field(page, 'city').selectOption(family.city.code);
  await field(page, 'district').selectOption(family.district.code);
  await field(page, 'address').fill(family.address);
  await clickNext(page);

  // Step 3: housing and income, then a reload before moving on.
  await expectWizardStep(page, 3, 'السكن والدخل');
  await field(page, 'housing_type').selectOption('apartment');
  await field(page, 'housing_ownership').selectOption('rented');
  await field(page, 'monthly_rent').fill(family.rent);
  await page.getByRole('button', { name: 'إضافة مصدر دخل' }).click();
  await field(page, 'income_sources.0.source').selectOption(family.income.code);
  await field(page, 'income_sources.0.amount').fill(toArabicIndic(family.income.amount));

  const stored = JSON.parse((await wizardDraft(page)) ?? 'null') as {
    step: number;
    familyName: string;
  } | null;
  expect(stored).toMatchObject({ step: 3, familyName: family.familyName });

  await page.reload();
  await expectWizardStep(page, 3, 'السكن والدخل');
  const restored = page
    .getByRole('status')
    .filter({ hasText: 'استُعيدت مسودة محفوظة على هذا الجهاز' });
  await restored.waitFor({ timeout: STEP_TIMEOUT });
  expect(await restored.textContent()).toContain(`لأسرة «${family.familyName}»`);
  expect(await field(page, 'housing_type').inputValue()).toBe('apartment');
  expect(await field(page, 'housing_ownership').inputValue()).toBe('rented');
  expect(await field(page, 'monthly_rent').inputValue()).toBe(family.rent);
  expect(await field(page, 'income_sources.0.source').inputValue()).toBe(family.income.code);
  expect(await field(page, 'income_sources.0.amount').inputValue()).toBe(family.income.amount);

  // The earlier steps came back too.
  await page.getByRole('button', { name: 'السابق', exact: true }).click();
  await expectWizardStep(page, 2, 'التواصل والعنوان');
  expect(await field(page, 'primary_phone').inputValue()).toBe(family.primaryPhone);
  expect(await field(page, 'city').inputValue()).toBe(family.city.code);
  expect(await field(page, 'district').inputValue()).toBe(family.district.code);
  expect(await field(page, 'address').inputValue()).toBe(family.address);
  await clickNext(page);
  await expectWizardStep(page, 3, 'السكن والدخل');
  expect(await field(page, 'monthly_rent').inputValue()).toBe(family.rent);
  await clickNext(page);

  // Step 4: the spouse, through the member dialog.
  await expectWizardStep(page, 4, 'أفراد الأسرة');
  await page.getByRole('button', { name: 'إضافة فرد' }).click();
  const memberDialog = page.getByRole('dialog', { name: 'إضافة فرد للأسرة' });
  await memberDialog.waitFor();
  await memberDialog.locator('[name="full_name"]').fill(family.spouse.name);
  await memberDialog.locator('[name="relationship"]').selectOption('spouse');
  await memberDialog.locator('[name="gender"]').selectOption('female');
  await typeDate(memberDialog, 'birth_date', family.spouse.birthDate);
  await memberDialog.locator('[name="national_id"]').fill(family.spouse.nationalId);
  await memberDialog.getByRole('button', { name: 'حفظ الفرد' }).click();
  await memberDialog.waitFor({ state: 'hidden' });
  const membersTable = page.getByRole('table', { name: 'أفراد الأسرة' });
  const spouseRow = (await tableRows(membersTable)).find((row) => row[0] === family.spouse.name);
  expect(spouseRow).toEqual(
    expect.arrayContaining(['زوج / زوجة', 'أنثى', family.spouse.nationalId]),
  );
  await clickNext(page);

  // Step 5: categories, a need, consent, the researcher.
  await expectWizardStep(page, 5, 'الفئات والاحتياجات والموافقة');
  await page.locator(`input[name="categories"][value="${family.category.code}"]`).check();
  await page.getByRole('button', { name: 'إضافة احتياج' }).click();
  await field(page, 'needs.0.need_type').selectOption(family.need.code);
  await field(page, 'needs.0.priority').selectOption(family.need.priority);
  await field(page, 'needs.0.description').fill(family.need.description);
  await field(page, 'consent_data_processing').check();
  await field(page, 'assigned_researcher_id').selectOption({ label: researcher.name });
  await clickNext(page);

  // Step 6: the review shows what was entered, with nothing left to complete.
  await expectWizardStep(page, 6, 'المراجعة والإرسال');
  expect(await page.getByText('أكمل ما يلي قبل الإرسال للمراجعة').count()).toBe(0);
  const review = (title: string) => page.getByRole('region', { name: title, exact: true });
  expect(await describedValue(review('رب الأسرة'), 'الاسم')).toBe(family.head.name);
  expect(await describedValue(review('رب الأسرة'), 'رقم الهوية')).toBe(family.head.nationalId);
  expect(await describedValue(review('التواصل والعنوان'), 'المدينة')).toBe(family.city.label);
  expect(await describedValue(review('التواصل والعنوان'), 'الحي')).toBe(family.district.label);
  expect(await describedValue(review('السكن والدخل'), 'ملكية السكن')).toBe('مستأجر');
  expect(await describedValue(review('أفراد الأسرة'), 'عدد الأفراد (مع رب الأسرة)')).toBe('2');
  expect(await describedValue(review('الفئات والاحتياجات والموافقة'), 'الفئات')).toBe(
    family.category.label,
  );
  expect(await describedValue(review('الفئات والاحتياجات والموافقة'), 'الباحث الاجتماعي')).toBe(
    researcher.name,
  );

  await page.getByRole('button', { name: 'إرسال للمراجعة' }).click();
  const created = toast(page, 'سُجلت الأسرة وأُرسلت للمراجعة');
  await created.waitFor({ timeout: STEP_TIMEOUT });
  const fileNumber = /F-\d{4}-\d{5,}/.exec((await created.textContent()) ?? '')?.[0];
  expect(fileNumber).toBeDefined();
  // The optional documents step: skipped here (documents.e2e.ts attaches documents).
  await page
    .getByRole('heading', { name: 'مستندات الأسرة (اختياري)' })
    .waitFor({ timeout: STEP_TIMEOUT });
  await page.getByRole('button', { name: 'الانتقال إلى ملف الأسرة' }).click();
  await page.waitForURL(/\/families\/show\/\d+$/, { timeout: STEP_TIMEOUT });
  registered = {
    id: Number(/\/families\/show\/(\d+)$/.exec(page.url())?.[1]),
    fileNumber: fileNumber as string,
  };

  // The family's file: submitted for review, with what the wizard sent.
  await mainHeading(page)
    .filter({ hasText: `أسرة ${family.head.name}` })
    .waitFor({ timeout: STEP_TIMEOUT });
  expect(await mainHeading(page).textContent()).toContain('قيد المراجعة');
  // The page's sections (a scrollable table inside one is a region of the same name too).
  const section = (title: string) =>
    page.getByRole('region', { name: title, exact: true }).and(page.locator('section'));
  expect(await describedValue(section('رب الأسرة'), 'رقم الهوية')).toBe(family.head.nationalId);
  expect(await describedValue(section('رب الأسرة'), 'جوال رب الأسرة')).toBe(
    localMobile(family.head.phone),
  );
  expect(await describedValue(section('التواصل والعنوان'), 'الجوال الأساسي')).toBe(
    localMobile(family.primaryPhone),
  );
  expect(await describedValue(section('التواصل والعنوان'), 'العنوان')).toBe(family.address);
  expect(await section('أفراد الأسرة').textContent()).toContain(family.spouse.name);
  expect(await section('الحالة').textContent()).toContain('إنشاء: قيد المراجعة');
  // The submitted draft is gone from this device.
  expect(await wizardDraft(page)).toBeNull();

  expect(dialogs.every((type) => type === 'beforeunload')).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
}, 90000);

test('the family is found by its name written with other alef, ya and ta-marbuta forms, edited and approved', async () => {
  const { id, fileNumber } = theFamily();
  const { page, context, errors } = await openAsResearcher();
  await page.goto('/families');
  const table = page.getByRole('table', { name: 'قائمة الأسر' });
  await tableSettled(table);
  // Before the search the list holds families that do not match it.
  expect(
    (await tableRows(table)).some((row) => !matchesArabicSearch(row[1] ?? '', family.search)),
  ).toBe(true);

  const search = page
    .getByRole('search', { name: 'تصفية الأسر' })
    .getByRole('searchbox', { name: 'بحث' });
  await search.fill(family.search);
  await search.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('search') === family.search, {
    timeout: STEP_TIMEOUT,
  });
  const expectResults = () =>
    eventually(async () => {
      await tableSettled(table);
      const rows = await tableRows(table);
      expect(rows.find((row) => row[0] === fileNumber)?.[1]).toBe(family.head.name);
      for (const row of rows)
        expect({ row, matches: matchesArabicSearch(row[1] ?? '', family.search) }).toEqual({
          row,
          matches: true,
        });
    });
  await expectResults();
  // The search lives in the URL: a reload shows the same results.
  await page.reload();
  await expectResults();
  expect(await search.inputValue()).toBe(family.search);

  // Edit: a new address and an alternative mobile typed with Arabic-Indic digits.
  await table.getByRole('link', { name: family.head.name }).click();
  await page.waitForURL((url) => url.pathname === `/families/show/${id}`);
  await page.getByRole('link', { name: 'تعديل', exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/families/edit/${id}`);
  await mainHeading(page)
    .filter({ hasText: `تعديل أسرة ${family.head.name}` })
    .waitFor({ timeout: STEP_TIMEOUT });
  expect(await field(page, 'head.national_id').inputValue()).toBe(family.head.nationalId);
  expect(await field(page, 'address').inputValue()).toBe(family.address);
  await field(page, 'address').fill(family.editedAddress);
  await field(page, 'alt_phone').fill(toArabicIndic(localMobile(family.altPhone)));
  await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
  await page.waitForURL((url) => url.pathname === `/families/show/${id}`, {
    timeout: STEP_TIMEOUT,
  });
  await toast(page, 'حُفظت تعديلات الأسرة').waitFor({ timeout: STEP_TIMEOUT });
  // The page's sections (a scrollable table inside one is a region of the same name too).
  const section = (title: string) =>
    page.getByRole('region', { name: title, exact: true }).and(page.locator('section'));
  await eventually(async () => {
    expect(await describedValue(section('التواصل والعنوان'), 'العنوان')).toBe(family.editedAddress);
  });
  expect(await describedValue(section('التواصل والعنوان'), 'الجوال البديل')).toBe(
    localMobile(family.altPhone),
  );

  // Approve: the family was submitted for review by the wizard.
  const status = section('الحالة');
  expect(await mainHeading(page).textContent()).toContain('قيد المراجعة');
  await status
    .getByRole('group', { name: 'إجراءات الحالة' })
    .getByRole('button', { name: 'اعتماد', exact: true })
    .click();
  const confirm = page.getByRole('dialog', { name: `اعتماد الأسرة «${family.head.name}»؟` });
  await confirm.getByRole('button', { name: 'اعتماد', exact: true }).click();
  const changed = toast(page, 'تم تغيير حالة الأسرة');
  await changed.waitFor({ timeout: STEP_TIMEOUT });
  expect(await changed.textContent()).toContain('الحالة الآن: معتمدة');
  await confirm.waitFor({ state: 'hidden' });
  await mainHeading(page).filter({ hasText: 'معتمدة' }).waitFor({ timeout: STEP_TIMEOUT });
  const history = await status.locator('ol > li').allTextContents();
  expect(history[0]).toContain('قيد المراجعة ← معتمدة');
  expect(history[0]).toContain(researcher.name);
  expect(history[history.length - 1]).toContain('إنشاء: قيد المراجعة');
  // The family's timeline records the edit with the old and new address.
  await eventually(async () => {
    expect(await section('سجل الأسرة').textContent()).toContain(family.editedAddress);
  });

  expect(errors).toEqual([]);
  await context.close();
}, 60000);

test('the approved family is enrolled in the Ramadan basket and a handover is recorded', async () => {
  const { id, fileNumber } = theFamily();
  const { page, context, errors } = await openAsResearcher();
  await page.goto('/seasons');
  await page.getByRole('link', { name: RAMADAN, exact: true }).click();
  await page.waitForURL(/\/seasons\/show\/\d+$/);
  await mainHeading(page).filter({ hasText: RAMADAN }).waitFor({ timeout: STEP_TIMEOUT });

  // 'تسجيل أسرة': the family picked by a search in the other spelling.
  await page
    .getByRole('toolbar', { name: 'إجراءات المستفيدين' })
    .getByRole('button', { name: 'تسجيل أسرة' })
    .click();
  const enrolDialog = page.getByRole('dialog', { name: 'تسجيل أسرة في البرنامج' });
  await enrolDialog.getByRole('searchbox', { name: 'ابحث عن الأسرة' }).fill(family.search);
  await enrolDialog
    .getByRole('button', { name: `اختيار أسرة ${family.head.name} (${fileNumber})` })
    .click();
  await enrolDialog.getByText(`الأسرة المختارة: ${family.head.name}`).waitFor();
  await enrolDialog.getByRole('button', { name: 'تسجيل الأسرة' }).click();
  await toast(page, 'تم التسجيل في البرنامج').waitFor({ timeout: STEP_TIMEOUT });
  const result = page.getByRole('dialog', { name: 'نتيجة التسجيل' });
  await result.waitFor();
  expect(await describedValue(result, 'أسر سُجلت الآن')).toBe('1');
  expect(await describedValue(result, 'غير مستحقة')).toBe('0');
  await result.getByRole('button', { name: 'تم' }).click();
  await result.waitFor({ state: 'hidden' });

  // The family among the enrolled ones, with its voucher.
  const beneficiaries = page.getByRole('table', { name: 'الأسر المسجلة في البرنامج' });
  const beneficiarySearch = page.getByRole('searchbox', { name: 'بحث في المستفيدين' });
  await beneficiarySearch.fill(fileNumber);
  await beneficiarySearch.press('Enter');
  const enrolledRow = await eventually(async () => {
    await tableSettled(beneficiaries);
    const rows = await tableRows(beneficiaries);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(0, 3)).toEqual([fileNumber, family.head.name, family.head.nationalId]);
    return rows[0] as string[];
  });
  expect(enrolledRow[5]).toBe('مسجلة');
  expect(enrolledRow[6]).toBe('لم يُصرف');
  const voucher = enrolledRow[4] ?? '';
  expect(voucher).toMatch(/^RM\d{2}-[A-Z2-9]{4}-[A-Z2-9]{2}$/);

  // 'تسجيل صرف': a food basket and dates, received by the spouse, voucher checked.
  await beneficiaries.getByRole('button', { name: `تسجيل صرف لأسرة ${family.head.name}` }).click();
  const handover = page.getByRole('dialog', { name: 'تسجيل صرف', exact: true });
  await handover.waitFor();
  expect(await handover.locator('[name="distributed_at"]').inputValue()).toBe(todayIso());
  expect(await handover.locator('[name="received_by_name"]').inputValue()).toBe(family.head.name);
  await handover.locator('[name="items.0.item"]').selectOption('food_basket');
  await handover.getByRole('button', { name: 'إضافة صنف' }).click();
  await handover.locator('[name="items.1.item"]').selectOption('dates');
  await handover.locator('[name="items.1.quantity"]').fill(toArabicIndic('2'));
  await handover.locator('[name="received_by_name"]').fill(family.spouse.name);
  await handover.locator('[name="received_by_national_id"]').fill(family.spouse.nationalId);
  await handover.locator('[name="voucher_code"]').fill(voucher);
  await handover.getByRole('button', { name: 'تسجيل الصرف' }).click();
  await toast(page, 'سُجل الصرف').waitFor({ timeout: STEP_TIMEOUT });
  await handover.waitFor({ state: 'hidden' });

  await eventually(async () => {
    await tableSettled(beneficiaries);
    const row = (await tableRows(beneficiaries))[0] ?? [];
    expect(row[5]).toBe('استلمت');
    expect(row[6]).toMatch(/^1 — آخرها /);
  });
  const distributions = page.getByRole('table', { name: 'سجل الصرف', exact: true });
  await eventually(async () => {
    await tableSettled(distributions);
    const row = (await tableRows(distributions)).find(
      (cells) => cells[1] === `${family.head.name} (${fileNumber})`,
    );
    expect(row?.slice(2)).toEqual([
      'عيني',
      'سلة غذائية × 1، تمر × 2',
      family.spouse.name,
      voucher,
      researcher.name,
    ]);
  });

  // The family's file shows the programme and what reached the family.
  await page.goto(`/families/show/${id}`);
  const benefits = page.getByRole('region', {
    name: 'البرامج الموسمية وما وصل الأسرة',
    exact: true,
  });
  await benefits.waitFor({ timeout: STEP_TIMEOUT });
  expect(await benefits.getByRole('link', { name: RAMADAN }).count()).toBe(1);
  const lines = await benefits.locator('li').allTextContents();
  expect(lines.some((line) => line.includes(RAMADAN) && line.includes(voucher))).toBe(true);
  expect(lines.some((line) => line.includes(RAMADAN) && line.includes('عيني'))).toBe(true);

  expect(errors).toEqual([]);
  await context.close();
}, 60000);

test('the families list is exported as an XLSX file, and the export is logged', async () => {
  const { fileNumber } = theFamily();
  const { page, context, errors } = await openAsResearcher();
  await page.goto('/families');
  await tableSettled(page.getByRole('table', { name: 'قائمة الأسر' }));

  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: STEP_TIMEOUT }),
    page.getByRole('button', { name: 'تصدير إلى إكسل' }).click(),
  ]);
  const fileName = `families-${todayIso()}.xlsx`;
  expect(download.suggestedFilename()).toMatch(/^families-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(download.suggestedFilename()).toBe(fileName);
  const exported = toast(page, 'تم تصدير الملف');
  await exported.waitFor({ timeout: STEP_TIMEOUT });
  expect(await exported.textContent()).toContain(fileName);

  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
  const sheet = await readFirstSheet(file);
  expect(sheet.rightToLeft).toBe(true);
  const [header, ...rows] = sheet.rows;
  expect(header?.slice(0, 5)).toEqual(['رقم الملف', 'رب الأسرة', 'رقم الهوية', 'الجوال', 'الحالة']);
  const ours = rows.find((row) => row[0] === fileNumber);
  expect(ours?.slice(1, 3)).toEqual([family.head.name, family.head.nationalId]);
  expect(ours?.[4]).toBe('معتمدة');

  // Every family is in the file, and the API logged the export as the researcher's.
  const admin = await apiToken(ADMIN.email, ADMIN.password);
  const list = await apiGet<{ meta: { total: number } }>(admin, '/families', { per_page: '1' });
  expect(rows).toHaveLength(list.meta.total);
  const log = await apiGet<{ data: ActivityEntry[] }>(admin, '/activity-log', {
    'filter[action]': 'export',
    'filter[entity_type]': 'family',
    per_page: '5',
  });
  expect(log.data[0]).toMatchObject({ employee_name: researcher.name, action: 'export' });
  expect(log.data[0]?.changes?.rows?.[1]).toBe(list.meta.total);
  expect(log.data[0]?.changes?.format?.[1]).toBe('xlsx');

  expect(errors).toEqual([]);
  await context.close();
}, 60000);

test('an organisation is added, shown and edited through the one form page of create and edit', async () => {
  const { page, context, errors } = await openAsResearcher();
  const name = `جمعية الاختبار ${Date.now()}`;
  await page.goto('/orgs');
  await page.getByRole('link', { name: 'إضافة جهة' }).first().click();
  await page.waitForURL((url) => url.pathname === '/orgs/create');
  await page.getByLabel('اسم الجهة').fill(name);
  await page.getByLabel('نوع الجهة').selectOption({ label: 'جهة شريكة' });
  await page.getByRole('button', { name: 'إضافة الجهة' }).click();
  await page.waitForURL((url) => /^\/orgs\/show\/\d+$/.test(url.pathname), {
    timeout: STEP_TIMEOUT,
  });
  // The show page's chunk may still be loading when the address has changed.
  await page.locator('main h1', { hasText: name }).waitFor({ timeout: STEP_TIMEOUT });
  const id = new URL(page.url()).pathname.split('/').pop();

  await page.getByRole('link', { name: 'تعديل' }).click();
  await page.waitForURL((url) => url.pathname === `/orgs/edit/${id}`);
  // The form page's chunk may still be loading when the address has changed.
  await page
    .locator('main h1', { hasText: `تعديل الجهة: ${name}` })
    .waitFor({ timeout: STEP_TIMEOUT });
  await page.getByLabel('مسؤول التواصل').fill('سعاد الحربي');
  await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
  await page.waitForURL((url) => url.pathname === `/orgs/show/${id}`, { timeout: STEP_TIMEOUT });
  await page.getByText('سعاد الحربي').waitFor({ timeout: STEP_TIMEOUT });

  expect(errors).toEqual([]);
  await context.close();
}, 60000);
