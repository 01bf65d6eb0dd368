#!/usr/bin/env node
// `pnpm test:e2e`: make sure Debian's chromium is there, build the product when a build is
// missing (always under CI), then run the browser tests with jest: in shards side by side, each
// with its own site (see shardCount).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
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

/**
 * Seconds each browser test file took in a serial run on a two-core machine (2026-12-06), to split the files
 * into shards of about equal length (a file not listed counts as the median). The figures only
 * balance the shards; a stale one makes a run longer, never wrong.
 */
const SECONDS = {
  'accessibility.e2e.ts': 193,
  'remotes.e2e.ts': 77,
  'layout-shift.e2e.ts': 55,
  'delivery.e2e.ts': 32,
  'beneficiaries.e2e.ts': 27,
  'release.e2e.ts': 23,
  'shell.e2e.ts': 18,
  'staged-rollout.e2e.ts': 15,
  'reports-services.e2e.ts': 14,
  'privacy.e2e.ts': 13,
  'finance.e2e.ts': 11,
  'slots.e2e.ts': 11,
  'services.e2e.ts': 11,
  'admin.e2e.ts': 9,
  'surveys.e2e.ts': 8,
  'reports-engagement.e2e.ts': 8,
  'seminars.e2e.ts': 7,
  'csp.e2e.ts': 6,
  'production-start.e2e.ts': 6,
  'bulk-actions.e2e.ts': 6,
  'family-import.e2e.ts': 6,
  'personal-data.e2e.ts': 6,
  'visits.e2e.ts': 5,
  'reports.e2e.ts': 5,
  'documents.e2e.ts': 4,
  'reports-medical.e2e.ts': 4,
  'family-erasure.e2e.ts': 4,
  'tasks.e2e.ts': 4,
  'dashboard.e2e.ts': 4,
};

/** The files in shards of about equal time: the longest first, each to the lightest shard. */
function shardFiles(files, count) {
  const known = Object.values(SECONDS).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 30;
  const weight = (file) => SECONDS[path.basename(file)] ?? median;
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a))) {
    const lightest = shards.reduce((min, shard) => (shard.seconds < min.seconds ? shard : min));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return shards.filter((shard) => shard.files.length > 0);
}

/** Runs one jest process; its output lines prefixed with the shard's name when there are several. */
function runJest(args, env, prefix) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--config',
        path.join(e2eDir, 'jest.config.js'),
        '--runInBand',
        ...args,
      ],
      { cwd: e2eDir, env: { ...process.env, ...env }, stdio: prefix ? 'pipe' : 'inherit' },
    );
    if (prefix) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: from }).on('line', (line) => to.write(`${prefix} ${line}\n`));
      }
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/**
 * How many sites and jest processes run the files side by side. A browser test spends much of its
 * time waiting (for the API, the page, a debounce), so on two cores two shards finish well before
 * one; E2E_SHARDS overrides. Arguments (a file, `-t name`) mean one run in band, as before.
 */
function shardCount() {
  if (process.argv.length > 2) return 1;
  const asked = Number(process.env.E2E_SHARDS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.min(2, Math.max(1, os.availableParallelism()));
}

const startedAt = Date.now();
ensureChromium();
ensureBuilds();
const count = shardCount();
let status;
if (count === 1) {
  status = await runJest(process.argv.slice(2), {}, '');
} else {
  const files = fs
    .readdirSync(path.join(e2eDir, 'test'))
    .filter((name) => name.endsWith('.e2e.ts'))
    .map((name) => path.join(e2eDir, 'test', name));
  const shards = shardFiles(files, count);
  shards.forEach((shard, index) =>
    console.log(
      `e2e shard ${index + 1}: ${shard.files.length} files, about ${shard.seconds} s: ${shard.files.map((file) => path.basename(file)).join(', ')}`,
    ),
  );
  const codes = await Promise.all(
    shards.map((shard, index) =>
      runJest(
        // Exact paths: each is a pattern to jest, anchored so one name never matches another.
        shard.files.map((file) => `${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
        { E2E_PORT_BASE: String(3900 + 100 * index) },
        `[e2e ${index + 1}]`,
      ),
    ),
  );
  status = codes.find((code) => code !== 0) ?? 0;
}
recordTime('e2e pass (build and tests)', startedAt);
process.exit(status);
