import path from 'node:path';

/**
 * The release store on disk:
 *   <store>/remotes.json               which version of each remote the site runs (atomic rewrite)
 *   <store>/release-history.jsonl      one JSON line per promote / rollback (append only)
 *   <store>/<remote>/<version>/        an immutable copy of that remote's dist
 * Dot-named entries are in-flight copies, temp files and the lock; nothing serves or lists them.
 */
export const REMOTES_CONFIG_FILE = 'remotes.json';
export const HISTORY_FILE = 'release-history.jsonl';
export const LOCK_FILE = '.release.lock';
export const RELEASE_INFO_FILE = 'release.json';
export const MANIFEST_FILE = 'mf-manifest.json';

/** The same pattern as shared-contracts' semver schema, for URL segments and CLI arguments. */
const VERSION = /^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/;

export function isVersion(value: string): boolean {
  return VERSION.test(value);
}

/** Semver precedence (build metadata ignored, a pre-release sorts before its release). */
export function compareVersions(a: string, b: string): number {
  const [coreA = '', preA] = a.split('+')[0]!.split(/-(.*)/s);
  const [coreB = '', preB] = b.split('+')[0]!.split(/-(.*)/s);
  const numsA = coreA.split('.').map(Number);
  const numsB = coreB.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const diff = (numsA[i] ?? 0) - (numsB[i] ?? 0);
    if (diff !== 0) return diff;
  }
  if (preA === preB) return 0;
  if (preA === undefined) return 1;
  if (preB === undefined) return -1;
  const partsA = preA.split('.');
  const partsB = preB.split('.');
  for (let i = 0; i < Math.max(partsA.length, partsB.length); i += 1) {
    const x = partsA[i];
    const y = partsB[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    const diff = numeric ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
    if (diff !== 0) return diff;
  }
  return 0;
}

/** The manifest URL remotes.json gives the host for a published version. */
export function manifestUrl(remote: string, version: string): string {
  return `/remotes/${remote}/${version}/${MANIFEST_FILE}`;
}

export function releaseDir(storeDir: string, remote: string, version: string): string {
  return path.join(storeDir, remote, version);
}
