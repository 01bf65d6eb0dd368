import type { Page } from 'playwright-core';
import type { RemoteName } from 'shared-contracts';
import { CONTROL_URL } from './ports';

/** Stops or restarts one remote's static server (serve-site.ts control port). */
export async function setRemoteUp(remote: RemoteName, up: boolean): Promise<void> {
  const response = await fetch(`${CONTROL_URL}/${up ? 'start' : 'stop'}/${remote}`, {
    method: 'POST',
  });
  if (!response.ok) throw new Error(`Could not ${up ? 'start' : 'stop'} ${remote}`);
}

/** The running title in the top bar. */
export function pageTitle(page: Page) {
  return page.getByTestId('page-title');
}

/** Every link path the sidebar currently shows (groups opened first). */
export async function sidebarPaths(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
  const closedGroups = nav.locator('button[aria-expanded="false"]');
  while ((await closedGroups.count()) > 0) await closedGroups.first().click();
  const hrefs = await nav
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.filter((href) => href.startsWith('/'));
}
