// `pnpm start`: the integrated site on one port, from a fresh clone.
//   1. builds what is missing (host-shell/dist, each remote's dist; `--no-build` skips this).
//      With NODE_ENV=production it builds nothing: it runs what `pnpm build` made (the API and the
//      gateway compiled to JavaScript, no tsx) and refuses to start, in one line, when any of it
//      is missing or older than the sources (build-config/server/compiled-build.cjs)
//   2. publishes + promotes each local remote build the release store lacks (first start)
//   3. starts the API (or reuses one already answering on API_PORT) and waits for /api/health
//   4. starts the gateway and prints the URL and the first login
// The API it started is supervised: when it stops (a crash, `kill -9`, the OOM killer) it is
// started again after 1 s, doubling up to 30 s while it keeps failing (restart-backoff.cjs), one
// log line each time; the gateway goes on serving and answers /api with a 503 meanwhile.
// Ctrl+C (SIGINT) or SIGTERM stops every child it started.
//
// Environment: PORT (8080), HOST (127.0.0.1), API_PORT (3000), RELEASE_STORE (<repo>/.release-store),
// ADMIN_EMAIL / ADMIN_PASSWORD (read by the API on its first start; printed here), API_HEAP_MB (the
// API's heap ceiling, 512; build-config/server/api-heap.cjs).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RestartBackoff } from './restart-backoff.cjs';
import { productionBuildRefusal } from '../../build-config/server/compiled-build.cjs';
import { apiHeapArgs } from '../../build-config/server/api-heap.cjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REMOTES = [
  'mf-beneficiaries',
  'mf-services',
  'mf-finance',
  'mf-engagement',
  'mf-reports',
  'mf-admin',
];

const PORT = process.env.PORT || '8080';
const HOST = process.env.HOST || '127.0.0.1';
const API_PORT = process.env.API_PORT || '3000';
const API_URL = `http://127.0.0.1:${API_PORT}`;
const RELEASE_STORE = path.resolve(REPO, process.env.RELEASE_STORE || '.release-store');
const ADMIN_EMAIL = process.env.ADMIN_EMAIL || 'admin@ataa.local';
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || 'Ataa@12345';
const API_START_TIMEOUT_MS = 180_000;
const GATEWAY_START_TIMEOUT_MS = 60_000;
const SKIP_BUILD = process.argv.slice(2).includes('--no-build');
/** Production runs the compiled servers (`pnpm build`); development runs their sources under tsx. */
const PRODUCTION = process.env.NODE_ENV === 'production';

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
let stopping = false;

function log(line) {
  console.log(`[start] ${line}`);
}

/** pnpm itself: the one running this script when started through `pnpm start`. */
function pnpmCommand(args) {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(path.basename(execPath)) && /\.c?js$/.test(execPath)) {
    return [process.execPath, [execPath, ...args]];
  }
  return ['pnpm', args];
}

