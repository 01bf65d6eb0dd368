/**
 * Seminars end to end, as an engagement officer the admin creates through the API
 * (`show_seminars`): creates a seminar of two places, opens registration, registers three members
 * of an approved demo family (two places and one on the waiting list), cancels one registration
 * and sees the waiting person move up (marked), then marks attendance with the keyboard only and
 * reads the attendance rate. The tests run in order on the seminar the first one creates.
 */
import type { Browser, Page } from 'playwright-core';
import type { PermissionKey } from 'shared-contracts';
import { ADMIN } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { API_URL, apiGet, apiToken } from '../src/beneficiaries/api';
import { STEP_TIMEOUT, mainHeading, toast } from '../src/beneficiaries/ui';

// Digits, not Latin letters (other tests check the UI for stray codes).
const STAMP = String(Date.now() % 1_000_000);
const PASSWORD = 'Seminars@2025';
const OFFICER = {
  name: 'منسقة الندوات',
  email: `seminars-${STAMP}@ataa.local`,
  permissions: ['show_seminars'] as PermissionKey[],
};
const TITLE = `ندوة إدارة ميزانية الأسرة ${STAMP}`;

let browser: Browser;
/** Three current members of an approved demo family: the first two get places, the third waits. */
let members: { full_name: string; national_id: string | null }[] = [];
let fileNumber = '';
let seminarId: number | null = null;

beforeAll(async () => {
  browser = await launchChromium();
  const admin = await apiToken(ADMIN.email, ADMIN.password);
  const created = await fetch(`${API_URL}/employees`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...OFFICER, password: PASSWORD, active: true }),
  });
  if (!created.ok)
    throw new Error(`POST /employees answered ${created.status}: ${await created.text()}`);
  const families = await apiGet<{
    data: { id: number; file_number: string; members_count: number }[];
  }>(admin, '/families', {
    'filter[status]': 'approved',
    per_page: '50',
    sort: 'file_number',
  });
  const family = families.data.find((row) => row.members_count >= 3);
  if (!family) throw new Error('The demo data has no approved family of three members');
  fileNumber = family.file_number;
  const detail = await apiGet<{
    data: { members: { full_name: string; national_id: string | null }[] };
  }>(admin, `/families/${family.id}`);
  members = detail.data.members.slice(0, 3);
});
afterAll(async () => {
  await browser.close();
});

async function openAsOfficer() {
  const tracked = await openPage(browser);
  await login(tracked.page, OFFICER.email, PASSWORD);
  return tracked;
}

function theSeminar(): number {
  if (seminarId === null)
    throw new Error('The first test did not create the seminar: nothing to continue with.');
  return seminarId;
}

/** The registered people's table rows, each as its name cell's text. */
async function registeredNames(page: Page): Promise<string[]> {
  return page
    .getByRole('table', { name: 'المسجلون' })
    .locator('tbody tr td:nth-child(2)')
    .allTextContents();
}

