/**
 * Serves the built product for the browser tests, as production would run it but with every
 * remote on its own port: the API on a fresh database, each remote's dist as a static site, and
 * the gateway serving the host with a remotes.json that points at those ports. A small control
 * server lets a test stop and restart one remote ("a remote made unreachable"), and start or stop
 * the release test's own site (release/release-site.ts: another gateway with its own store).
 * Prints `READY` on stdout when everything answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName, type RemotesConfig } from 'shared-contracts';
import { createGateway } from 'gateway/src/gateway';
import { createStaticSite } from 'gateway/src/static-site';
import { E2E_PORTS, remotePort } from './ports';
import { createReleaseSiteControl } from './release/release-site';
import { E2E_MONITOR_TOKEN } from './release/ports';

const root = path.resolve(__dirname, '../..');

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
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
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), 'src/main.ts'], {
    cwd: path.join(root, 'api-server'),
    env: {
      ...process.env,
      API_PORT: String(E2E_PORTS.api),
      API_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      API_LOG: 'false',
      // The release site's gateway reads the browsers' figures with it (staged rollouts).
      RELEASE_MONITOR_TOKEN: E2E_MONITOR_TOKEN,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-e2e-'));
  const storeDir = path.join(work, 'store');
  fs.mkdirSync(storeDir);
  const config: RemotesConfig = { remotes: {} };
  for (const remote of REMOTE_NAMES) {
    const release = JSON.parse(
      fs.readFileSync(path.join(root, remote, 'dist', 'release.json'), 'utf8'),
    ) as {
      version: string;
    };
    config.remotes[remote] = {
      version: release.version,
      manifest: `http://127.0.0.1:${remotePort(remote)}/mf-manifest.json`,
    };
  }
  fs.writeFileSync(path.join(storeDir, 'remotes.json'), JSON.stringify(config, null, 2));

  const api = startApi(path.join(work, 'pglite'));
  const sites = new Map<RemoteName, { close(): Promise<void> }>();
  const startRemote = async (remote: RemoteName) => {
    if (sites.has(remote)) return;
    sites.set(
      remote,
      await createStaticSite({
        root: path.join(root, remote, 'dist'),
        port: remotePort(remote),
        cors: true,
      }),
    );
  };
  for (const remote of REMOTE_NAMES) await startRemote(remote);
  const gateway = await createGateway({
    hostDist: path.join(root, 'host-shell', 'dist'),
    storeDir,
    apiUrl: `http://127.0.0.1:${E2E_PORTS.api}`,
    port: E2E_PORTS.host,
    rolloutGuard: false,
  });

  const releaseSite = createReleaseSiteControl({
    root,
    workDir: work,
    apiUrl: `http://127.0.0.1:${E2E_PORTS.api}`,
  });

  const control = http.createServer((request, response) => {
    const [, action, name] = (request.url ?? '').split('/');
    if (action === 'release-site' && (name === 'start' || name === 'stop')) {
      const done = name === 'start' ? releaseSite.start() : releaseSite.stop().then(() => null);
      done.then(
        (info) =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(info)),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
      return;
    }
    const remote = REMOTE_NAMES.find((candidate) => candidate === name);
    if (!remote || (action !== 'stop' && action !== 'start')) {
      response.writeHead(404).end();
      return;
    }
    const done =
      action === 'stop'
        ? (sites.get(remote)?.close() ?? Promise.resolve()).then(() => void sites.delete(remote))
        : startRemote(remote);
    done.then(
      () => response.writeHead(200).end('ok'),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => control.listen(E2E_PORTS.control, '127.0.0.1', resolve));

  await waitFor(`http://127.0.0.1:${E2E_PORTS.api}/api/health`, 60000);
  process.stdout.write('READY\n');

  const shutdown = async () => {
    control.close();
    await releaseSite.stop();
    await gateway.close();
    for (const site of sites.values()) await site.close();
    api.kill('SIGTERM');
    fs.rmSync(work, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  api.on('exit', (code) => {
    if (code !== 0 && code !== null) {
      process.stderr.write(`API server exited with ${code}\n`);
      process.exit(1);
    }
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
