import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * `pnpm new:resource` end to end: a resource generated into a git worktree of HEAD (the real tree
 * is never written) compiles in every package it touches, lints, passes its own generated tests, and is
 * at most 8 new files plus the two one-line central edits (CONTRIBUTING.md "Adding a resource").
 * The worktree shares the installed packages: each package's node_modules entries are linked to
 * what they resolve to, workspace packages to the worktree's own copy.
 */

const REPO = path.resolve(__dirname, '..', '..');
const REMOTE = 'mf-services';
const NAME = 'donors';
const MAX_NEW_FILES = 8;

/**
 * The environment of the commands run in the worktree: without the test run's summary files, so
 * the generated tests' own jest run is not counted in CI's totals and timings.
 */
function worktreeEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: '1' };
  delete env.ATAA_TEST_SUMMARY;
  delete env.ATAA_TEST_TIMINGS;
  return env;
}

function run(command: string, args: readonly string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: worktreeEnv() });
  return { code: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/**
 * The compiler's errors the new resource is part of: in its files or the two edited lists, or
 * naming it. (Errors elsewhere at HEAD belong to whoever made them, and fail their own checks.)
 */
function errorsOfResource(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /error TS/.test(line))
    .filter((line) => new RegExp(`${NAME}|registry\\.ts|modules/index\\.ts`).test(line));
}

/** `dir/<pkg>/node_modules` as links: installed packages to the store, workspace ones to `dir`. */
function linkNodeModules(dir: string) {
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'));
  const packages = fs
    .readdirSync(REPO, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && fs.existsSync(path.join(REPO, entry.name, 'node_modules')),
    )
    .map((entry) => entry.name)
    .filter((name) => name !== 'node_modules' && fs.existsSync(path.join(dir, name)));
  const workspace = (real: string) =>
    real.startsWith(`${REPO}${path.sep}`) && !real.includes(`${path.sep}node_modules${path.sep}`)
      ? path.join(dir, path.relative(REPO, real))
      : real;
  for (const name of packages) {
    const from = path.join(REPO, name, 'node_modules');
    const to = path.join(dir, name, 'node_modules');
    fs.mkdirSync(to, { recursive: true });
    for (const entry of fs.readdirSync(from)) {
      const entries = entry.startsWith('@')
        ? fs.readdirSync(path.join(from, entry)).map((scoped) => path.join(entry, scoped))
        : [entry];
      if (entry.startsWith('@')) fs.mkdirSync(path.join(to, entry), { recursive: true });
      for (const each of entries) {
        const source = path.join(from, each);
        fs.symlinkSync(
          each === '.bin' ? source : workspace(fs.realpathSync(source)),
          path.join(to, each),
        );
      }
    }
  }
}

describe('pnpm new:resource', () => {
  let dir = '';

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'new-resource-'));
    const added = run('git', ['worktree', 'add', '--detach', dir, 'HEAD'], REPO);
    if (added.code !== 0) throw new Error(added.output);
    linkNodeModules(dir);
    const generated = run(
      'node',
      [
        path.join(REPO, 'build-config/generator/new-resource.mjs'),
        NAME,
        '--remote',
        REMOTE,
        '--singular',
        'متبرع',
        '--plural',
        'متبرعون',
        '--title',
        'المتبرعون',
        '--genitive',
        'المتبرعين',
        '--gender',
        'm',
        '--root',
        dir,
      ],
      dir,
    );
    if (generated.code !== 0) throw new Error(generated.output);
  }, 60_000);

  afterAll(() => {
    if (!dir) return;
    run('git', ['worktree', 'remove', '--force', dir], REPO);
    fs.rmSync(dir, { recursive: true, force: true });
    run('git', ['worktree', 'prune'], REPO);
  });

  test('writes at most 8 files and two one-line central edits', () => {
    const status = run('git', ['status', '--porcelain', '--untracked-files=all'], dir).output;
    // The worktree's own `node_modules` links are not the resource's.
    const added = status
      .split('\n')
      .filter((line) => line.startsWith('??') && !line.endsWith('node_modules'));
    expect(added.length).toBeLessThanOrEqual(MAX_NEW_FILES);
    const numstat = run('git', ['diff', '--numstat'], dir)
      .output.trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(numstat.map(([, , file]) => file).sort()).toEqual([
      'api-server/src/modules/index.ts',
      'shared-contracts/src/resources/registry.ts',
    ]);
    const diff = run('git', ['diff', '-U0'], dir).output;
    const changed = diff.split('\n').filter((line) => /^[+-](?![+-])/.test(line));
    // The registry line, and the module with its import.
    expect(changed).toEqual([
      "+import { donorsModule } from './donors';",
      '+  donorsModule,',
      "+export { donorsResource } from './donors';",
    ]);
  });

  test('its files and the two edited lists typecheck', () => {
    // One program rooted at what the generator wrote and edited: the compiler follows their
    // imports into each package they touch, and skips the hundreds of files nothing new reaches
    // (every package's own tests), which `pnpm typecheck` covers anyway.
    const roots = run('git', ['status', '--porcelain', '--untracked-files=all'], dir)
      .output.split('\n')
      .map((line) => line.slice(3))
      .filter((file) => /\.tsx?$/.test(file));
    expect(roots).toEqual(
      expect.arrayContaining([
        'api-server/src/modules/index.ts',
        'shared-contracts/src/resources/registry.ts',
      ]),
    );
    // What a package's own typecheck has in scope without importing it: its test set-up (the
    // jest-dom matchers) and its declaration files.
    const packages = new Set(roots.map((file) => file.split('/')[0] ?? ''));
    const ambient = run('git', ['ls-files', '*.d.ts', '*/src/testing/setup-tests.ts'], dir)
      .output.split('\n')
      .filter((file) => file !== '' && packages.has(file.split('/')[0] ?? ''));
    const config = path.join(dir, 'tsconfig.new-resource.json');
    fs.writeFileSync(
      config,
      JSON.stringify({
        extends: './tsconfig.base.json',
        files: [...roots, ...ambient],
        include: [],
      }),
    );
    const result = run(path.join(REPO, 'node_modules/.bin/tsc'), ['-p', config, '--noEmit'], dir);
    expect(errorsOfResource(result.output)).toEqual([]);
  }, 600_000);

  test('its files and the two edited lists pass the linter', () => {
    const files = run('git', ['status', '--porcelain', '--untracked-files=all'], dir)
      .output.split('\n')
      .map((line) => line.slice(3))
      .filter((file) => /\.tsx?$/.test(file));
    const result = run(
      process.execPath,
      [path.join(REPO, 'node_modules/eslint/bin/eslint.js'), ...files],
      dir,
    );
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);

  test('its generated API and page tests pass', () => {
    const result = run(
      process.execPath,
      [
        path.join(REPO, 'node_modules/jest/bin/jest.js'),
        '--ci',
        `api-server/test/${NAME}.test.ts`,
        `${REMOTE}/test/${NAME}-pages.test.tsx`,
      ],
      dir,
    );
    expect(result.output).toMatch(/Tests:\s+\d+ passed, \d+ total/);
    expect(result.code).toBe(0);
  }, 600_000);
});