test('the officer creates a seminar of two places and opens registration', async () => {
  const { page, context, errors } = await openAsOfficer();
  try {
    await page.goto('/seminar/create');
    const form = page.getByRole('form', { name: 'إضافة ندوة' });
    await form.locator('[name="title"]').fill(TITLE);
    const type = form.locator('select[name="seminar_type_id"]');
    await type.locator('option:nth-child(2)').waitFor({ state: 'attached', timeout: STEP_TIMEOUT });
    await type.selectOption({ index: 1 });
    // Already begun (attendance is taken from the start time on), still open for registration.
    // The product's date (day/month/year) and time (24-hour accepted, shown with «م») fields.
    for (const [label, time] of [
      ['وقت البداية', '17:00'],
      ['وقت النهاية', '19:00'],
    ] as const) {
      const when = form.getByRole('group', { name: label });
      await when.getByRole('textbox', { name: 'التاريخ' }).fill('10/01/2026');
      await when.getByRole('textbox', { name: 'الساعة' }).fill(time);
    }
    await form.locator('[name="capacity"]').fill('2');
    await form.locator('[name="venue"]').fill('قاعة الجمعية الرئيسية');
    await form.getByRole('button', { name: 'إضافة الندوة' }).click();
    await page.waitForURL((url) => /^\/seminar\/show\/\d+$/.test(url.pathname), {
      timeout: STEP_TIMEOUT,
    });
    await mainHeading(page).filter({ hasText: 'مخطط لها' }).waitFor({ timeout: STEP_TIMEOUT });
    seminarId = Number(new URL(page.url()).pathname.split('/').pop());

    await page
      .getByRole('group', { name: 'إجراءات حالة الندوة' })
      .getByRole('button', { name: 'فتح التسجيل' })
      .click();
    await page
      .getByRole('dialog', { name: 'فتح التسجيل؟' })
      .getByRole('button', { name: 'فتح التسجيل' })
      .click();
    await toast(page, 'تم تغيير حالة الندوة').waitFor({ timeout: STEP_TIMEOUT });
    await mainHeading(page)
      .filter({ hasText: 'مفتوحة للتسجيل' })
      .waitFor({ timeout: STEP_TIMEOUT });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90000);

test('three members for two places: the third waits; cancelling one moves the waiting list up', async () => {
  const id = theSeminar();
  const { page, context, errors } = await openAsOfficer();
  try {
    await page.goto(`/seminar/audience/${id}`);
    await mainHeading(page).filter({ hasText: TITLE }).waitFor({ timeout: STEP_TIMEOUT });
    const search = page.getByRole('searchbox', { name: /ابحث عن الفرد/ });
    await search.fill(fileNumber);
    for (const member of members) {
      await page.getByRole('button', { name: `تسجيل ${member.full_name}`, exact: true }).click();
      await page
        .getByRole('table', { name: 'المسجلون' })
        .or(page.getByRole('table', { name: 'قائمة الانتظار' }))
        .getByText(member.full_name)
        .first()
        .waitFor({ timeout: STEP_TIMEOUT });
    }
    const [first, second, third] = members.map((member) => member.full_name);
    await toast(page, 'اكتمل العدد: التسجيل في قائمة الانتظار').waitFor({ timeout: STEP_TIMEOUT });
    expect((await registeredNames(page)).map((name) => name.trim())).toEqual([first, second]);
    const waiting = page.getByRole('table', { name: 'قائمة الانتظار' });
    await waiting
      .getByRole('cell', { name: third, exact: true })
      .waitFor({ timeout: STEP_TIMEOUT });

    await page.getByRole('button', { name: `إلغاء التسجيل — ${first}` }).click();
    await page
      .getByRole('dialog', { name: `إلغاء تسجيل ${first}؟` })
      .getByRole('button', { name: 'إلغاء التسجيل' })
      .click();
    await toast(page, 'أُلغي التسجيل وتحرر المقعد').waitFor({ timeout: STEP_TIMEOUT });
    await page.getByText('لا يوجد أحد في قائمة الانتظار').waitFor({ timeout: STEP_TIMEOUT });
    const names = (await registeredNames(page)).map((name) => name.trim());
    expect(names).toEqual([second, `${third} رُقّي من الانتظار`]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90000);

test('attendance by keyboard only: a name and Enter, then a row and N; the rate shows', async () => {
  const id = theSeminar();
  const { page, context, errors } = await openAsOfficer();
  try {
    await page.goto(`/seminar/audience/${id}`);
    const second = members[1]?.full_name ?? '';
    const third = members[2]?.full_name ?? '';
    const box = page.getByRole('textbox', { name: /تسجيل الحضور السريع/ });
    await box.waitFor({ timeout: STEP_TIMEOUT });
    await box.focus();
    await page.keyboard.type(second);
    await page.keyboard.press('Enter');
    await page
      .getByRole('row', { name: `${second}، الحضور: حضر` })
      .waitFor({ timeout: STEP_TIMEOUT });
    expect(await box.inputValue()).toBe('');
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);

    // Down to the rows: the first is marked already, the next gets N (no-show).
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('n');
    await page
      .getByRole('row', { name: `${third}، الحضور: لم يحضر` })
      .waitFor({ timeout: STEP_TIMEOUT });
    await page.getByText('حضر 1 من شخصين (50٪)').waitFor({ timeout: STEP_TIMEOUT });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90000);
