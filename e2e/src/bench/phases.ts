/**
 * Bytes on the wire per phase of a working session, at full speed in one fresh context: the
 * login page; after login (the landing page, plus the sections the shell preloads while idle);
 * then a first visit of each remote's first route. Over all of it: the text answers sent without
 * compression, and whether any script's source map can be fetched.
 */
import type { Browser } from 'playwright-core';
import { REMOTE_NAMES, type RemoteName } from 'shared-contracts';
import { firstRouteOf } from './measure';
import { SUPER_ADMIN, timedNavigation } from './navigation';
import type { BenchTarget } from './target';
import {
  isScript,
  totals,
  uncompressedText,
  WireRecorder,
  type WireResponse,
  type WireTotals,
} from './wire';

export interface Phase {
  name: string;
  totals: WireTotals;
  error?: string;
}

export interface PhasesResult {
  phases: Phase[];
  /** text answers ≥ 1 KB without Content-Encoding (url, type, bytes) */
  uncompressed: Array<{ url: string; mimeType: string; bodyBytes: number }>;
  textResponses: number;
  compressedTextResponses: number;
  /** scripts whose `<url>.map` answered 200 */
  publicMaps: string[];
  mapsChecked: number;
}

async function fetchStatus(url: string): Promise<number> {
  try {
    const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

export async function measurePhases(
  browser: Browser,
  target: BenchTarget,
  remotes: readonly RemoteName[] = REMOTE_NAMES,
): Promise<PhasesResult> {
  const context = await browser.newContext({
    baseURL: target.hostUrl,
    viewport: { width: 1366, height: 800 },
    locale: 'ar-SA',
  });
  const page = await context.newPage();
  const wire = await WireRecorder.attach(page);
  const phases: Phase[] = [];
  const phase = async (name: string, run: () => Promise<void>, quietMs: number) => {
    const mark = wire.mark();
    try {
      await run();
      await wire.waitForIdle(quietMs, 60000);
      phases.push({ name, totals: totals(wire.since(mark)) });
    } catch (error) {
      phases.push({
        name,
        totals: totals(wire.since(mark)),
        error: error instanceof Error ? error.message.split('\n')[0] : String(error),
      });
    }
  };
  try {
    await phase(
      'login page (GET /)',
      async () => {
        await page.goto('/');
        await page.getByRole('button', { name: 'تسجيل الدخول' }).waitFor();
      },
      1000,
    );
    await phase(
      'after login (landing page, idle preloading)',
      async () => {
        await page.getByLabel('البريد الإلكتروني').fill(SUPER_ADMIN.email);
        await page.getByLabel('كلمة المرور').and(page.locator('input')).fill(SUPER_ADMIN.password);
        await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
        await page.waitForURL((url) => url.pathname !== '/', { timeout: 30000 });
        await page.getByTestId('page-title').waitFor();
        // A first touch of the page: the shell's idle-time preloading starts once the network
        // has been quiet 1.5 s after it.
        await page.mouse.move(200, 200);
      },
      3500,
    );
    for (const remote of remotes) {
      const route = firstRouteOf(remote);
      if (!route) continue;
      await phase(
        `first visit ${route} (${remote})`,
        () => timedNavigation(page, route).then(() => undefined),
        1000,
      );
    }
    const all: WireResponse[] = wire.responses;
    const text = all.filter(
      (response) =>
        !response.fromCache &&
        response.status === 200 &&
        /^(text\/|application\/(json|javascript))/.test(response.mimeType),
    );
    const scripts = [...new Set(all.filter(isScript).map((response) => response.url))];
    const publicMaps: string[] = [];
    for (const url of scripts)
      if ((await fetchStatus(`${url}.map`)) === 200) publicMaps.push(`${url}.map`);
    return {
      phases,
      uncompressed: uncompressedText(all).map(({ url, mimeType, bodyBytes }) => ({
        url,
        mimeType,
        bodyBytes,
      })),
      textResponses: text.length,
      compressedTextResponses: text.filter((response) => response.encoding !== '').length,
      publicMaps,
      mapsChecked: scripts.length,
    };
  } finally {
    await wire.detach();
    await context.close();
  }
}
