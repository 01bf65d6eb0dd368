/**
 * A staged rollout end to end (gateway README, "Staged rollouts"; docs/decisions/0014): a second
 * version of mf-finance is published and rolled out to one named employee with the real release
 * CLI; that employee runs it (and keeps it across reloads) while another runs the stable one; the
 * rollout version is then broken so that it fails to load, the browser reports it, the gateway's
 * automatic stop ends the rollout by itself, and the named employee is back on the stable version.
 * The stop shows in the history, on /releases and in `release status`.
 *
 * It runs on the release test's own copy of the site (release/release-site.ts: a fresh store with
 * the other remotes promoted, a gateway whose rollout check runs every second).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { remotesConfigSchema } from 'shared-contracts';
import { ADMIN, demoAccount } from '../src/accounts';
import { launchChromium, login } from '../src/browser';
import { E2E_PORTS } from '../src/ports';
import {
  REPO_ROOT,
  copyBuildAs,
  nextPatch,
  openPageAt,
  releaseCli,
  startReleaseSite,
  stopReleaseSite,
} from '../src/release/fixtures';
import { E2E_MONITOR_TOKEN } from '../src/release/ports';
import type { ReleaseSiteInfo } from '../src/release/release-site';

const REMOTE = 'mf-finance';
const LOAD_FAILED = 'تعذر تحميل قسم «المالية»';

let browser: Browser;
let site: ReleaseSiteInfo;
let work: string;
const v1Dir = path.join(REPO_ROOT, REMOTE, 'dist');
let v1: string;
let v2: string;
let v2Dir: string;

const readText = (file: string) => fs.readFileSync(file, 'utf8');
const liveEntry = () =>
  remotesConfigSchema.parse(JSON.parse(readText(path.join(site.storeDir, 'remotes.json')))).remotes[
    REMOTE
  ];
const history = () =>
  readText(path.join(site.storeDir, 'release-history.jsonl'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function cli(args: string[]) {
  const result = await releaseCli([...args, '--store', site.storeDir]);
  if (result.code !== 0)
    throw new Error(`release ${args.join(' ')} exited ${result.code}:\n${result.stderr}`);
  return result;
}

/** The version line under the finance pages, once it names the section. */
async function versionLine(page: Page): Promise<string> {
  const line = page.getByTestId('remote-version').filter({ hasText: 'قسم المالية' });
  await line.waitFor({ timeout: 30000 });
  return (await line.textContent()) ?? '';
}

async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  browser = await launchChromium();
  site = await startReleaseSite();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-rollout-e2e-'));
  const release = JSON.parse(readText(path.join(v1Dir, 'release.json'))) as {
    version: string;
    contractsVersion: string;
  };
  v1 = release.version;
  v2 = nextPatch(v1);
  // The second version: the same build published as the next version (release.json and the
  // manifest's buildInfo say so), against the same contracts.
  v2Dir = path.join(work, v2);
  copyBuildAs(v1Dir, v2Dir, { version: v2, contractsVersion: release.contractsVersion });
}, 120000);

afterAll(async () => {
  await browser?.close();
  await stopReleaseSite();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test('roll a version out to one named employee, see each version, break it, see it stop by itself', async () => {
  const accountant = demoAccount('accountant');

  // ── Publish both, make the first stable, preview the second to the accountant only.
  await cli(['publish', REMOTE, '--from', v1Dir]);
  await cli(['publish', REMOTE, '--from', v2Dir]);
  await cli(['promote', REMOTE, v1, '--by', 'e2e']);
  const started = await cli([
    'promote',
    REMOTE,
    v2,
    '--staff',
    accountant.email,
    '--halt-at',
    '5',
    '--halt-min-loads',
    '2',
    '--by',
    'e2e',
    '--reason',
    'معاينة للمحاسب',
  ]);
  expect(started.stdout).toContain(`Started the rollout of ${REMOTE} ${v2}`);
  expect(liveEntry()).toMatchObject({
    version: v1,
    rollout: { version: v2, percent: 0, halt: { errorsPer100: 5, minLoads: 2 } },
  });
  expect(readText(path.join(site.storeDir, 'remotes.json'))).not.toContain(accountant.email);

  // ── The named employee runs the rollout version, and keeps it on a reload.
  const named = await openPageAt(browser, site.url);
  const other = await openPageAt(browser, site.url);
  try {
    await login(named.page, accountant.email, accountant.password);
    await named.page.goto('/financial');
    expect(await versionLine(named.page)).toBe(`قسم المالية · الإصدار ${v2} · إصدار تجريبي`);
    await named.page.reload();
    expect(await versionLine(named.page)).toBe(`قسم المالية · الإصدار ${v2} · إصدار تجريبي`);

    // ── Anyone else runs the stable version.
    await login(other.page, ADMIN.email, ADMIN.password);
    await other.page.goto('/financial');
    expect(await versionLine(other.page)).toBe(`قسم المالية · الإصدار ${v1}`);

    // Two loads of the rollout version without an error: under the threshold, it keeps running.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(liveEntry()?.rollout?.version).toBe(v2);

    // ── The rollout version fails to load (its entry script is gone): the browser reports it.
    for (const name of ['remoteEntry.js', 'remoteEntry.js.br', 'remoteEntry.js.gz']) {
      fs.rmSync(path.join(site.storeDir, REMOTE, v2, name), { force: true });
    }
    await named.page.reload();
    await named.page.getByText(LOAD_FAILED).first().waitFor({ timeout: 30000 });

    // ── The gateway stops the rollout by itself (well within a minute) and records why.
    await waitUntil(() => liveEntry()?.rollout === undefined, 60000, 'the automatic stop');
    const stopped = liveEntry()?.stopped;
    expect(stopped).toMatchObject({ version: v2, reason: expect.stringContaining('أوقف تلقائياً') });
    expect(history().at(-1)).toMatchObject({
      action: 'rollout-halt',
      remote: REMOTE,
      from: v2,
      to: v1,
      reason: stopped?.reason,
    });

    // ── The named employee gets the stable version again.
    await named.page.reload();
    expect(await versionLine(named.page)).toBe(`قسم المالية · الإصدار ${v1}`);

    // ── /releases shows the stop and the figures; `release status` prints the same.
    await other.page.goto('/releases');
    const card = other.page.getByTestId(`release-${REMOTE}`);
    await card.waitFor({ timeout: 30000 });
    const stopText = await card.getByTestId('release-stopped').textContent();
    expect(stopText).toContain(`أُوقف طرح الإصدار ${v2} تلقائياً`);
    expect(stopText).toContain(stopped!.reason);
    expect(await card.textContent()).toContain(`الإصدار المستقر ${v1}`);

    process.env.API_URL = `http://127.0.0.1:${E2E_PORTS.api}`;
    process.env.RELEASE_MONITOR_TOKEN = E2E_MONITOR_TOKEN;
    const status = await cli(['status']);
    expect(status.stdout).toContain(`rollout of ${v2} stopped automatically`);
    expect(status.stdout).toMatch(new RegExp(`${v1.replace(/\./g, '\\.')}: [1-9]\\d* sessions`));
  } finally {
    await named.context.close();
    await other.context.close();
  }
}, 240000);
