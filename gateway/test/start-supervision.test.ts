import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { API_RETRY_AFTER_SECONDS, API_UNAVAILABLE } from '../src/api-errors';
import { tempDir } from './support/fake-build';

/**
 * `pnpm start` keeps the site up when the API dies: the API is killed with SIGKILL while clients
 * write through the site; the gateway answers 503 meanwhile, start.mjs starts the API again by
 * itself, and every write the site acknowledged is there afterwards.
 */

const REPO = path.resolve(__dirname, '..', '..');
const ADMIN = { email: 'admin@ataa.test', password: 'Admin@12345' };
const DIGIT_LETTERS = 'ابتثجحخدذر';
/** Names must be letters: the counter spelled with one Arabic letter per digit. */
const code = (n: number) => [...String(n)].map((digit) => DIGIT_LETTERS[Number(digit)]).join('');
const PREFIX = 'إشراف';

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

/** Polls `check` every 200 ms until it returns a value; fails with `what` after `timeoutMs`. */
async function eventually<T>(
  what: string,
  timeoutMs: number,
  check: () => T | undefined | Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Ledger {
  /** Creates the site acknowledged: tag → family id. */
  acked: Map<string, number>;
  /** Creates answered 503: the API never saw them. */
  unavailable: Set<string>;
  /** Answers that are neither (none expected). */
  refused: string[];
  counter: number;
}

/** One client: creates families through the site until stopped, whatever the API is doing. */
async function write(site: string, token: string, ledger: Ledger, stop: { stopped: boolean }) {
  while (!stop.stopped) {
    const tag = `${PREFIX} ${code(++ledger.counter)}`;
    let response: Response;
    try {
      response = await fetch(`${site}/api/families`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          save_as_draft: true,
          head: { full_name: `${tag} رب` },
          members: [{ full_name: `${tag} ابن` }],
          primary_phone: '',
        }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      // The gateway itself must answer, whatever the API does.
      ledger.refused.push(`${tag}: no answer from the site (${String(error)})`);
      return;
    }
    const text = await response.text();
    if (response.status === 201 || response.status === 200) {
      ledger.acked.set(tag, (JSON.parse(text) as { data: { id: number } }).data.id);
    } else if (response.status === 503) {
      ledger.unavailable.add(tag);
      if (response.headers.get('retry-after') !== String(API_RETRY_AFTER_SECONDS)) {
        ledger.refused.push(`${tag}: 503 without Retry-After`);
      }
      if (text !== JSON.stringify(API_UNAVAILABLE)) ledger.refused.push(`${tag}: 503 ${text}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    } else if (response.status !== 502) {
      // 502: in flight at the kill, saved or not; anything else is a failure.
      ledger.refused.push(`${tag}: ${response.status} ${text}`);
    }
  }
}

describe('pnpm start supervises the API', () => {
  const work = tempDir('ataa-start-');
  const dataDir = path.join(work, 'pglite');
  let start: ChildProcess | undefined;
  let output = '';

  afterAll(async () => {
    if (start && start.exitCode === null && start.signalCode === null) {
      const exited = new Promise((resolve) => start?.once('exit', resolve));
      start.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    }
    fs.rmSync(work, { recursive: true, force: true });
  }, 30_000);

  test('kill -9 of the API during writes: 503 meanwhile, then the site answers again by itself with every acknowledged write', async () => {
    const [port, apiPort] = await Promise.all([freePort(), freePort()]);
    const site = `http://127.0.0.1:${port}`;
    start = spawn(process.execPath, [path.join('gateway', 'scripts', 'start.mjs'), '--no-build'], {
      cwd: REPO,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        API_PORT: String(apiPort),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        RELEASE_STORE: path.join(work, 'store'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: 'false',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
    start.stdout?.on('data', collect);
    start.stderr?.on('data', collect);
    const running = start;
    const isRunning = () => running.exitCode === null && running.signalCode === null;

    await eventually('the site starts', 120_000, () => {
      if (!isRunning()) throw new Error(`pnpm start exited:\n${output}`);
      return output.includes('Ataa is running') ? true : undefined;
    });

    const login = await fetch(`${site}/api/auth/create/sanctum/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { token?: string; data?: { token?: string } };
    const token = body.token ?? body.data?.token ?? '';

    const ledger: Ledger = { acked: new Map(), unavailable: new Set(), refused: [], counter: 0 };
    const stop = { stopped: false };
    const writers = [0, 1, 2].map(() => write(site, token, ledger, stop));
    try {
      await eventually('writes acknowledged', 30_000, () =>
        ledger.acked.size >= 6 ? true : undefined,
      );

      const lockFile = path.join(dataDir, 'ataa-api.lock');
      const killed = (JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { pid: number }).pid;
      process.kill(killed, 'SIGKILL');
      const ackedBeforeKill = ledger.acked.size;

      // While the API is away: the writers get 503s, and the site itself serves on.
      await eventually('503 while the API is away', 30_000, () =>
        ledger.unavailable.size > 0 ? true : undefined,
      );
      expect((await fetch(`${site}/remotes.json`)).status).toBe(200);

      // Back by itself: new writes are acknowledged again, by a new API process.
      await eventually('writes acknowledged after the restart', 90_000, () =>
        ledger.acked.size >= ackedBeforeKill + 6 ? true : undefined,
      );
      const restarted = (JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { pid: number }).pid;
      expect(restarted).not.toBe(killed);
    } finally {
      stop.stopped = true;
      await Promise.all(writers);
    }

    expect(ledger.refused).toEqual([]);
    expect(isRunning()).toBe(true);
    const restartLines = output.split('\n').filter((line) => line.includes('the API stopped'));
    expect(restartLines).toEqual([
      expect.stringMatching(
        /^\[start\] the API stopped \(SIGKILL\) after \d+ s; restart 1 in 1 s \(the site answers \/api with 503 meanwhile\)$/,
      ),
    ]);

    // Nothing acknowledged was lost; nothing answered 503 was written.
    const read = async (url: string) => {
      const response = await fetch(`${site}/api${url}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      return response.text();
    };
    for (const [tag, id] of ledger.acked) {
      const family = JSON.parse(await read(`/families/${id}`)) as {
        data: { members: { full_name: string }[] };
      };
      expect(family.data.members.map((member) => member.full_name)).toEqual(
        expect.arrayContaining([`${tag} رب`, `${tag} ابن`]),
      );
    }
    let everyFamily = '';
    for (let page = 1; ; page += 1) {
      const text = await read(`/families?per_page=200&page=${page}`);
      if ((JSON.parse(text) as { data: unknown[] }).data.length === 0) break;
      everyFamily += text;
    }
    // The list names each head (quoted, so one tag is never part of another).
    for (const tag of ledger.acked.keys()) expect(everyFamily).toContain(`"${tag} رب"`);
    for (const tag of ledger.unavailable) expect(everyFamily).not.toContain(`"${tag} رب"`);

    // Ctrl+C still stops everything.
    const exited = new Promise<number | null>((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    expect(await exited).toBe(143);
    await expect(fetch(`${site}/remotes.json`)).rejects.toThrow();
  }, 180_000);
});
