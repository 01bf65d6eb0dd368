import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { FederationRuntime } from './remote-registry';

/**
 * The real runtime: the instance the host's ModuleFederationPlugin created, so registered
 * remotes negotiate the host's shared singletons (react, router, query client, styled theme).
 */
export const federationRuntime: FederationRuntime = {
  registerRemotes: (remotes, options) =>
    options ? registerRemotes(remotes, options) : registerRemotes(remotes),
  loadRemote: (id) => loadRemote<unknown>(id),
};

/** remotes.json and release.json must never come from the HTTP cache (release flow). */
export async function fetchJsonNoCache(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as unknown;
}
