#!/usr/bin/env node
// `pnpm bench`: bundle sizes, load timings and API throughput of the built product, printed
// beside their targets (figures, not a pass/fail test). Builds the product first when a build is
// missing (`--build` forces it), then runs src/bench/main.ts with tsx. Never downloads a browser:
// it uses Debian's chromium like the e2e suite. Env: see src/bench/main.ts — among them
// BENCH_BASELINE=<dir> (`--baseline <dir>` here): an earlier build (host-shell/ and one directory
// per remote, copied from their dist/) measured beside the current one in the same run, so the
// summary shows before and after figures taken on the same machine at the same time.
// Then the API's busy-morning load test (api-server `bench:busy`): 15 s per configuration by
// default, BENCH_BUSY=full for 60 s, BENCH_BUSY=0 to leave it out (see the end of this file).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const startedAt = Date.now();
const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(e2eDir, '..');
const require = createRequire(import.meta.url);
const REMOTES = [
  'mf-beneficiaries',
  'mf-services',
  'mf-finance',
  'mf-engagement',
  'mf-reports',
  'mf-admin',
];
const PACKAGES = ['host-shell', ...REMOTES];

function isBuilt(pkg) {
  const dist = path.join(root, pkg, 'dist');
  const files =
    pkg === 'host-shell'
      ? ['index.html', 'main.js']
      : ['mf-manifest.json', 'remoteEntry.js', 'release.json'];
  return files.every((file) => fs.existsSync(path.join(dist, file)));
}

// BENCH_ONLY=import: a large family import through the API alone (src/bench/import.ts);
// BENCH_ONLY=documents: document uploads (a 5 MB PDF, a 4,000 px photo) and a family's list of 50
// documents through the gateway, and the API's memory while uploading (src/bench/documents.ts).
// Neither needs the browser or a build of the product, so they run before either is looked for.
const noBuild = { import: 'import.ts', documents: 'documents.ts' }[process.env.BENCH_ONLY ?? ''];
if (noBuild) {
  const noBuildRun = spawnSync(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(e2eDir, 'src', 'bench', noBuild)],
    { cwd: e2eDir, stdio: 'inherit', env: process.env },
  );
  process.exit(noBuildRun.status ?? 1);
}

