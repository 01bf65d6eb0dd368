/**
 * Surveys end to end, with an engagement officer the admin creates through the API
 * (`show_surveys`, `show_survey_templates`): builds a template with the question builder and
 * publishes it, runs a survey on it for a demo season's beneficiaries, fills a response, edits
 * the published template (version 2, the first response stays on version 1), moves the survey to
 * version 2, fills a second response, and finds both versions' answers in the survey's summary.
 */
import type { Browser, Page } from 'playwright-core';
import { todayIso, type PermissionKey } from 'shared-contracts';
import { ADMIN } from '../src/accounts';
import { launchChromium, login, openPage } from '../src/browser';
import { API_URL, apiGet, apiToken } from '../src/beneficiaries/api';
import { STEP_TIMEOUT, mainHeading, toast, typeDate } from '../src/beneficiaries/ui';

// Digits, not Latin letters, in the names.
const STAMP = String(Date.now() % 1_000_000);
const PASSWORD = 'Surveys@2025';
const OFFICER = {
  name: 'مسؤولة الاستبيانات',
  email: `surveys-${STAMP}@ataa.local`,
  permissions: ['show_surveys', 'show_survey_templates'] as PermissionKey[],
};
const TEMPLATE = `رضا المستفيدين ${STAMP}`;
const SURVEY = `استبيان الرضا ${STAMP}`;
const Q1_V1 = 'ما مدى رضاك عن السلة؟';
const Q1_V2 = 'ما تقييمك العام للسلة؟';

let browser: Browser;
let admin = '';
/** A demo season with enrolled families (the demo satisfaction survey's group). */
let season: { id: number; name: string };

beforeAll(async () => {
  browser = await launchChromium();
  admin = await apiToken(ADMIN.email, ADMIN.password);
  const response = await fetch(`${API_URL}/employees`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...OFFICER, password: PASSWORD, active: true }),
  });
  if (!response.ok)
    throw new Error(`POST /employees answered ${response.status}: ${await response.text()}`);
  // Other e2e files open surveys on other seasons (some with no families), so the newest season
  // survey is not necessarily the demo one: take the first whose group has two families to answer.
  const surveys = await apiGet<{
    data: { id: number; group_kind: string; group: { id: number; name: string } }[];
  }>(admin, '/surveys', { 'filter[group_kind]': 'season', per_page: '50' });
  let found: { id: number; name: string } | undefined;
  for (const survey of surveys.data) {
    const families = await apiGet<{ data: unknown[] }>(admin, `/surveys/${survey.id}/respondents`, {
      per_page: '2',
    });
    if (families.data.length >= 2) {
      found = survey.group;
      break;
    }
  }
  if (!found) throw new Error('The demo data has no season survey with two families');
  season = found;
});
afterAll(async () => {
  await browser.close();
});

/** Two families of the survey's group that have not answered it. */
async function respondents(
  surveyId: number,
): Promise<{ file_number: string; head_name: string }[]> {
  const answer = await apiGet<{
    data: { file_number: string; head_name: string; response_id: number | null }[];
  }>(admin, `/surveys/${surveyId}/respondents`, { per_page: '20' });
  return answer.data.filter((row) => row.response_id === null).slice(0, 2);
}

async function fillResponse(
  page: Page,
  surveyId: number,
  family: { file_number: string; head_name: string },
  score: string,
) {
  await page.goto(`/survey/rates/${surveyId}/create`);
  await mainHeading(page).filter({ hasText: SURVEY }).waitFor({ timeout: STEP_TIMEOUT });
  await page.getByLabel('البحث عن الأسرة').fill(family.file_number);
  await page
    .getByRole('button', { name: `اختيار أسرة ${family.head_name} (${family.file_number})` })
    .click();
  await page.getByRole('radio', { name: score }).check();
  await page.getByRole('radio', { name: 'نعم' }).check();
  await page.getByRole('button', { name: 'حفظ الإجابات' }).click();
  await page.waitForURL((url) => /^\/survey\/rates\/show\/\d+$/.test(url.pathname), {
    timeout: STEP_TIMEOUT,
  });
  await toast(page, 'تم حفظ إجابات الاستبيان بنجاح').waitFor({ timeout: STEP_TIMEOUT });
}

