import { REMOTE_NAMES, type RemoteName } from 'shared-contracts';

/**
 * Loopback ports of the bench's own copy of the site. They differ from the e2e suite's
 * (3900–3916, see ../ports.ts) so `pnpm bench` can never be mistaken for, or fight with, the
 * browser tests' servers. BENCH_PORT_BASE moves the whole block.
 */
const BASE = Number(process.env.BENCH_PORT_BASE ?? 3940);

export const BENCH_PORTS = {
  api: BASE,
  host: BASE + 10,
} as const;

export function benchRemotePort(remote: RemoteName): number {
  return BASE + 11 + REMOTE_NAMES.indexOf(remote);
}

export function allBenchPorts(): number[] {
  return [BENCH_PORTS.api, BENCH_PORTS.host, ...REMOTE_NAMES.map(benchRemotePort)];
}

export const BENCH_HOST_URL = `http://127.0.0.1:${BENCH_PORTS.host}`;

export function benchRemoteOrigin(remote: RemoteName): string {
  return `http://127.0.0.1:${benchRemotePort(remote)}`;
}
