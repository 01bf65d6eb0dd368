import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_API_HEAP_MB } from '../../build-config/server/api-heap.cjs';

/**
 * `NODE_ENV=production pnpm start` after `pnpm build` runs compiled JavaScript: the whole site
 * comes up (pages, remotes.json, the API through the gateway) and no process it started runs
 * tsx. It needs the frontends' build, which the e2e pass makes; the servers are compiled here
 * (about a second each), so the test does not depend on a stale api-server/dist.
 */

const REPO = path.resolve(__dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Every process below `pid`, with its command line (Linux /proc). */
function descendants(pid: number): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  const childrenOf = (parent: number) =>
    fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .filter((candidate) => {
        try {
          const stat = fs.readFileSync(`/proc/${candidate}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
        } catch {
          return false;
        }
      });
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift() as number;
    for (const child of childrenOf(current)) {
      try {
        const command = fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').join(' ');
        found.push({ pid: child, command });
      } catch {
        // gone meanwhile
      }
      queue.push(child);
    }
  }
  return found;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

describe('NODE_ENV=production pnpm start', () => {
  let start: ChildProcess | undefined;
  let scratch: string;
  let output = '';

  afterEach(async () => {
    if (start && start.exitCode === null) {
      const exited = new Promise((resolve) => start?.once('exit', resolve));
      start.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (start.exitCode === null) start.kill('SIGKILL');
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('runs the compiled API and gateway, not tsx, and serves the site', async () => {
    for (const server of ['api-server', 'gateway']) {
      const build = spawnSync(
        process.execPath,
        [path.join(REPO, 'build-config/server/compiled-build.cjs'), path.join(REPO, server)],
        { encoding: 'utf8' },
      );
      expect(build.status).toBe(0);
    }
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'production-start-'));
    const [port, apiPort] = [await freePort(), await freePort()];
    // The embedded database in a scratch directory and production's defaults, whatever the
    // calling shell has (a SEED_DEMO would be refused; a DATABASE_URL would be a shared server).
    const {
      SEED_DEMO: _seedDemo,
      DATABASE_URL: _databaseUrl,
      MIGRATION_DATABASE_URL: _migrationUrl,
      API_WORKERS: _workers,
      ...inherited
    } = process.env;
    start = spawn(process.execPath, [path.join(REPO, 'gateway/scripts/start.mjs')], {
      cwd: REPO,
      env: {
        ...inherited,
        NODE_ENV: 'production',
        PORT: String(port),
        API_PORT: String(apiPort),
        DATA_DIR: path.join(scratch, 'data'),
        RELEASE_STORE: path.join(scratch, 'store'),
        ADMIN_EMAIL: 'it@charity.test',
        ADMIN_PASSWORD: 'a long production secret',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    start.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const site = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    while (
      !output.includes('Ataa is running') &&
      Date.now() < deadline &&
      start.exitCode === null
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (!output.includes('Ataa is running')) throw new Error(`the site did not start:\n${output}`);

    expect(output).toContain('production: running the compiled build');
    expect(await answers(`${site}/api/health`)).toBe(true);
    const page = await fetch(`${site}/families`);
    // The HTML is minified: its attributes go unquoted where they can.
    expect(await page.text()).toMatch(/<html[^>]* dir="?rtl"?/);
    const remotes = (await (await fetch(`${site}/remotes.json`)).json()) as {
      remotes: Record<string, unknown>;
    };
    expect(Object.keys(remotes.remotes).length).toBeGreaterThan(0);

    // The API and the gateway, each `node --enable-source-maps dist/main.js` in its package.
    const processes = descendants(start.pid as number);
    expect(processes.filter((p) => /dist\/main\.js$/.test(p.command.trim()))).toHaveLength(2);
    // The API under its heap ceiling (build-config/server/api-heap.cjs), the gateway without.
    expect(
      processes.filter((p) => p.command.includes(`--max-old-space-size=${DEFAULT_API_HEAP_MB}`)),
    ).toHaveLength(1);
    expect(processes.filter((p) => /\btsx\b/.test(p.command))).toEqual([]);
  }, 150_000);
});