/** Runs `pnpm …` to completion (builds, release commands). */
function runPnpm(args, env = {}) {
  const [command, argv] = pnpmCommand(args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, {
      cwd: REPO,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    children.add(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`pnpm ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/**
 * Starts a long-running `pnpm …` in its own process group, so stopping it also stops what pnpm
 * started (tsx and node) instead of leaving them orphaned on the port. `launch` runs another
 * command instead (the compiled gateway: `node dist/main.js` in its package).
 */
function startService(name, args, env, launch) {
  const [command, argv, cwd] = launch ?? [...pnpmCommand(args), REPO];
  const child = spawn(command, argv, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    detached: true,
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(
        `[start] ${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the rest.`,
      );
      void shutdown(1);
    }
  });
  return child;
}

/**
 * The API process itself (`tsx src/main.ts`, what `pnpm --filter api-server start` runs, without
 * pnpm and tsx's launcher in between; in production the compiled `dist/main.js`): a `kill -9` of
 * the API is the exit of this very child, and no launcher is left behind holding the port. In its
 * own process group, like the services.
 */
/** `<store>/.monitor-token`, created (owner-only) on the first start. */
function storeMonitorToken() {
  const file = path.join(RELEASE_STORE, '.monitor-token');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(RELEASE_STORE, { recursive: true });
    fs.writeFileSync(file, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

function spawnApi() {
  const argv = [
    ...apiHeapArgs(process.env),
    ...(PRODUCTION ? ['--enable-source-maps', 'dist/main.js'] : ['--import', 'tsx', 'src/main.ts']),
  ];
  const child = spawn(process.execPath, argv, {
    cwd: path.join(REPO, 'api-server'),
    stdio: 'inherit',
    env: { ...process.env, API_PORT },
    detached: true,
  });
  children.add(child);
  return child;
}

/** Resolves true once `child` answers `url`, false if it exits first. */
async function becomesHealthy(url, child) {
  while (child.exitCode === null && child.signalCode === null && !stopping) {
    if (await isUp(url)) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/**
 * Starts the API and keeps it running: resolves once the first run answers /api/health (a first
 * run that exits or never answers is an error, as a wrong setting would only fail again). From then
 * on, whenever the API stops it is started again after the backoff's delay, which grows while the
 * restarts keep failing and is back to 1 s after a run that was healthy for a minute.
 */
async function superviseApi() {
  const healthUrl = `${API_URL}/api/health`;
  const backoff = new RestartBackoff();
  let supervising = false;
  let restarts = 0;
  const run = () => {
    const child = spawnApi();
    const startedAt = Date.now();
    let healthySince;
    void becomesHealthy(healthUrl, child).then((healthy) => {
      if (healthy) healthySince = Date.now();
    });
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (stopping || !supervising) return;
      // Anything the API left in its process group would hold the port or the data directory.
      killGroup(child, 'SIGKILL');
      const delay = backoff.next(healthySince === undefined ? 0 : Date.now() - healthySince);
      restarts += 1;
      console.error(
        `[start] the API stopped (${signal ?? `exit code ${code}`}) after ${Math.round((Date.now() - startedAt) / 1000)} s; ` +
          `restart ${restarts} in ${delay / 1000} s (the site answers /api with 503 meanwhile)`,
      );
      setTimeout(() => {
        if (!stopping) run();
      }, delay);
    });
    return child;
  };
  const first = run();
  await waitFor(healthUrl, first, API_START_TIMEOUT_MS, 'the API');
  supervising = true;
}

async function isUp(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function waitFor(url, child, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`${what} exited before it answered ${url}`);
    if (await isUp(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not answer ${url} within ${Math.round(timeoutMs / 1000)} s`);
}

function built(file) {
  return fs.existsSync(path.join(REPO, file));
}

async function buildMissing() {
  if (built('host-shell/dist/index.html')) log('host-shell: built');
  else if (!built('host-shell/webpack.config.js')) {
    log('host-shell has no webpack.config.js yet: the gateway will answer pages with a notice');
  } else {
    log('host-shell: building');
    await runPnpm(['--filter', 'host-shell', 'build']);
  }
  // One at a time: a webpack build already uses both cores of these machines.
  for (const remote of REMOTES) {
    if (built(`${remote}/dist/release.json`) && built(`${remote}/dist/mf-manifest.json`)) {
      log(`${remote}: built`);
      continue;
    }
    log(`${remote}: building`);
    await runPnpm(['--filter', remote, 'build']);
  }
}

function killGroup(child, signal) {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  const running = [...children];
  for (const child of running) killGroup(child, 'SIGTERM');
  const exited = Promise.all(
    running.map((child) =>
      child.exitCode !== null ? null : new Promise((resolve) => child.once('exit', resolve)),
    ),
  );
  const timeout = new Promise((resolve) => setTimeout(resolve, 10_000, 'timeout'));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    for (const child of running) killGroup(child, 'SIGKILL');
  }
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));

/** The release CLI's `ensure-local`: compiled in production, from its sources otherwise. */
function ensureLocalReleases() {
  if (!PRODUCTION) {
    return runPnpm(['-s', '--filter', 'gateway', 'release', 'ensure-local'], { RELEASE_STORE });
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/release-cli.js', 'ensure-local'], {
      cwd: path.join(REPO, 'gateway'),
      stdio: 'inherit',
      env: { ...process.env, RELEASE_STORE },
    });
    children.add(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`release ensure-local failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

async function main() {
  if (PRODUCTION) {
    const refusal = productionBuildRefusal({ repo: REPO, remotes: REMOTES });
    if (refusal) {
      console.error(refusal);
      process.exit(1);
    }
    log('production: running the compiled build');
  } else if (SKIP_BUILD) log('--no-build: serving what is built');
  else await buildMissing();

  log(`release store: ${RELEASE_STORE}`);
  await ensureLocalReleases();
  // Shared by the API and the gateway (and read by `pnpm release status`) for the automatic stop
  // of staged rollouts: gateway/README.md, "Staged rollouts".
  process.env.RELEASE_MONITOR_TOKEN ||= storeMonitorToken();

  if (await isUp(`${API_URL}/api/health`)) log(`API already running on ${API_URL}: using it`);
  else {
    log(`starting the API on ${API_URL}`);
    await superviseApi();
  }

  log(`starting the gateway on ${HOST}:${PORT}`);
  const gateway = startService(
    'the gateway',
    ['-s', '--filter', 'gateway', 'start'],
    { PORT, HOST, API_URL, RELEASE_STORE },
    PRODUCTION
      ? [process.execPath, ['--enable-source-maps', 'dist/main.js'], path.join(REPO, 'gateway')]
      : undefined,
  );
  const probeHost = HOST === '0.0.0.0' || HOST === '::' ? '127.0.0.1' : HOST;
  await waitFor(
    `http://${probeHost.includes(':') ? `[${probeHost}]` : probeHost}:${PORT}/remotes.json`,
    gateway,
    GATEWAY_START_TIMEOUT_MS,
    'the gateway',
  );

  const url = `http://localhost:${PORT}`;
  console.log(`
  عطاء جاهز / Ataa is running:  ${url}
  أول دخول / first login:       ${ADMIN_EMAIL}  /  ${
    // A production password is the operator's secret: never echoed to a console or a log.
    process.env.NODE_ENV === 'production' ? '(ADMIN_PASSWORD)' : ADMIN_PASSWORD
  }
  (the super admin is created with these on the API's first start; PORT=… changes the port)
  Ctrl+C to stop.
`);
}

main().catch((error) => {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  void shutdown(1);
});
