/** Starting and stopping the bench's copy of the site (bench-site.ts) in a child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import type { RemoteName } from 'shared-contracts';
import { REPO_ROOT } from './dist';

export async function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

export interface Site {
  child: ChildProcess;
  remotes: RemoteName[];
  missing: RemoteName[];
}

export interface SiteOptions {
  /** port offset (ports.ts) */
  offset?: number;
  /** serve `<distRoot>/<pkg>/` instead of each package's dist/ */
  distRoot?: string | null;
  /** compress API answers (the current gateway); false for a baseline from before */
  compressApi?: boolean;
}

export function startSite({
  offset = 0,
  distRoot = null,
  compressApi = true,
}: SiteOptions = {}): Promise<Site> {
  const child = spawn(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(__dirname, 'bench-site.ts')],
    {
      cwd: path.join(REPO_ROOT, 'e2e'),
      // stdin stays open while this process lives: the site stops itself when it closes, so it
      // never outlives a bench that crashed.
      stdio: ['pipe', 'pipe', 'inherit'],
      env: {
        ...process.env,
        BENCH_SITE_WATCH_STDIN: '1',
        BENCH_SITE_OFFSET: String(offset),
        BENCH_SITE_DIST_ROOT: distRoot ?? '',
        BENCH_SITE_COMPRESS_API: compressApi ? '1' : '0',
      },
    },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('The bench site did not start within 120 s')),
      120000,
    );
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith('READY')) return;
      clearTimeout(timer);
      const { remotes, missing } = JSON.parse(line.slice('READY'.length)) as {
        remotes: RemoteName[];
        missing: RemoteName[];
      };
      resolve({ child, remotes, missing });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The bench site exited with ${code} before it was ready`));
    });
  });
}

export async function stopSite(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 10000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
