import { REMOTE_NAMES, type RemoteName } from 'shared-contracts';

/** Fixed loopback ports for the e2e site: the API, the host, and each remote on its own port. */
export const E2E_PORTS = {
  api: 3900,
  control: 3909,
  host: 3910,
} as const;

export function remotePort(remote: RemoteName): number {
  return 3911 + REMOTE_NAMES.indexOf(remote);
}

export const HOST_URL = `http://127.0.0.1:${E2E_PORTS.host}`;
export const CONTROL_URL = `http://127.0.0.1:${E2E_PORTS.control}`;
