#!/usr/bin/env node
// `pnpm check`: runs the named package scripts (`pnpm lint`, `pnpm typecheck`) at the same time
// and prints each one's output whole when it ends, so they never interleave. ESLint works on one
// core while the typecheck keeps two busy for part of its run; side by side they take about the
// time of the longer one instead of their sum. Exits with the first failure's code.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: side-by-side.mjs <script> [<script>…]');
  process.exit(2);
}

function run(script) {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['run', '--silent', script], {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
      const output = Buffer.concat(chunks).toString();
      process.stdout.write(`\n── pnpm ${script} (${seconds} s, exit ${code}) ──\n${output}`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(scripts.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
