#!/usr/bin/env node
// `pnpm test:e2e`: make sure Debian's chromium is there, build the product when a build is
// missing (always under CI), then run the browser tests with jest.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(e2eDir, '..');
const PACKAGES = ['host-shell', 'mf-beneficiaries', 'mf-services', 'mf-finance', 'mf-engagement', 'mf-reports', 'mf-admin'];

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

function ensureBuilds() {
  const missing = PACKAGES.filter((pkg) => !fs.existsSync(path.join(root, pkg, 'dist', 'mf-manifest.json')));
  if (process.env.CI || missing.length > 0) {
    console.log(process.env.CI ? 'Building the product (CI)…' : `Building ${missing.join(', ')}…`);
    execFileSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
  }
}

ensureChromium();
ensureBuilds();
const jest = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--config', path.join(e2eDir, 'jest.config.js'), '--runInBand', ...process.argv.slice(2)],
  { cwd: e2eDir, stdio: 'inherit' },
);
process.exit(jest.status ?? 1);
