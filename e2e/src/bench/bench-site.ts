/**
 * The bench's copy of the site, run as a child process of `pnpm bench` (so the static servers do
 * not share the measuring process's event loop): the API on a fresh PGlite with the demo data,
 * each built remote's dist on its own port, and the gateway serving the host with a remotes.json
 * that points at those ports — the same arrangement as ../serve-site.ts, on the bench's own
 * ports, and tolerant of a remote that is not built (it is left out of remotes.json and reported).
 * Prints one line `READY {"remotes":[…],"missing":[…]}` when everything answers.
 *
 * Env (set by site.ts): BENCH_SITE_OFFSET moves its ports (ports.ts); BENCH_SITE_DIST_ROOT serves
 * `<root>/<pkg>/` instead of each package's dist/ (a baseline build); BENCH_SITE_COMPRESS_API=0
 * leaves API answers uncompressed (as the gateway did before it compressed them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES, type RemotesConfig } from 'shared-contracts';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from 'api-server/src/config';
import { createGateway } from 'gateway/src/gateway';
import { createStaticSite } from 'gateway/src/static-site';
import { REPO_ROOT as root, distDir, isHostBuilt, isRemoteBuilt, type DistDirOf } from './dist';
import { benchRemotePort, sitePorts } from './ports';

const OFFSET = Number(process.env.BENCH_SITE_OFFSET ?? 0);
const DIST_ROOT = process.env.BENCH_SITE_DIST_ROOT || null;
const COMPRESS_API = process.env.BENCH_SITE_COMPRESS_API !== '0';
const PORTS = sitePorts(OFFSET);
const distDirOf: DistDirOf = (pkg) => (DIST_ROOT ? path.join(DIST_ROOT, pkg) : distDir(pkg));

async function waitFor(url: string, timeoutMs: number, api: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.exitCode !== null)
      throw new Error(`The API server exited with ${api.exitCode} while starting`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

function startApi(dataDir: string): ChildProcess {
  return spawn(process.execPath, [require.resolve('tsx/cli'), 'src/main.ts'], {
    cwd: path.join(root, 'api-server'),
    env: {
      ...process.env,
      API_PORT: String(PORTS.api),
      API_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      API_LOG: 'false',
      // The bench logs in with the documented local defaults, whatever the caller's shell says.
      ADMIN_EMAIL: DEFAULT_ADMIN_EMAIL,
      ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD,
      // One address logs in once per measured run.
      LOGIN_RATE_LIMIT_IP: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-bench-'));
  const storeDir = path.join(work, 'store');
  fs.mkdirSync(storeDir);
  if (!isHostBuilt(distDirOf)) throw new Error(`No host build in ${distDirOf('host-shell')}`);
  const served = REMOTE_NAMES.filter((remote) => isRemoteBuilt(remote, distDirOf));
  const missing = REMOTE_NAMES.filter((remote) => !served.includes(remote));
  const config: RemotesConfig = { remotes: {} };
  for (const remote of served) {
    const release = JSON.parse(
      fs.readFileSync(path.join(distDirOf(remote), 'release.json'), 'utf8'),
    ) as {
      version: string;
    };
    config.remotes[remote] = {
      version: release.version,
      manifest: `http://127.0.0.1:${benchRemotePort(remote, OFFSET)}/mf-manifest.json`,
    };
  }
  fs.writeFileSync(path.join(storeDir, 'remotes.json'), JSON.stringify(config, null, 2));

  const api = startApi(path.join(work, 'pglite'));
  const closers: Array<() => Promise<void>> = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const close of closers.reverse()) await close().catch(() => undefined);
    if (api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((resolve) => {
        api.once('exit', resolve);
        setTimeout(resolve, 5000);
      });
    }
    fs.rmSync(work, { recursive: true, force: true });
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown(0));
  if (process.env.BENCH_SITE_WATCH_STDIN === '1') {
    // The bench holds our stdin open; end of input means it has gone.
    process.stdin.on('end', () => void shutdown(0));
    process.stdin.resume();
  }
  process.on('SIGINT', () => void shutdown(0));

  try {
    for (const remote of served) {
      const site = await createStaticSite({
        root: distDirOf(remote),
        port: benchRemotePort(remote, OFFSET),
        cors: true,
      });
      closers.push(() => site.close());
    }
    const gateway = await createGateway({
      hostDist: distDirOf('host-shell'),
      storeDir,
      apiUrl: `http://127.0.0.1:${PORTS.api}`,
      port: PORTS.host,
      compressApi: COMPRESS_API,
    });
    closers.push(() => gateway.close());
    await waitFor(`http://127.0.0.1:${PORTS.api}/api/health`, 90000, api);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    await shutdown(1);
    return;
  }
  process.stdout.write(`READY ${JSON.stringify({ remotes: served, missing })}\n`);
  api.on('exit', (code) => {
    if (!stopping && code !== 0 && code !== null) {
      process.stderr.write(`The bench API server exited with ${code}\n`);
      void shutdown(1);
    }
  });
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
