import type { Locator, Page } from 'playwright-core';

/** Every wait of this test is finite and under 20 s (the default per action is 10 s). */
export const STEP_TIMEOUT = 15000;

/**
 * Retries `check` (which throws while the page is not there yet) until it passes or `timeout`
 * runs out, then rethrows its last error — for assertions over several elements at once.
 */
export async function eventually<T>(check: () => Promise<T>, timeout = STEP_TIMEOUT): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** A success toast with this title (the host's notification region shows one at a time). */
export function toast(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: 'الإشعارات (F8)' })
    .getByRole('status')
    .filter({ hasText: title })
    .first();
}

/**
 * A cross-remote panel on a record page, by its title: the slot's own section. By name alone a
 * locator also matches what the panel holds (a table named by the same caption, a totals region
 * whose name contains the title: playwright matches names by substring unless told `exact`), and
 * fails in strict mode as soon as those are drawn.
 */
export function slotPanel(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: title, exact: true })
    .and(page.locator('section[data-slot-panel]'));
}

/**
 * The page's main heading (h1 of the remote's PageHeader). Visible only: the shell keeps the
 * sections' pages left earlier mounted, hidden (host-shell KeptPages).
 */
export function mainHeading(page: Page): Locator {
  return page.locator('main h1:visible').first();
}

/** The wizard's step heading, "الخطوة 3 من 6: السكن والدخل". */
export function wizardStepHeading(page: Page): Locator {
  return page.locator('main h2').filter({ hasText: /^الخطوة \d+ من \d+/ });
}

export async function expectWizardStep(page: Page, step: number, title: string): Promise<void> {
  await wizardStepHeading(page)
    .filter({ hasText: `الخطوة ${step} من 6: ${title}` })
    .waitFor({ timeout: STEP_TIMEOUT });
}

/** Waits until a data table (by caption) has finished loading. */
export async function tableSettled(table: Locator): Promise<void> {
  await table.waitFor({ timeout: STEP_TIMEOUT });
  await eventually(async () => {
    if ((await table.getAttribute('aria-busy')) === 'true') throw new Error('table still loading');
  });
}

/** A data table's body rows, each as its cells' trimmed texts. */
export async function tableRows(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) =>
      // A list with bulk actions starts each row with its selection checkbox: not a column.
      Array.from(
        row.querySelectorAll('td:not(.data-table-select), th:not(.data-table-select)'),
      ).map((cell) => (cell.textContent ?? '').trim()),
    ),
  );
}

/** The value shown beside a label in a description list (`<dt>label</dt><dd>value</dd>`), or null. */
export async function describedValue(scope: Locator, label: string): Promise<string | null> {
  return scope.evaluate((root, wanted) => {
    for (const term of Array.from(root.querySelectorAll('dt'))) {
      if ((term.textContent ?? '').trim() === wanted) {
        const value = term.nextElementSibling;
        return value ? (value.textContent ?? '').trim() : null;
      }
    }
    return null;
  }, label);
}

/**
 * Types a stored `YYYY-MM-DD` date as staff do: day/month/year into the date field's visible box
 * (the form's value lives in a hidden input named `name`, which follows the box).
 */
export async function typeDate(scope: Page | Locator, name: string, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-');
  const box = scope.locator(`[name="${name}"]`).locator('xpath=preceding::input[@type="text"][1]');
  await box.fill(`${day}/${month}/${year}`);
  await box.blur();
}
