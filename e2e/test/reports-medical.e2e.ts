/**
 * The medical report end to end, as the admin (a super admin: every medical field):
 * an approved family is registered through the API in one district, the report is filtered to
 * that district and shows the family's ill member in the list of individuals, and is archived;
 * then the family's head is recorded bedridden through the API (PUT /families/:id): the live
 * report counts one more member with a condition while the archive still shows what was
 * archived.
 */
import type { Browser, Page } from 'playwright-core';
import { ADMIN } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { API_URL, apiGet, apiToken } from '../src/beneficiaries/api';
import { freshMobile, freshSaudiId } from '../src/beneficiaries/data';
import { STEP_TIMEOUT, eventually, mainHeading } from '../src/beneficiaries/ui';

const CITY = 'jeddah';
const DISTRICT = 'jeddah_balad';
const ILL_MEMBER = 'هند صالح عمر البلوي';

let browser: Browser;
let admin = '';

interface FamilyDetail {
  id: number;
  members: { id: number; full_name: string; relationship: string; national_id: string | null }[];
}

async function apiSend<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
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

const head = {
  full_name: 'صالح عمر سعيد البلوي',
  national_id: freshSaudiId(),
  gender: 'male',
  birth_date: '1975-03-10',
  marital_status: 'married',
  health_status: 'healthy',
};
const spouse = {
  full_name: ILL_MEMBER,
  relationship: 'spouse',
  gender: 'female',
  birth_date: '1982-07-15',
  national_id: freshSaudiId(),
  health_status: 'chronic_illness',
  disabilities: ['visual'],
};
const familyBody = {
  head,
  primary_phone: freshMobile(),
  city: CITY,
  district: DISTRICT,
  address: 'شارع الملك عبدالعزيز',
  housing_type: 'apartment',
  housing_ownership: 'rented',
  monthly_rent: 1500,
  income_sources: [{ source: 'social_security', amount: 1800, verified: true }],
  categories: ['chronic_illness'],
  needs: [{ need_type: 'medical', priority: 'high' }],
  consent_data_processing: true,
  members: [spouse],
};

let family: FamilyDetail;

beforeAll(async () => {
  browser = await launchChromium();
  admin = await apiToken(ADMIN.email, ADMIN.password);
  const created = await apiSend<{ data: FamilyDetail }>('POST', '/families', familyBody);
  family = (
    await apiSend<{ data: FamilyDetail }>('POST', `/families/${created.data.id}/status`, {
      status: 'approved',
    })
  ).data;
});

afterAll(async () => {
  await browser.close();
});

test('open the medical report, filter it, archive it; the archive stays as it was after a member’s health status changes', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/reports');
    await page.getByRole('main').getByRole('link', { name: 'التقرير الطبي', exact: true }).click();
    await mainHeading(page).filter({ hasText: 'التقرير الطبي' }).waitFor({ timeout: STEP_TIMEOUT });

    await page.getByRole('combobox', { name: 'المدينة' }).selectOption(CITY);
    await page.getByRole('combobox', { name: 'الحي' }).selectOption(DISTRICT);
    await page.getByRole('button', { name: 'عرض التقرير' }).click();
    await page.waitForURL((url) => url.searchParams.get('district') === DISTRICT);
    const query = Object.fromEntries(new URL(page.url()).searchParams.entries());
    const live = await apiGet<{ data: { summary: { members_with_condition: number } } }>(
      admin,
      '/reports/medical',
      query,
    );
    const before = live.data.summary.members_with_condition;
    expect(before).toBeGreaterThan(0);
    // The previous answer stays on screen while the filtered one loads: wait for the new figure.
    await eventually(async () => {
      expect((await figure(page, 'أفراد بحالة صحية')).replace(/[^\d]/g, '')).toBe(String(before));
    });
    // The admin sees the individuals: the family's ill member is listed.
    const individuals = page.getByRole('table', { name: 'الأفراد ذوو الحالات الصحية والإعاقات' });
    await individuals
      .getByRole('row', { name: new RegExp(ILL_MEMBER) })
      .waitFor({ timeout: STEP_TIMEOUT });

    // Archive it and follow the link to the archive.
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
    const archived = await figure(page, 'أفراد بحالة صحية');
    expect(archived.replace(/[^\d]/g, '')).toBe(String(before));

    // The head is now recorded bedridden: the live report moves…
    const headRow = family.members.find((member) => member.relationship === 'head');
    const spouseRow = family.members.find((member) => member.full_name === ILL_MEMBER);
    await apiSend('PUT', `/families/${family.id}`, {
      ...familyBody,
      head: { ...head, id: headRow?.id, health_status: 'bedridden' },
      members: [{ ...spouse, id: spouseRow?.id }],
    });
    const moved = await apiGet<{ data: { summary: { members_with_condition: number } } }>(
      admin,
      '/reports/medical',
      query,
    );
    expect(moved.data.summary.members_with_condition).toBe(before + 1);
    await page.goto(`/reports/medical?${new URLSearchParams(query).toString()}`);
    await mainHeading(page).filter({ hasText: 'التقرير الطبي' }).waitFor({ timeout: STEP_TIMEOUT });
    await eventually(async () => {
      expect((await figure(page, 'أفراد بحالة صحية')).replace(/[^\d]/g, '')).toBe(
        String(before + 1),
      );
    });

    // …and the archive shows what was archived.
    await page.goto(archivePath);
    await mainHeading(page).filter({ hasText: title }).waitFor({ timeout: STEP_TIMEOUT });
    expect(await figure(page, 'أفراد بحالة صحية')).toBe(archived);

    await page.goto('/reports/medical/archive');
    await page
      .getByRole('link', { name: title, exact: true })
      .first()
      .waitFor({ timeout: STEP_TIMEOUT });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120000);
