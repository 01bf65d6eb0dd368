#!/usr/bin/env node
// `pnpm test:e2e`: make sure Debian's chromium is there, build the product when a build is
// missing (always under CI), then run the browser tests with jest.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(e2eDir, '..');
const PACKAGES = [
  'host-shell',
  'mf-beneficiaries',
  'mf-services',
  'mf-finance',
  'mf-engagement',
  'mf-reports',
  'mf-admin',
];

function ensureChromium() {
  const found = spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).stdout.trim();
  if (found) return;
  if (process.getuid?.() === 0) {
    console.log('Installing Debian chromium for the browser tests…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  console.error('The browser tests need Debian chromium: sudo apt-get install -y chromium');
  process.exit(1);
}

/** Prints how long a step of the e2e pass took, and keeps it for CI's summary ($ATAA_TEST_TIMINGS). */
function recordTime(step, startedAt) {
  const line = `${step.padEnd(28)} ${`${((Date.now() - startedAt) / 1000).toFixed(1)} s`.padStart(9)}`;
  console.log(`\n${line}`);
  if (process.env.ATAA_TEST_TIMINGS) fs.appendFileSync(process.env.ATAA_TEST_TIMINGS, `${line}\n`);
}

function ensureBuilds() {
  const missing = PACKAGES.filter(
    (pkg) => !fs.existsSync(path.join(root, pkg, 'dist', 'mf-manifest.json')),
  );
  if (process.env.CI || missing.length > 0) {
    console.log(process.env.CI ? 'Building the product (CI)…' : `Building ${missing.join(', ')}…`);
    const startedAt = Date.now();
    execFileSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
    recordTime('e2e build (pnpm build)', startedAt);
  }
}

const startedAt = Date.now();
ensureChromium();
ensureBuilds();
const jest = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--config',
    path.join(e2eDir, 'jest.config.js'),
    '--runInBand',
    ...process.argv.slice(2),
  ],
  { cwd: e2eDir, stdio: 'inherit' },
);
recordTime('e2e pass (build and tests)', startedAt);
process.exit(jest.status ?? 1);
