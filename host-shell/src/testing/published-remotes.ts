import type { RemoteName } from 'shared-contracts';
import { federationRuntime } from '../features/federation/federation-runtime';
import { RemoteRegistry } from '../features/federation/remote-registry';

const BASE = 'http://localhost';

/**
 * A started registry over a site publishing `remotes` at 1.0.0 (remotes.json and each release.json,
 * as the gateway serves them), through the real federation runtime module: a test mocks its
 * `loadRemote` to give each remote's pages.
 */
export function publishedRemotesRegistry(
  remotes: readonly RemoteName[] = ['mf-services', 'mf-finance'],
): RemoteRegistry {
  const files = new Map<string, unknown>();
  files.set('/remotes.json', {
    remotes: Object.fromEntries(
      remotes.map((name) => [
        name,
        { version: '1.0.0', manifest: `/remotes/${name}/1.0.0/mf-manifest.json` },
      ]),
    ),
  });
  for (const name of remotes)
    files.set(`${BASE}/remotes/${name}/1.0.0/release.json`, {
      name,
      version: '1.0.0',
      builtAt: '2025-01-01T00:00:00.000Z',
      contractsVersion: '1.0.0',
    });
  const registry = new RemoteRegistry({
    runtime: federationRuntime,
    fetchJson: async (url) => {
      if (!files.has(url)) throw new Error(`${url}: HTTP 404`);
      return files.get(url);
    },
    baseUrl: () => `${BASE}/`,
    sleep: async () => undefined,
    log: () => undefined,
  });
  void registry.start();
  return registry;
}
