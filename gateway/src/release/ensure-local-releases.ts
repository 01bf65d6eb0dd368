import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, releaseInfoSchema } from 'shared-contracts';
import { remoteDistDir } from '../paths';
import { currentUser, type ReleaseStore } from './release-store';
import { RELEASE_INFO_FILE } from './store-layout';

/**
 * What `pnpm start` does on a fresh checkout: publish each local remote build whose version the
 * store lacks, and promote it when that remote has nothing live yet. A remote that is already
 * live keeps its promoted version (promotion stays a release manager's decision).
 */
export function ensureLocalReleases(
  store: ReleaseStore,
  log: (line: string) => void,
  distOf: (remote: string) => string = remoteDistDir,
): void {
  const live = store.readRemotesConfig().remotes;
  for (const remote of REMOTE_NAMES) {
    const dist = distOf(remote);
    const release = readRelease(path.join(dist, RELEASE_INFO_FILE));
    if (!release) {
      log(`${remote}: no build in ${dist}, skipped`);
      continue;
    }
    if (!store.versionsOf(remote).includes(release.version)) {
      store.publish(remote, dist);
      log(`${remote}: published ${release.version}`);
    }
    if (!live[remote]) {
      store.promote(remote, release.version, `${currentUser()} (pnpm start)`);
      log(`${remote}: promoted ${release.version}`);
    }
  }
}

function readRelease(file: string) {
  try {
    return releaseInfoSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}