// BENCH_ONLY=tasks: «مهامي» on a large register through the API alone (api-server
// scripts/bench-tasks.ts): GET /my/tasks/count and GET /my/tasks with 100,000 families.
if (process.env.BENCH_ONLY === 'tasks') {
  const tasksRun = spawnSync('pnpm', ['--filter', 'api-server', 'run', 'bench:tasks'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  process.exit(tasksRun.status ?? 1);
}

// BENCH_ONLY=bulk: a bulk action over 1,000 families through the API alone (api-server
// scripts/bench-bulk.ts): assign a researcher, then change their status, each timed to its result.
if (process.env.BENCH_ONLY === 'bulk') {
  const bulkRun = spawnSync('pnpm', ['--filter', 'api-server', 'run', 'bench:bulk'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  process.exit(bulkRun.status ?? 1);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `The bench needs Debian's chromium at ${chromium} (it never downloads a browser): sudo apt-get install -y chromium`,
  );
  process.exit(1);
}

/** Runs a command with its output shown as it comes; resolves to its exit code and output. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('error', (error) => resolve({ status: null, output: `${output}${error}` }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

/** Built during this run: its manifest is newer than `since`. */
function builtSince(pkg, since) {
  try {
    return fs.statSync(path.join(root, pkg, 'dist', 'mf-manifest.json')).mtimeMs >= since;
  } catch {
    return false;
  }
}

const baselineAt = process.argv.indexOf('--baseline');
if (baselineAt >= 0) {
  const dir = process.argv[baselineAt + 1];
  if (!dir || !fs.existsSync(path.join(dir, 'host-shell', 'index.html'))) {
    console.error(
      `--baseline ${dir ?? ''}: expected a directory with host-shell/index.html and the remotes' builds`,
    );
    process.exit(1);
  }
  process.env.BENCH_BASELINE = path.resolve(dir);
}

const build = { ran: false, seconds: 0, failed: [], missing: [] };
const force = process.argv.includes('--build');
const missing = PACKAGES.filter((pkg) => !isBuilt(pkg));
if (force || missing.length > 0) {
  console.log(
    force
      ? 'Building the product (--build)…'
      : `No build of ${missing.join(', ')}: building the product (pnpm build)…`,
  );
  const started = Date.now();
  build.ran = true;
  const result = await run('pnpm', ['build']);
  if (result.status !== 0) {
    // `pnpm -r` stops at the first failure: note which package failed, then build the ones it
    // did not get to one at a time, so one broken remote does not keep the others unmeasured.
    for (const match of result.output.matchAll(/ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL\s+(\S+)@/g)) {
      if (PACKAGES.includes(match[1]) && !build.failed.includes(match[1]))
        build.failed.push(match[1]);
    }
    for (const pkg of PACKAGES) {
      if (build.failed.includes(pkg) || builtSince(pkg, started)) continue;
      console.log(`\nBuilding ${pkg} alone…`);
      if ((await run('pnpm', ['--filter', pkg, 'build'])).status !== 0) build.failed.push(pkg);
    }
    if (build.failed.length === 0) build.failed.push('(pnpm build failed; see its output)');
  }
  build.seconds = (Date.now() - started) / 1000;
  build.missing = PACKAGES.filter((pkg) => !isBuilt(pkg));
  if (build.failed.length > 0) {
    console.log(`\nBuild failed for: ${build.failed.join(', ')} — measuring the rest.`);
  }
}

// BENCH_ONLY=visits: only the section visits, with more runs (src/bench/visits.ts); BENCH_ONLY=pages:
// only the first visits of the seminar list and the financial report until their rows and charts
// are drawn (src/bench/pages.ts); BENCH_ONLY=lighthouse: Lighthouse's Core Web Vitals, mobile and
// desktop presets, of the login page and each section's first page (src/bench/lighthouse.ts);
// BENCH_ONLY=overload: 50 connections searching families through the gateway on both databases,
// with the API's admission control (src/bench/overload.ts). None runs the API benchmarks after them.
// (BENCH_ONLY=import and BENCH_ONLY=documents are handled above: they need no build.)
const only = {
  visits: 'visits.ts',
  pages: 'pages.ts',
  lighthouse: 'lighthouse.ts',
  overload: 'overload.ts',
}[process.env.BENCH_ONLY ?? ''];
const visitsOnly = only !== undefined;
const child = spawnSync(
  process.execPath,
  [require.resolve('tsx/cli'), path.join(e2eDir, 'src', 'bench', only ?? 'main.ts')],
  {
    cwd: e2eDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      BENCH_STARTED_AT: String(startedAt),
      BENCH_BUILD_REPORT: JSON.stringify(build),
    },
  },
);

/** Runs one more bench module (src/bench/<file>) in its own process; figures, not a test. */
function runBenchModule(file) {
  const run = spawnSync(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(e2eDir, 'src', 'bench', file)],
    {
      cwd: e2eDir,
      stdio: 'inherit',
      env: process.env,
    },
  );
  if (run.status !== 0) console.log(`${file} exited with ${run.status ?? run.signal ?? run.error}`);
}
const off = (name) =>
  ['0', 'false', 'no', 'off'].includes((process.env[name] ?? '1').toLowerCase());
// Lighthouse's Core Web Vitals (src/bench/lighthouse.ts, a few minutes): BENCH_LIGHTHOUSE=0 leaves
// them out. The overload test (src/bench/overload.ts: 30 s a run, four runs, plus the data):
// BENCH_OVERLOAD=0 leaves it out, as does BENCH_SKIP_API=1.
if (!visitsOnly && !off('BENCH_LIGHTHOUSE')) runBenchModule('lighthouse.ts');
if (!visitsOnly && !off('BENCH_OVERLOAD') && process.env.BENCH_SKIP_API !== '1')
  runBenchModule('overload.ts');

// The busy-morning load test (api-server/scripts/bench-busy-morning.ts) runs after
// the figures above, in its own process: 50 staff against PGlite (20,000 families) and PostgreSQL
// (100,000 families, 1 and 2 API processes). By default a short version, 15 s per
// configuration (an estimated 4–5 minutes with the data generation); BENCH_BUSY=full (or 1) runs
// the 60 s the README's measured figures use, BENCH_BUSY=0 leaves it out, as does BENCH_SKIP_API=1;
// BENCH_BUSY_SECONDS sets the length (BENCH_SECONDS stays the API throughput bench's). Its other settings (BENCH_USERS,
// BENCH_CONFIGS, BENCH_FAMILIES_PGLITE, BENCH_FAMILIES_PG) pass through. Figures, not a test:
// it does not change the exit code.
const busy = (process.env.BENCH_BUSY ?? 'short').toLowerCase();
if (
  !visitsOnly &&
  process.env.BENCH_SKIP_API !== '1' &&
  !['0', 'false', 'no', 'off'].includes(busy)
) {
  const full = ['1', 'full', 'true', 'yes', 'on'].includes(busy);
  const seconds = process.env.BENCH_BUSY_SECONDS || (full ? '60' : '15');
  console.log(
    `\nAPI: busy morning (pnpm --filter api-server bench:busy), ${seconds} s per configuration` +
      (full ? '' : ' — BENCH_BUSY=full for 60 s, BENCH_BUSY=0 to leave it out'),
  );
  const busyRun = spawnSync('pnpm', ['--filter', 'api-server', 'bench:busy'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_SECONDS: seconds },
  });
  if (busyRun.status !== 0) {
    console.log(`bench:busy exited with ${busyRun.status ?? busyRun.signal ?? busyRun.error}`);
  }
}
// The dashboard and every report on 100,000 families / 500,000 members on PostgreSQL (
// api-server `bench:reports`, about 6 minutes with the data generation). BENCH_REPORTS=0 leaves
// it out, as does BENCH_SKIP_API=1; its settings (BENCH_RUNS…) pass through. Figures, not a test.
if (
  !visitsOnly &&
  process.env.BENCH_SKIP_API !== '1' &&
  !['0', 'false', 'no', 'off'].includes((process.env.BENCH_REPORTS ?? '1').toLowerCase())
) {
  console.log(
    '\nAPI: dashboard and reports (pnpm --filter api-server bench:reports) — BENCH_REPORTS=0 to leave it out',
  );
  const reportsRun = spawnSync('pnpm', ['--filter', 'api-server', 'bench:reports'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  if (reportsRun.status !== 0) {
    console.log(
      `bench:reports exited with ${reportsRun.status ?? reportsRun.signal ?? reportsRun.error}`,
    );
  }
}
process.exit(child.status ?? 1);
