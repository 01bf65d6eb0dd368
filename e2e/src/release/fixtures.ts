/**
 * What the release test does outside the browser: build a remote as another version, prepare a
 * release built "against another contracts major", run the release CLI, and fingerprint files.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import type { RemoteName } from 'shared-contracts';
import { openPage, type TrackedPage } from '../browser';
import type { ReleaseSiteInfo } from './release-site';
import { RELEASE_SITE_CONTROL_URL } from './ports';

const run = promisify(execFile);
export const REPO_ROOT = path.resolve(__dirname, '../../..');

/** A fresh release site (its previous store, if any, is thrown away). */
export async function startReleaseSite(): Promise<ReleaseSiteInfo> {
  const response = await fetch(`${RELEASE_SITE_CONTROL_URL}/start`, { method: 'POST' });
  if (!response.ok) throw new Error(`Could not start the release site: ${await response.text()}`);
  return (await response.json()) as ReleaseSiteInfo;
}

export async function stopReleaseSite(): Promise<void> {
  await fetch(`${RELEASE_SITE_CONTROL_URL}/stop`, { method: 'POST' });
}

/**
 * `RELEASE_VERSION=<version> RELEASE_OUT_DIR=<outDir> pnpm --filter <remote> build`: the same
 * source built as another version, beside the remote's own dist (which stays as it is).
 */
export async function buildRemoteAs(
  remote: RemoteName,
  version: string,
  outDir: string,
): Promise<void> {
  try {
    await run('pnpm', ['--filter', remote, 'build'], {
      cwd: REPO_ROOT,
      env: { ...process.env, RELEASE_VERSION: version, RELEASE_OUT_DIR: outDir },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(
      `Building ${remote} ${version} failed:\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`,
    );
  }
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The release CLI. `pnpm -s release …` (the documented command) when `viaPnpm`; otherwise what
 * that script runs, `tsx src/release/cli.ts …` in gateway/, without pnpm's two seconds of start-up.
 */
export async function releaseCli(
  args: string[],
  options: { viaPnpm?: boolean } = {},
): Promise<CliResult> {
  const [file, argv, cwd] = options.viaPnpm
    ? ['pnpm', ['-s', 'release', ...args], REPO_ROOT]
    : [
        process.execPath,
        [require.resolve('tsx/cli'), 'src/release/cli.ts', ...args],
        path.join(REPO_ROOT, 'gateway'),
      ];
  try {
    const { stdout, stderr } = await run(file, argv, { cwd, env: process.env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number | string; stdout?: string; stderr?: string };
    if (typeof failure.code !== 'number') throw error;
    return { code: failure.code, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
  }
}

/** Every file under `dir` (relative path → sha256), to prove a release left them byte-identical. */
export function fingerprint(dir: string): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        result[path.relative(dir, full)] = createHash('sha256')
          .update(fs.readFileSync(full))
          .digest('hex');
    }
  };
  walk(dir);
  return result;
}

/**
 * A copy of a build that claims another version and another shared-contracts version, as a
 * release built against that contracts major would (release.json and the manifest's buildInfo;
 * the build itself has no switch for this on purpose: see build-config/webpack/release-env.js).
 */
export function copyBuildAs(
  from: string,
  to: string,
  release: { version: string; contractsVersion: string },
): void {
  fs.cpSync(from, to, { recursive: true });
  const releaseFile = path.join(to, 'release.json');
  const info = JSON.parse(fs.readFileSync(releaseFile, 'utf8')) as Record<string, unknown>;
  writeBuildFile(releaseFile, `${JSON.stringify({ ...info, ...release }, null, 2)}\n`);
  for (const name of ['mf-manifest.json', 'mf-stats.json']) {
    const file = path.join(to, name);
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      metaData: { buildInfo: Record<string, unknown> };
    };
    manifest.metaData.buildInfo = {
      ...manifest.metaData.buildInfo,
      buildVersion: release.version,
      contractsVersion: release.contractsVersion,
    };
    writeBuildFile(file, JSON.stringify(manifest, null, 2));
  }
}

/**
 * Changes one text of a build's JavaScript, as a source change would (so two builds of one source
 * render differently). Returns false when no chunk has it; more than one is an error.
 */
export function replaceTextInBuild(dir: string, from: string, to: string): boolean {
  const files = fs
    .readdirSync(dir)
    .filter(
      (name) =>
        name.endsWith('.js') && fs.readFileSync(path.join(dir, name), 'utf8').includes(from),
    );
  if (files.length === 0) return false;
  if (files.length > 1)
    throw new Error(`"${from}" is in ${files.length} chunks of ${dir}, expected 1`);
  const file = path.join(dir, files[0]!);
  writeBuildFile(file, fs.readFileSync(file, 'utf8').split(from).join(to));
  return true;
}

/**
 * Rewrites a file of a build. The build precompresses every text asset and the gateway prefers
 * those copies, so they are written again from the new text (or browsers would get the old one).
 */
function writeBuildFile(file: string, text: string): void {
  fs.writeFileSync(file, text);
  if (fs.existsSync(`${file}.br`)) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  if (fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

/** browser.ts openPage (CSP violations watched), on another origin (the release site). */
export function openPageAt(browser: Browser, baseURL: string): Promise<TrackedPage> {
  return openPage(browser, { baseURL });
}

const versionParts = (version: string) => {
  const [major = 0, minor = 0, patch = 0] = version.split(/[-+]/)[0]!.split('.').map(Number);
  return { major, minor, patch };
};

/** The next patch version (1.0.0 → 1.0.1; a pre-release or build suffix is dropped). */
export function nextPatch(version: string): string {
  const { major, minor, patch } = versionParts(version);
  return `${major}.${minor}.${patch + 1}`;
}

/** The next major version (1.0.1 → 2.0.0). */
export function nextMajor(version: string): string {
  return `${versionParts(version).major + 1}.0.0`;
}
