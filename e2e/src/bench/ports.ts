import { REMOTE_NAMES, type RemoteName } from 'shared-contracts';

/**
 * Loopback ports of the bench's own copies of the site. They differ from the e2e suite's
 * (3900–3916, see ../ports.ts) so `pnpm bench` can never be mistaken for, or fight with, the
 * browser tests' servers. BENCH_PORT_BASE moves the whole block: the current build uses that port
 * and the next 16, a baseline build (BENCH_BASELINE) the 17 ports from BASE + 20.
 */
const BASE = Number(process.env.BENCH_PORT_BASE ?? 3940);

/** Where the baseline site's ports start, above the current site's. */
export const BASELINE_PORT_OFFSET = 20;

export function sitePorts(offset = 0): { api: number; host: number } {
  return { api: BASE + offset, host: BASE + offset + 10 };
}

export const BENCH_PORTS = sitePorts(0);

export function benchRemotePort(remote: RemoteName, offset = 0): number {
  return BASE + offset + 11 + REMOTE_NAMES.indexOf(remote);
}

export function allBenchPorts(offsets: readonly number[] = [0]): number[] {
  return offsets.flatMap((offset) => [
    sitePorts(offset).api,
    sitePorts(offset).host,
    ...REMOTE_NAMES.map((remote) => benchRemotePort(remote, offset)),
  ]);
}

export function hostUrlAt(offset = 0): string {
  return `http://127.0.0.1:${sitePorts(offset).host}`;
}

export const BENCH_HOST_URL = hostUrlAt(0);

export function benchRemoteOrigin(remote: RemoteName, offset = 0): string {
  return `http://127.0.0.1:${benchRemotePort(remote, offset)}`;
}
