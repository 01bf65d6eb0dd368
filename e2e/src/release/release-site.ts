/**
 * Server side of the release test's site (run inside serve-site.ts): a gateway on its own port
 * with the API behind it, serving a snapshot of the host build and a release store of its own —
 * a real store the release CLI works on, in which every remote except `remote` is published from
 * its dist and promoted, and `remote` has nothing yet (the test publishes and promotes it).
 * Snapshots, so that a rebuild elsewhere in the repository while the test runs cannot be mistaken
 * for a release that touched the host or another remote.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from 'shared-contracts';
import { createGateway, type ListeningServer } from 'gateway/src/gateway';
import { ReleaseStore } from 'gateway/src/release/release-store';
import { E2E_MONITOR_TOKEN, E2E_ROLLOUT_CHECK_MS, RELEASE_SITE_PORT } from './ports';

export interface ReleaseSiteInfo {
  url: string;
  storeDir: string;
  /** The host build the site serves (a copy of host-shell/dist). */
  hostDist: string;
  /** The remote the test releases (absent from the store until it publishes and promotes it). */
  remote: RemoteName;
}

export interface ReleaseSiteOptions {
  root: string;
  workDir: string;
  apiUrl: string;
  remote?: RemoteName;
}

/** One release site at a time; `start` replaces the previous one with a fresh store. */
export function createReleaseSiteControl(options: ReleaseSiteOptions) {
  let current: { server: ListeningServer; dir: string; info: ReleaseSiteInfo } | null = null;
  let count = 0;

  const stop = async (): Promise<void> => {
    if (!current) return;
    const { server, dir } = current;
    current = null;
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const start = async (): Promise<ReleaseSiteInfo> => {
    await stop();
    const remote = options.remote ?? 'mf-finance';
    count += 1;
    const dir = path.join(options.workDir, `release-site-${count}`);
    const hostDist = path.join(dir, 'host');
    const storeDir = path.join(dir, 'store');
    try {
      fs.cpSync(path.join(options.root, 'host-shell', 'dist'), hostDist, { recursive: true });
      const store = new ReleaseStore({ dir: storeDir });
      for (const other of REMOTE_NAMES) {
        if (other === remote) continue;
        const info = store.publish(other, path.join(options.root, other, 'dist'));
        store.promote(other, info.version, 'e2e release site');
      }
      const server = await createGateway({
        hostDist,
        storeDir,
        apiUrl: options.apiUrl,
        port: RELEASE_SITE_PORT,
        // Staged rollouts stop by themselves within a second here (the rollout test).
        rolloutGuard: { intervalMs: E2E_ROLLOUT_CHECK_MS, monitorToken: E2E_MONITOR_TOKEN },
      });
      const info = { url: server.url, storeDir, hostDist, remote };
      current = { server, dir, info };
      return info;
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  };

  return { start, stop };
}