test('build and publish a template, run a survey, answer it, edit the template, and read both versions in the summary', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await login(page, OFFICER.email, PASSWORD);

    // 1. The template, built with the question builder, then published.
    await page.goto('/survey/templates/create');
    await mainHeading(page)
      .filter({ hasText: 'إنشاء قالب استبيان' })
      .waitFor({ timeout: STEP_TIMEOUT });
    await page.locator('[name="title"]').fill(TEMPLATE);
    await page.locator('[name="questions.0.label"]').fill(Q1_V1);
    await page.locator('select[name="questions.0.type"]').selectOption('rating');
    await page.locator('[name="questions.0.required"]').check();
    await page.getByRole('button', { name: 'إضافة سؤال' }).click();
    await page.locator('[name="questions.1.label"]').fill('هل وصلت السلة في موعدها؟');
    await page.locator('select[name="questions.1.type"]').selectOption('yes_no');
    await page.getByRole('button', { name: 'إنشاء القالب' }).click();
    await page.waitForURL((url) => /^\/survey\/templates\/edit\/\d+$/.test(url.pathname), {
      timeout: STEP_TIMEOUT,
    });
    const templateId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('button', { name: 'نشر القالب' }).click();
    // Publishing cannot be undone: it is confirmed in a dialog.
    await page.getByRole('dialog').getByRole('button', { name: 'نشر القالب' }).click();
    await toast(page, 'تم نشر قالب الاستبيان').waitFor({ timeout: STEP_TIMEOUT });

    // 2. The survey on version 1, for the season's beneficiaries.
    await page.goto('/survey/create');
    await mainHeading(page).filter({ hasText: 'إنشاء استبيان' }).waitFor({ timeout: STEP_TIMEOUT });
    await page.locator('[name="title"]').fill(SURVEY);
    await page
      .locator('select[name="survey_type_id"] option:nth-child(2)')
      .waitFor({ state: 'attached' });
    await page.locator('select[name="survey_type_id"]').selectOption({ index: 1 });
    await page
      .locator('select[name="template_version_id"]')
      .selectOption({ label: `${TEMPLATE} — الإصدار 1` });
    await page.locator('select[name="group_kind"]').selectOption('season');
    await page.locator('select[name="group_id"]').selectOption(String(season.id));
    await typeDate(page, 'starts_on', todayIso());
    await typeDate(page, 'ends_on', todayIso());
    await page.getByRole('button', { name: 'إنشاء الاستبيان' }).click();
    await page.waitForURL((url) => /^\/survey\/show\/\d+$/.test(url.pathname), {
      timeout: STEP_TIMEOUT,
    });
    const surveyId = Number(new URL(page.url()).pathname.split('/').pop());
    await mainHeading(page).filter({ hasText: SURVEY }).waitFor({ timeout: STEP_TIMEOUT });

    // 3. A first response, on version 1.
    const [first, second] = await respondents(surveyId);
    if (!first || !second) throw new Error('The season has fewer than two families left to answer');
    await fillResponse(page, surveyId, first, '4 — جيد');

    // 4. Edit the published template: version 2; move the survey to it.
    await page.goto(`/survey/templates/edit/${templateId}`);
    await page.locator('[name="questions.0.label"]').fill(Q1_V2);
    await page.getByRole('button', { name: 'حفظ القالب' }).click();
    await toast(page, 'القالب منشور فلا يتغير، حُفظت التعديلات في إصدار جديد (الإصدار 2)').waitFor({
      timeout: STEP_TIMEOUT,
    });
    await page.goto(`/survey/edit/${surveyId}`);
    const version = page.locator('select[name="template_version_id"]');
    await version
      .locator('option', { hasText: `${TEMPLATE} — الإصدار 2` })
      .waitFor({ state: 'attached' });
    await version.selectOption({ label: `${TEMPLATE} — الإصدار 2` });
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await page.waitForURL((url) => url.pathname === `/survey/show/${surveyId}`, {
      timeout: STEP_TIMEOUT,
    });

    // 5. A second response, on version 2.
    await fillResponse(page, surveyId, second, '5 — ممتاز');

    // 6. The summary: one section per version, each with the wording its respondents saw.
    await page.goto(`/survey/show/${surveyId}`);
    const v1 = page.getByRole('region', { name: 'إجابات الإصدار 1 (رد واحد)', exact: true });
    const v2 = page.getByRole('region', { name: 'إجابات الإصدار 2 (رد واحد)', exact: true });
    await v1.waitFor({ timeout: STEP_TIMEOUT });
    await v2.waitFor({ timeout: STEP_TIMEOUT });
    await v1
      .getByRole('article', { name: `${Q1_V1} — الإصدار 1` })
      .waitFor({ timeout: STEP_TIMEOUT });
    await v2
      .getByRole('article', { name: `${Q1_V2} — الإصدار 2` })
      .waitFor({ timeout: STEP_TIMEOUT });
    expect(await v1.getByRole('article', { name: `${Q1_V1} — الإصدار 1` }).textContent()).toContain(
      'المتوسط',
    );
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 180000);
