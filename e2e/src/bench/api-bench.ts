/**
 * The API benchmarks are the api-server's own scripts, run as child processes (never copied):
 * `pnpm --filter api-server bench` (GET /user beside a bare route) and, when the package has it,
 * `pnpm --filter api-server bench:search`. Their output is echoed as it comes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './dist';

export interface ScriptRun {
  command: string;
  exitCode: number | null;
  output: string;
  seconds: number;
}

export function apiServerHasScript(name: string): boolean {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'api-server', 'package.json'), 'utf8'),
  ) as {
    scripts?: Record<string, string>;
  };
  return typeof pkg.scripts?.[name] === 'string';
}

export function runApiServerScript(script: string, indent = '  │ '): Promise<ScriptRun> {
  const args = ['--filter', 'api-server', script];
  const command = `pnpm ${args.join(' ')}`;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('pnpm', args, {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    let output = '';
    let partial = '';
    const echo = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      partial += text;
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${indent}${line}\n`);
    };
    child.stdout.on('data', echo);
    child.stderr.on('data', echo);
    const done = (exitCode: number | null) => {
      if (partial) process.stdout.write(`${indent}${partial}\n`);
      resolve({ command, exitCode, output, seconds: (Date.now() - started) / 1000 });
    };
    child.on('error', (error) => {
      output += String(error);
      done(null);
    });
    child.on('close', (code) => done(code));
  });
}

export interface RouteThroughput {
  route: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Reads the markdown-like table bench-user.ts prints (`| route | req/s | p50 ms | … |`). */
export function parseThroughputTable(output: string): RouteThroughput[] {
  const rows: RouteThroughput[] = [];
  for (const line of output.split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length < 7 || !/^(GET|POST|PUT|DELETE)\s/.test(cells[0] ?? '')) continue;
    const [route = '', rps, p50, p95, p99, non2xx, errors] = cells;
    rows.push({
      route,
      requestsPerSecond: Number(rps),
      p50: Number(p50),
      p95: Number(p95),
      p99: Number(p99),
      non2xx: Number(non2xx),
      errors: Number(errors),
    });
  }
  return rows;
}

/** The search benchmark's own verdict line: "Worst p95: 79.4 ms (target < 50 ms on PostgreSQL)." */
export function parseSearchVerdict(
  output: string,
): { worstP95: number; target: number; where: string } | null {
  const match =
    /Worst p95:\s*([\d.]+)\s*ms\s*\(target\s*<\s*([\d.]+)\s*ms(?:\s+on\s+([^)]+))?\)/.exec(output);
  if (!match) return null;
  return { worstP95: Number(match[1]), target: Number(match[2]), where: match[3]?.trim() ?? '' };
}
