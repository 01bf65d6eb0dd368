/**
 * The release flow end to end (gateway README): two versions of mf-finance published into a
 * release store, promoted, swapped and rolled back with the real release CLI while a browser
 * uses the site; the host and the other remotes are never touched; a release built against
 * another contracts major is refused by promote, and shows the host's panel when forced live.
 *
 * It runs on its own copy of the site (release/release-site.ts: the same API, a snapshot of the
 * host build and a fresh release store holding the other remotes' builds as published, promoted
 * releases), so it changes nothing the other tests see, in any order.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REMOTE_NAMES, remotesConfigSchema } from 'shared-contracts';
import { ADMIN } from '../src/accounts';
import { launchChromium, login } from '../src/browser';
import {
  REPO_ROOT,
  buildRemoteAs,
  copyBuildAs,
  fingerprint,
  nextMajor,
  nextPatch,
  openPageAt,
  releaseCli,
  replaceTextInBuild,
  startReleaseSite,
  stopReleaseSite,
} from '../src/release/fixtures';
import type { ReleaseSiteInfo } from '../src/release/release-site';

const REMOTE = 'mf-finance';
const OTHERS = REMOTE_NAMES.filter((name) => name !== REMOTE);
const UPDATE_NOTICE = 'تتوفر نسخة أحدث من قسم «المالية». أعد تحميل الصفحة لاستخدامها.';
const INCOMPATIBLE =
  /قسم «المالية» غير متوافق مع هذه النسخة من النظام \(عقد الإصدار 2\.0\.0، المطلوب 1\.x\)/;
const ERROR_PANEL = /تعذر تحميل قسم|غير متوافق/;
// While /financial is a placeholder page, the second version also changes its text (as a source
// change would), so the remote's own content differs too, not only the host's version line.
const PLACEHOLDER_TEXT = 'وستتوفر في إصدار قادم';
const V2_TEXT = 'وستتوفر قريباً جداً';

let browser: Browser;
let site: ReleaseSiteInfo;
let work: string;
const v1Dir = path.join(REPO_ROOT, REMOTE, 'dist');
let v1: string;
let v2: string;
let v3: string;
let v2Dir: string;
let v2ContentDiffers = false;

const readText = (file: string) => fs.readFileSync(file, 'utf8');
const remotesJson = () => path.join(site.storeDir, 'remotes.json');
const historyFile = () => path.join(site.storeDir, 'release-history.jsonl');
const liveConfig = () => remotesConfigSchema.parse(JSON.parse(readText(remotesJson())));
const store = (...args: string[]) => [...args, '--store', site.storeDir, '--by', 'e2e'];

async function cli(args: string[], options: { viaPnpm?: boolean } = {}) {
  const result = await releaseCli(store(...args), options);
  if (result.code !== 0)
    throw new Error(`release ${args.join(' ')} exited ${result.code}:\n${result.stderr}`);
  return result;
}

/** The muted version line under a remote page. */
/**
 * The version line of the section now shown. After a click the previous section's line stays
 * until the new page has loaded, so wait for the line that names the expected section.
 */
async function versionLine(page: Page, section = 'قسم المالية'): Promise<string> {
  const line = page.getByTestId('remote-version').filter({ hasText: section });
  await line.waitFor({ timeout: 20000 });
  return (await line.textContent()) ?? '';
}

/** The text of the page shown (innerText: the sections' pages kept hidden are not in it). */
async function mainText(page: Page): Promise<string> {
  await page.locator('main h1:visible, main h2:visible').first().waitFor({ timeout: 20000 });
  return await page.locator('main').innerText();
}

beforeAll(async () => {
  browser = await launchChromium();
  site = await startReleaseSite();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-release-e2e-'));
  // Version 1 is the remote's own build (dist); version 2 the same source built again as the next
  // version into another directory (the one extra remote build of this test); version 3 a copy of
  // version 2 that says it was built against shared-contracts 2.0.0.
  v1 = (JSON.parse(readText(path.join(v1Dir, 'release.json'))) as { version: string }).version;
  v2 = nextPatch(v1);
  v3 = nextMajor(v1);
  v2Dir = path.join(work, v2);
  await buildRemoteAs(REMOTE, v2, v2Dir);
  v2ContentDiffers = replaceTextInBuild(v2Dir, PLACEHOLDER_TEXT, V2_TEXT);
}, 240000);

