import fs from 'node:fs';
import path from 'node:path';
import { remotesConfigSchema, type ClientEventSummaryRow } from 'shared-contracts';
import { runReleaseCli } from '../src/release/release-cli';
import { ReleaseStore, staffKey } from '../src/release/release-store';
import { checkRollouts } from '../src/release/rollout-monitor';
import { snapshot, tempDir, writeFakeBuild } from './support/fake-build';

/**
 * Staged rollouts through `pnpm release` (docs/decisions/0014, gateway README "Staged
 * rollouts"): each step, what it writes into remotes.json and the history, each refusal, and the
 * automatic stop the gateway runs.
 */
const NOW = '2026-03-01T10:00:00.000Z';

function setup() {
  const root = tempDir();
  const storeDir = path.join(root, 'store');
  for (const [version, contractsVersion] of [
    ['1.0.0', '1.0.0'],
    ['1.1.0', '1.2.0'],
    ['1.2.0', '1.0.0'],
    ['2.0.0', '2.0.0'],
  ] as const) {
    writeFakeBuild(path.join(root, `b-${version}`), 'mf-finance', { version, contractsVersion });
  }
  let figures: ClientEventSummaryRow[] = [];
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runReleaseCli([...argv, '--store', storeDir], {
      stdout: (line) => out.push(line),
      stderr: (line) => err.push(line),
      env: {},
      cwd: root,
      hostContractsVersion: '1.0.0',
      now: () => new Date(NOW),
      figuresSince: async () => figures,
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const config = () =>
    remotesConfigSchema.parse(
      JSON.parse(fs.readFileSync(path.join(storeDir, 'remotes.json'), 'utf8')),
    ).remotes['mf-finance'];
  const history = () =>
    fs
      .readFileSync(path.join(storeDir, 'release-history.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const setFigures = (rows: ClientEventSummaryRow[]) => {
    figures = rows;
  };
  return { root, storeDir, run, config, history, setFigures };
}

async function published() {
  const context = setup();
  for (const version of ['1.0.0', '1.1.0', '1.2.0', '2.0.0']) {
    expect((await context.run('publish', 'mf-finance', '--from', `b-${version}`)).code).toBe(0);
  }
  expect((await context.run('promote', 'mf-finance', '1.0.0', '--by', 'sara')).code).toBe(0);
  return context;
}

const row = (overrides: Partial<ClientEventSummaryRow>): ClientEventSummaryRow => ({
  remote: 'mf-finance',
  version: '1.1.0',
  sessions: 10,
  loads: 0,
  load_failures: 0,
  render_errors: 0,
  ...overrides,
});

describe('pnpm release: staged rollouts', () => {
  it('previews a version to named employees, widens it, and completes it, each step in the history', async () => {
    const { run, config, history } = await published();

    const preview = await run(
      'promote',
      'mf-finance',
      '1.1.0',
      '--staff',
      'Sara@ataa.local, omar@ataa.local',
      '--by',
      'sara',
      '--reason',
      'معاينة للفريق',
    );
    expect(preview.code).toBe(0);
    expect(preview.out).toContain(
      'Started the rollout of mf-finance 1.1.0 to 2 named + 0% of employees; stable stays 1.0.0',
    );
    expect(config()).toEqual({
      version: '1.0.0',
      manifest: '/remotes/mf-finance/1.0.0/mf-manifest.json',
      rollout: {
        version: '1.1.0',
        manifest: '/remotes/mf-finance/1.1.0/mf-manifest.json',
        percent: 0,
        staff: [staffKey('sara@ataa.local'), staffKey('omar@ataa.local')],
        startedAt: NOW,
        halt: { errorsPer100: 5, minLoads: 20 },
      },
    });
    // remotes.json is public: no email in it.
    expect(JSON.stringify(config())).not.toMatch(/@/);

    const widened = await run(
      'promote',
      'mf-finance',
      '1.1.0',
      '--percent',
      '10',
      '--staff',
      'sara@ataa.local',
      '--halt-at',
      '3',
      '--by',
      'sara',
    );
    expect(widened.out).toContain(
      'Changed the rollout of mf-finance 1.1.0 to 1 named + 10% of employees',
    );
    expect(config()?.rollout).toMatchObject({
      percent: 10,
      halt: { errorsPer100: 3, minLoads: 20 },
      startedAt: NOW,
    });

    const status = await run('status');
    expect(status.out).toMatch(/mf-finance\s+1\.0\.0\s+1\.1\.0 to 10% \+ 1 named/);

    const completed = await run(
      'promote',
      'mf-finance',
      '1.1.0',
      '--percent',
      '100',
      '--by',
      'omar',
      '--reason',
      'لا أخطاء',
    );
    expect(completed.out).toContain('Promoted mf-finance: 1.0.0 → 1.1.0');
    expect(config()).toEqual({
      version: '1.1.0',
      manifest: '/remotes/mf-finance/1.1.0/mf-manifest.json',
    });

    expect(history().slice(1)).toEqual([
      {
        at: NOW,
        by: 'sara',
        remote: 'mf-finance',
        from: '1.0.0',
        to: '1.1.0',
        action: 'rollout',
        percent: 0,
        staff: 2,
        reason: 'معاينة للفريق',
      },
      {
        at: NOW,
        by: 'sara',
        remote: 'mf-finance',
        from: '1.0.0',
        to: '1.1.0',
        action: 'rollout',
        percent: 10,
        staff: 1,
      },
      {
        at: NOW,
        by: 'omar',
        remote: 'mf-finance',
        from: '1.0.0',
        to: '1.1.0',
        action: 'promote',
        reason: 'لا أخطاء',
      },
    ]);
    // A completed rollout is a promotion: rollback returns to the previous stable version.
    expect((await run('rollback', 'mf-finance')).out).toContain(
      'Rolled back mf-finance: 1.1.0 → 1.0.0',
    );
  });

  it('completes with `release complete`, and `rollback` ends a running rollout at once', async () => {
    const { run, config, history } = await published();
    await run('promote', 'mf-finance', '1.2.0', '--percent', '25');
    expect((await run('complete', 'mf-finance', '--by', 'sara')).out).toContain(
      'Completed the rollout of mf-finance: 1.0.0 → 1.2.0',
    );
    expect(config()?.version).toBe('1.2.0');

    await run('promote', 'mf-finance', '1.1.0', '--percent', '5');
    const ended = await run(
      'rollback',
      'mf-finance',
      '--by',
      'omar',
      '--reason',
      'شكوى من المستخدمين',
    );
    expect(ended.out).toContain('Rolled back mf-finance: 1.1.0 → 1.2.0');
    expect(config()).toEqual({
      version: '1.2.0',
      manifest: '/remotes/mf-finance/1.2.0/mf-manifest.json',
    });
    expect(history().at(-1)).toEqual({
      at: NOW,
      by: 'omar',
      remote: 'mf-finance',
      from: '1.1.0',
      to: '1.2.0',
      action: 'rollout-rollback',
      reason: 'شكوى من المستخدمين',
    });
    // With no rollout, rollback goes back one promotion as before.
    expect((await run('rollback', 'mf-finance')).out).toContain('1.2.0 → 1.0.0');
  });

  it.each([
    [
      'an unknown version',
      ['promote', 'mf-finance', '9.9.9', '--percent', '10'],
      /not published/,
      /غير منشور/,
    ],
    [
      'a contracts major mismatch',
      ['promote', 'mf-finance', '2.0.0', '--percent', '10'],
      /a different major cannot be promoted/,
      /الإصدار الرئيسي مختلف/,
    ],
    [
      'a second rollout while one runs',
      ['promote', 'mf-finance', '1.2.0', '--staff', 'huda@ataa.local'],
      /1\.1\.0 is being rolled out/,
      /يجري طرح الإصدار 1\.1\.0/,
    ],
    [
      'a plain promotion of another version while one runs',
      ['promote', 'mf-finance', '1.2.0'],
      /1\.1\.0 is being rolled out/,
      /يجري طرح/,
    ],
    [
      'a rollout of the stable version',
      ['promote', 'mf-finance', '1.0.0', '--percent', '10'],
      /already the stable version/,
      /المستقر أصلاً/,
    ],
    [
      'a percentage over 100',
      ['promote', 'mf-finance', '1.1.0', '--percent', '120'],
      /not a number from 0 to 100/,
      /غير صالحة/,
    ],
    [
      'a named employee that is not an email',
      ['promote', 'mf-finance', '1.1.0', '--staff', 'sara'],
      /Not email addresses: sara/,
      /ليست عناوين بريد/,
    ],
  ])('refuses %s and leaves the store as it was', async (_case, argv, english, arabic) => {
    const { run, storeDir } = await published();
    await run('promote', 'mf-finance', '1.1.0', '--percent', '10');
    const before = snapshot(storeDir);
    const result = await run(...argv);
    expect(result.code).toBeGreaterThan(0);
    expect(result.err).toMatch(english);
    expect(result.err).toMatch(arabic);
    expect(snapshot(storeDir)).toEqual(before);
  });

  it('refuses `complete` with no rollout running', async () => {
    const { run } = await published();
    const result = await run('complete', 'mf-finance');
    expect(result.code).toBe(1);
    expect(result.err).toContain('No rollout of mf-finance is running');
  });

  it('refuses a rollout before any stable version', async () => {
    const { run, storeDir } = setup();
    await run('publish', 'mf-finance', '--from', 'b-1.1.0');
    const result = await run('promote', 'mf-finance', '1.1.0', '--staff', 'sara@ataa.local');
    expect(result.code).toBe(1);
    expect(result.err).toContain('has no stable version yet');
    expect(fs.existsSync(path.join(storeDir, 'remotes.json'))).toBe(false);
  });
});

describe('the automatic stop', () => {
  it('stops a rollout once its error rate reaches the threshold over enough loads, and says why', async () => {
    const { storeDir, run, config, history, setFigures } = await published();
    await run(
      'promote',
      'mf-finance',
      '1.1.0',
      '--percent',
      '50',
      '--halt-at',
      '10',
      '--halt-min-loads',
      '20',
    );
    const store = new ReleaseStore({
      dir: storeDir,
      now: () => new Date('2026-03-01T10:05:00.000Z'),
    });
    const asked: string[] = [];
    const figures = (rows: ClientEventSummaryRow[]) => async (since: string) => {
      asked.push(since);
      return rows;
    };

    // Under the minimum of loads: no stop, whatever the rate.
    expect(await checkRollouts(store, figures([row({ loads: 10, load_failures: 9 })]))).toEqual([]);
    // Enough loads, under the rate (the stable version's errors do not count).
    expect(
      await checkRollouts(
        store,
        figures([
          row({ loads: 40, load_failures: 2, render_errors: 1 }),
          row({ version: '1.0.0', loads: 5, load_failures: 5 }),
        ]),
      ),
    ).toEqual([]);
    expect(asked.every((since) => since === NOW)).toBe(true);
    expect(config()?.rollout?.version).toBe('1.1.0');

    // 3 load failures + 2 render errors over 40 + 3 attempts: 11.6 per 100 ≥ 10.
    const failing = [row({ loads: 40, load_failures: 3, render_errors: 2 })];
    const stops = await checkRollouts(store, figures(failing));
    expect(stops).toEqual([
      {
        remote: 'mf-finance',
        version: '1.1.0',
        reason: expect.stringContaining('معدل الأخطاء 11.6 لكل 100 تحميل'),
      },
    ]);
    expect(stops[0]?.reason).toContain('5 أخطاء من 43 تحميلاً');
    expect(config()).toEqual({
      version: '1.0.0',
      manifest: '/remotes/mf-finance/1.0.0/mf-manifest.json',
      stopped: { version: '1.1.0', at: '2026-03-01T10:05:00.000Z', reason: stops[0]!.reason },
    });
    expect(history().at(-1)).toMatchObject({
      action: 'rollout-halt',
      by: 'الإيقاف التلقائي',
      from: '1.1.0',
      to: '1.0.0',
      reason: stops[0]!.reason,
    });

    // A second gateway checking the same figures changes nothing more.
    const before = snapshot(storeDir);
    expect(await checkRollouts(store, figures(failing))).toEqual([]);
    expect(snapshot(storeDir)).toEqual(before);

    // status shows the stop beside the remote; a new rollout clears it.
    setFigures(failing);
    const status = await run('status');
    expect(status.out).toContain(
      'rollout of 1.1.0 stopped automatically at 2026-03-01T10:05:00.000Z',
    );
    expect(status.out).toContain('1.0.0: no reports');
    await run('promote', 'mf-finance', '1.2.0', '--staff', 'sara@ataa.local');
    expect(config()?.stopped).toBeUndefined();
  });
});
