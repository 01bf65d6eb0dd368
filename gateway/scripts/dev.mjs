// `pnpm dev [remote…]`: the dev loop. Edits show in the browser without a page reload.
//   - the API in watch mode (`tsx watch`: restarts on a change under api-server or shared-contracts)
//     on API_PORT (3000), or the API already answering there;
//   - the gateway in watch mode on PORT (8080), in front of that API: the dev servers send /api
//     through it, so the site's proxy rules (body limit, Arabic 503 while the API restarts) hold;
//   - a webpack dev server with React Fast Refresh for each remote named (every remote when none
//     is), one after another so two cores are not asked to compile seven bundles at once;
//   - the host's dev server on 3100, whose /remotes.json points those remotes at their dev servers
//     and keeps the released version (the release store's) of every other one.
// Ctrl+C (SIGINT) or SIGTERM stops every child it started.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REMOTES = fs
  .readdirSync(REPO)
  .filter((dir) => dir.startsWith('mf-') && fs.existsSync(path.join(REPO, dir, 'package.json')))
  .sort();
const HOST_DEV_PORT = 3100;
const PORT = process.env.PORT || '8080';
const API_PORT = process.env.API_PORT || '3000';
const API_URL = `http://127.0.0.1:${API_PORT}`;
const GATEWAY_URL = `http://127.0.0.1:${PORT}`;
const RELEASE_STORE = path.resolve(REPO, process.env.RELEASE_STORE || '.release-store');
const START_TIMEOUT_MS = 600_000;

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
let stopping = false;

function log(line) {
  console.log(`[dev] ${line}`);
}

/** The remotes asked for on the command line (none: all of them); an unknown name stops here. */
function remotesToDevelop(args) {
  const names = args.filter((arg) => !arg.startsWith('-'));
  if (names.length === 0) return REMOTES;
  const unknown = names.filter((name) => !REMOTES.includes(name));
  if (unknown.length > 0) {
    console.error(
      `[dev] قسم غير معروف: ${unknown.join('، ')} / unknown remote: ${unknown.join(', ')} (${REMOTES.join(', ')})`,
    );
    process.exit(2);
  }
  return names;
}

function devPortOf(remote) {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO, remote, 'package.json'), 'utf8'));
  return pkg.federation.devPort;
}

/** pnpm itself: the one running this script when started through `pnpm dev`. */
function pnpmCommand(args) {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(path.basename(execPath)) && /\.c?js$/.test(execPath)) {
    return [process.execPath, [execPath, ...args]];
  }
  return ['pnpm', args];
}

/**
 * A long-running `pnpm …` in its own process group, so stopping it also stops what pnpm started
 * (webpack, tsx and its child) instead of leaving them on the port. If one stops by itself, the
 * rest stop too: a dev loop with a dead part would only mislead.
 */
function startService(name, args, env = {}) {
  const [command, argv] = pnpmCommand(args);
  const child = spawn(command, argv, {
    cwd: REPO,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    detached: true,
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`[dev] ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      void shutdown(1);
    }
  });
  return child;
}

async function isUp(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function waitFor(url, child, what) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && !stopping) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited before it answered ${url}`);
    if (await isUp(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!stopping) throw new Error(`${what} did not answer ${url} in time`);
}

function killGroup(child, signal) {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // already gone
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

/** Tells which of the other remotes have no released version to fall back on. */
function reportReleased(developed) {
  const file = path.join(RELEASE_STORE, 'remotes.json');
  const released = fs.existsSync(file)
    ? Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')).remotes ?? {})
    : [];
  const missing = REMOTES.filter((name) => !developed.includes(name) && !released.includes(name));
  if (missing.length > 0) {
    log(
      `no released version of ${missing.join(', ')} in ${RELEASE_STORE}: their pages show the error panel ` +
        '(`pnpm start` once publishes the local builds)',
    );
  }
}

async function main() {
  if (process.env.NODE_ENV === 'production') {
    console.error(
      '[dev] pnpm dev لا يعمل في وضع الإنتاج / pnpm dev does not run with NODE_ENV=production',
    );
    process.exit(2);
  }
  const developed = remotesToDevelop(process.argv.slice(2));

  if (await isUp(`${API_URL}/api/health`)) log(`API already running on ${API_URL}: using it`);
  else {
    log(`starting the API in watch mode on ${API_URL}`);
    const api = startService('the API', ['-s', '--filter', 'api-server', 'dev'], { API_PORT });
    await waitFor(`${API_URL}/api/health`, api, 'the API');
  }

  log(`starting the gateway in watch mode on ${GATEWAY_URL}`);
  const gateway = startService('the gateway', ['-s', '--filter', 'gateway', 'dev'], {
    PORT,
    API_URL,
    RELEASE_STORE,
  });
  await waitFor(`${GATEWAY_URL}/remotes.json`, gateway, 'the gateway');

  const devEnv = { DEV_API_URL: GATEWAY_URL, NODE_ENV: 'development' };
  for (const remote of developed) {
    const port = devPortOf(remote);
    log(`${remote}: dev server on http://localhost:${port}`);
    const server = startService(remote, ['-s', '--filter', remote, 'dev'], devEnv);
    await waitFor(`http://127.0.0.1:${port}/mf-manifest.json`, server, remote);
  }
  reportReleased(developed);

  log(`host-shell: dev server on http://localhost:${HOST_DEV_PORT}`);
  const host = startService('host-shell', ['-s', '--filter', 'host-shell', 'dev'], {
    ...devEnv,
    DEV_REMOTES: developed.join(','),
    RELEASE_STORE,
  });
  await waitFor(`http://127.0.0.1:${HOST_DEV_PORT}/`, host, 'host-shell');

  console.log(`
  عطاء للتطوير / Ataa dev loop:  http://localhost:${HOST_DEV_PORT}
  from dev servers: ${developed.join(', ')}${developed.length < REMOTES.length ? '; the others: their released versions' : ''}
  Edits show without a page reload. Ctrl+C to stop.
`);
}

main().catch((error) => {
  console.error(`[dev] ${error instanceof Error ? error.message : String(error)}`);
  void shutdown(1);
});