afterAll(async () => {
  await browser?.close();
  await stopReleaseSite();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test('publish two versions, promote, swap with the site in use, roll back; an incompatible release is refused and contained', async () => {
  // ── The built versions are what the manifest and release.json say.
  const v2Release = JSON.parse(readText(path.join(v2Dir, 'release.json'))) as Record<
    string,
    string
  >;
  expect(v2Release).toMatchObject({ name: REMOTE, version: v2 });
  const v2Manifest = JSON.parse(readText(path.join(v2Dir, 'mf-manifest.json'))) as {
    metaData: { buildInfo: Record<string, string> };
  };
  expect(v2Manifest.metaData.buildInfo).toMatchObject({
    buildVersion: v2,
    builtAt: v2Release.builtAt,
    contractsVersion: v2Release.contractsVersion,
  });
  // Building version 2 elsewhere left the remote's own dist alone.
  expect(JSON.parse(readText(path.join(v1Dir, 'release.json')))).toMatchObject({ version: v1 });

  // ── Publish both, promote the first.
  await cli(['publish', REMOTE, '--from', v1Dir]);
  await cli(['publish', REMOTE, '--from', v2Dir]);
  await cli(['promote', REMOTE, v1]);
  const othersLive = () =>
    Object.fromEntries(OTHERS.map((name) => [name, liveConfig().remotes[name]]));
  const othersBefore = othersLive();
  expect(liveConfig().remotes[REMOTE]).toEqual({
    version: v1,
    manifest: `/remotes/${REMOTE}/${v1}/mf-manifest.json`,
  });

  // ── The super admin opens /financial and runs version 1.
  const { page, context, errors } = await openPageAt(browser, site.url);
  // The page's clock can be fast-forwarded ("the laptop lid was closed for a while"), so the
  // host's own update check (on navigation, at most every 15 s) runs without a real wait.
  await context.clock.install();
  const remoteRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(`/remotes/${REMOTE}/`)) remoteRequests.push(url.pathname);
  });
  try {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/financial');
    expect(await versionLine(page)).toBe(`قسم المالية · الإصدار ${v1}`);
    const v1Text = await mainText(page);
    if (v2ContentDiffers) expect(v1Text).toContain(PLACEHOLDER_TEXT);
    expect(remoteRequests.length).toBeGreaterThan(0);
    expect(remoteRequests.every((p) => p.startsWith(`/remotes/${REMOTE}/${v1}/`))).toBe(true);

    // ── Everything that must not change while version 2 is promoted: the host build the site
    // serves, the other remotes' live releases, and both published versions of this one.
    const release = (name: string, version: string) => path.join(site.storeDir, name, version);
    const untouched = () => ({
      host: fingerprint(site.hostDist),
      ...Object.fromEntries(
        OTHERS.map((name) => [name, fingerprint(release(name, othersBefore[name]!.version))]),
      ),
      [`${REMOTE}@${v1}`]: fingerprint(release(REMOTE, v1)),
      [`${REMOTE}@${v2}`]: fingerprint(release(REMOTE, v2)),
    });
    const before = untouched();
    for (const files of Object.values(before)) expect(Object.keys(files).length).toBeGreaterThan(0);

    // ── Promote version 2 with the CLI while the page is open.
    await cli(['promote', REMOTE, v2], { viaPnpm: true });
    expect(liveConfig().remotes[REMOTE]?.version).toBe(v2);
    expect(othersLive()).toEqual(othersBefore);

    // 16 s later the employee moves to another page: the host re-reads remotes.json and offers a
    // reload for the section that is running (the page itself keeps running version 1).
    await page.clock.fastForward(16_000);
    const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
    await nav.getByRole('link', { name: 'نظرة عامة' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const notice = page.getByRole('status').filter({ hasText: UPDATE_NOTICE });
    await notice.waitFor({ timeout: 15000 });
    await nav.getByRole('link', { name: 'المالية' }).click();
    await page.waitForURL((url) => url.pathname === '/financial');
    expect(await versionLine(page)).toBe(`قسم المالية · الإصدار ${v1}`);
    expect(await notice.isVisible()).toBe(true);

    // ── Reload: version 2, every file of the remote from its own version directory.
    const requestsBeforeReload = remoteRequests.length;
    await Promise.all([
      page.waitForEvent('load'),
      notice.getByRole('button', { name: 'إعادة التحميل' }).click(),
    ]);
    await page.getByTestId('page-title').waitFor();
    expect(await versionLine(page)).toBe(`قسم المالية · الإصدار ${v2}`);
    const v2Text = await mainText(page);
    if (v2ContentDiffers) {
      expect(v2Text).toContain(V2_TEXT);
      expect(v2Text).not.toContain(PLACEHOLDER_TEXT);
    }
    expect(await page.getByText(UPDATE_NOTICE).count()).toBe(0);
    const afterReload = remoteRequests.slice(requestsBeforeReload);
    expect(afterReload).toEqual(
      expect.arrayContaining([
        `/remotes/${REMOTE}/${v2}/release.json`,
        `/remotes/${REMOTE}/${v2}/mf-manifest.json`,
        `/remotes/${REMOTE}/${v2}/remoteEntry.js`,
      ]),
    );
    expect(afterReload.some((p) => /\.[0-9a-f]{8}\.js$/.test(p))).toBe(true);
    expect(afterReload.filter((p) => !p.startsWith(`/remotes/${REMOTE}/${v2}/`))).toEqual([]);

    // The host, the other remotes and both published releases are byte-identical.
    expect(untouched()).toEqual(before);

    // ── Roll back: the next load runs version 1 again.
    await cli(['rollback', REMOTE]);
    expect(liveConfig().remotes[REMOTE]?.version).toBe(v1);
    const requestsBeforeRollback = remoteRequests.length;
    await page.reload();
    expect(await versionLine(page)).toBe(`قسم المالية · الإصدار ${v1}`);
    if (v2ContentDiffers) expect(await mainText(page)).toContain(PLACEHOLDER_TEXT);
    expect(
      remoteRequests
        .slice(requestsBeforeRollback)
        .every((p) => p.startsWith(`/remotes/${REMOTE}/${v1}/`)),
    ).toBe(true);
    expect(untouched()).toEqual(before);
    expect(errors).toEqual([]);

    // ── A release built against shared-contracts 2.0.0: publishable, never promotable.
    const v3Dir = path.join(work, v3);
    copyBuildAs(v2Dir, v3Dir, { version: v3, contractsVersion: '2.0.0' });
    await cli(['publish', REMOTE, '--from', v3Dir]);
    const remotesBefore = readText(remotesJson());
    const historyBefore = readText(historyFile());
    const refused = await releaseCli(store('promote', REMOTE, v3), { viaPnpm: true });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('shared-contracts 2.0.0');
    expect(readText(remotesJson())).toBe(remotesBefore);
    expect(readText(historyFile())).toBe(historyBefore);

    // Forced into remotes.json by hand: the host shows its panel for /financial (without running
    // the remote's code) while the rest of the site works.
    const forced = liveConfig();
    forced.remotes[REMOTE] = { version: v3, manifest: `/remotes/${REMOTE}/${v3}/mf-manifest.json` };
    fs.writeFileSync(remotesJson(), `${JSON.stringify(forced, null, 2)}\n`);
    const requestsBeforeForced = remoteRequests.length;
    await page.goto('/financial');
    const panel = page.getByRole('alert').filter({ hasText: INCOMPATIBLE });
    await panel.waitFor({ timeout: 20000 });
    expect(await page.getByTestId('remote-version').count()).toBe(0);
    // Only its release.json is read, never its code (the idle preloading of sections may ask
    // for it a second time).
    const forcedRequests = remoteRequests.slice(requestsBeforeForced);
    expect(forcedRequests.length).toBeGreaterThan(0);
    expect(new Set(forcedRequests)).toEqual(new Set([`/remotes/${REMOTE}/${v3}/release.json`]));
    expect(await page.getByRole('button', { name: 'إعادة المحاولة' }).count()).toBe(0);

    await nav.getByRole('link', { name: 'نظرة عامة' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(await mainText(page)).not.toMatch(ERROR_PANEL);
    expect(await versionLine(page, 'قسم التقارير')).toMatch(
      /^قسم التقارير · الإصدار \d+\.\d+\.\d+/,
    );
    expect(await page.getByTestId('page-title').textContent()).toBe('لوحة التحكم');
  } finally {
    await context.close();
  }
}, 180000);
