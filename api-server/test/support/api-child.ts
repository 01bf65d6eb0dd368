import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_ADMIN } from './harness';

/** The API as `pnpm start` runs it (src/main.ts through tsx), in a child process. */
export interface ApiChild {
  process: ChildProcess;
  /** e.g. `http://127.0.0.1:41234/api` */
  url: string;
  output(): string;
  /** Resolves with the exit code (or signal) once the child is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const API_ROOT = path.resolve(__dirname, '..', '..');

export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: '',
    DATABASE_SCHEMA: '',
    API_PORT: '0',
    API_LOG: 'true',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_DEMO: 'false',
    ...extra,
  };
}

/** Spawns the API; resolves once it listens, rejects with its output if it exits first. */
export function spawnApi(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<ApiChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise<ApiChild>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`API did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Ataa API on (http:\/\/\S+?) using/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ process: child, url: match[1], output: () => output, exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`API exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}

/** Runs the API expecting it to refuse: resolves with its exit code and stderr. */
export function runRefusedApi(
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdout.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

export async function loginToken(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/auth/create/sanctum/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200)
    throw new Error(`login ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { token?: unknown; data?: { token?: unknown } };
  const token = typeof body.token === 'string' ? body.token : body.data?.token;
  if (typeof token !== 'string') throw new Error(`no token in ${JSON.stringify(body)}`);
  return token;
}
