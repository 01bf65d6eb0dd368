import path from 'node:path';

/** The monorepo root (gateway/src → gateway → repo), for the defaults below. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Where releases live unless RELEASE_STORE or --store says otherwise (git-ignored). */
export const DEFAULT_STORE_DIR = path.join(REPO_ROOT, '.release-store');

/** The host build the gateway serves at `/`. */
export const DEFAULT_HOST_DIST = path.join(REPO_ROOT, 'host-shell', 'dist');

/** A remote's local build, what `pnpm release publish <remote>` takes by default. */
export function remoteDistDir(remote: string): string {
  return path.join(REPO_ROOT, remote, 'dist');
}
