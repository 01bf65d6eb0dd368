import { REMOTE_NAMES, type RemoteName } from 'shared-contracts';

/**
 * Loopback ports of one e2e site: the API, the host, and each remote on its own port, in a block
 * of 17 from `E2E_PORT_BASE` (3900 by default). `pnpm test:e2e` runs the browser tests in shards,
 * each jest process with its own site and its own block (scripts/run-e2e.mjs), so two shards never
 * share a port or a database.
 */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3900);

export const E2E_PORTS = {
  api: BASE,
  /** The release test's own copy of the site (release/ports.ts). */
  releaseSite: BASE + 8,
  control: BASE + 9,
  host: BASE + 10,
} as const;

export function remotePort(remote: RemoteName): number {
  return BASE + 11 + REMOTE_NAMES.indexOf(remote);
}

export const HOST_URL = `http://127.0.0.1:${E2E_PORTS.host}`;
export const CONTROL_URL = `http://127.0.0.1:${E2E_PORTS.control}`;
