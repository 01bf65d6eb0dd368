import fs from 'node:fs';
import path from 'node:path';
import { runReleaseCli } from '../src/release/release-cli';
import { snapshot, tempDir, writeFakeBuild } from './support/fake-build';

function cli(root: string, hostContractsVersion = '1.0.0') {
  return async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runReleaseCli(argv, {
      stdout: (line) => out.push(line),
      stderr: (line) => err.push(line),
      env: { RELEASE_STORE: 'store' },
      cwd: root,
      hostContractsVersion,
      now: () => new Date('2026-03-01T10:00:00.000Z'),
      figuresSince: async () => [],
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
}

describe('pnpm release', () => {
  it('publishes, promotes, rolls back and reports status with relative paths resolved from the caller', async () => {
    const root = tempDir();
    writeFakeBuild(path.join(root, 'builds', 'v1'), 'mf-finance', { version: '1.0.0' });
    writeFakeBuild(path.join(root, 'builds', 'v2'), 'mf-finance', { version: '1.1.0' });
    const run = cli(root);

    expect(await run('publish', 'mf-finance', '--from', 'builds/v1')).toMatchObject({ code: 0 });
    expect((await run('publish', 'mf-finance', '--from=builds/v2')).out).toContain(
      'Published mf-finance 1.1.0',
    );
    expect(fs.existsSync(path.join(root, 'store', 'mf-finance', '1.1.0', 'remoteEntry.js'))).toBe(
      true,
    );

    expect((await run('promote', 'mf-finance', '1.0.0', '--by', 'sara')).out).toContain(
      'Promoted mf-finance: (none) → 1.0.0',
    );
    expect((await run('promote', 'mf-finance', '1.1.0', '--by', 'sara')).out).toContain(
      '1.0.0 → 1.1.0',
    );
    expect((await run('rollback', 'mf-finance', '--by', 'omar')).out).toContain(
      'Rolled back mf-finance: 1.1.0 → 1.0.0',
    );

    const status = await run('status');
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/mf-finance\s+1\.0\.0\s+—\s+1\.0\.0, 1\.1\.0/);
    expect(status.out).toMatch(/rollback\s+mf-finance\s+1\.1\.0 → 1\.0\.0\s+by omar/);

    const json = JSON.parse((await run('status', '--json')).out) as {
      remotes: { remote: string; live: string | null }[];
    };
    expect(json.remotes.find((r) => r.remote === 'mf-finance')?.live).toBe('1.0.0');

    const history = fs
      .readFileSync(path.join(root, 'store', 'release-history.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(JSON.parse(history[2]!)).toEqual({
      at: '2026-03-01T10:00:00.000Z',
      by: 'omar',
      remote: 'mf-finance',
      from: '1.1.0',
      to: '1.0.0',
      action: 'rollback',
    });
  });

  it('takes --store over RELEASE_STORE', async () => {
    const root = tempDir();
    writeFakeBuild(path.join(root, 'b'), 'mf-admin');
    expect(
      (await cli(root)('publish', 'mf-admin', '--from', 'b', '--store', 'elsewhere')).code,
    ).toBe(0);
    expect(fs.existsSync(path.join(root, 'elsewhere', 'mf-admin', '1.0.0'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'store'))).toBe(false);
  });

  it.each([
    [
      'an unknown remote',
      ['promote', 'mf-nothing', '1.0.0'],
      /Unknown remote "mf-nothing"/,
      /لا توجد واجهة باسم/,
    ],
    [
      'an unknown version',
      ['promote', 'mf-finance', '4.0.0'],
      /Version 4.0.0 of mf-finance is not published/,
      /غير منشور/,
    ],
    ['a republish', ['publish', 'mf-finance', '--from', 'b'], /already published/, /منشور مسبقاً/],
    [
      'a rollback with no history',
      ['rollback', 'mf-finance'],
      /no earlier promoted version/,
      /لا يوجد إصدار سابق/,
    ],
  ])(
    'refuses %s with exit code 1, an Arabic and an English error, and no change',
    async (_case, argv, english, arabic) => {
      const root = tempDir();
      writeFakeBuild(path.join(root, 'b'), 'mf-finance');
      const run = cli(root);
      await run('publish', 'mf-finance', '--from', 'b');
      await run('promote', 'mf-finance', '1.0.0');
      const before = snapshot(path.join(root, 'store'));
      const result = await run(...argv);
      expect(result.code).toBe(1);
      expect(result.err).toMatch(english);
      expect(result.err).toMatch(arabic);
      expect(snapshot(path.join(root, 'store'))).toEqual(before);
    },
  );

  it('refuses an incompatible contracts major with exit code 1', async () => {
    const root = tempDir();
    writeFakeBuild(path.join(root, 'b'), 'mf-finance', { contractsVersion: '0.9.0' });
    const run = cli(root, '1.0.0');
    expect((await run('publish', 'mf-finance', '--from', 'b')).code).toBe(0);
    const result = await run('promote', 'mf-finance', '1.0.0');
    expect(result.code).toBe(1);
    expect(result.err).toContain('a different major cannot be promoted');
    expect(fs.existsSync(path.join(root, 'store', 'remotes.json'))).toBe(false);
  });

  it('refuses a corrupt manifest with exit code 1', async () => {
    const root = tempDir();
    writeFakeBuild(path.join(root, 'b'), 'mf-finance', { manifestJson: '{"name": ' });
    const result = await cli(root)('publish', 'mf-finance', '--from', 'b');
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/manifest .* is corrupt/);
    expect(fs.existsSync(path.join(root, 'store'))).toBe(false);
  });

  it.each([
    [['promote', 'mf-finance']],
    [['frobnicate']],
    [['status', '--colour']],
    [['publish', 'mf-finance', '--from']],
    [[]],
  ])('exits 2 with usage help on bad usage: %j', async (argv) => {
    const result = await cli(tempDir())(...argv);
    expect(result.code).toBe(2);
    expect(`${result.out}${result.err}`).toMatch(/Usage|Unknown|needs a value/);
  });

  it('prints help with exit code 0', async () => {
    const result = await cli(tempDir())('--help');
    expect(result.code).toBe(0);
    expect(result.out).toContain('promote <remote> <version>');
  });

  it('runs ensure-local (covered in ensure-local-releases.test.ts) with exit code 0', async () => {
    expect((await cli(tempDir())('ensure-local', '--store', 'fresh')).code).toBe(0);
  });
});
