import fs from 'node:fs';
import path from 'node:path';
import type { RemoteName } from 'shared-contracts';

export const REPO_ROOT = path.resolve(__dirname, '../../..');

export type BuiltPackage = RemoteName | 'host-shell';

export function distDir(pkg: BuiltPackage): string {
  return path.join(REPO_ROOT, pkg, 'dist');
}

/** Where a package's build is: its own dist/ unless a bench target says otherwise (target.ts). */
export type DistDirOf = (pkg: BuiltPackage) => string;

/** A remote is servable when its build left a manifest, an entry and a release.json. */
export function isRemoteBuilt(remote: RemoteName, distDirOf: DistDirOf = distDir): boolean {
  return ['mf-manifest.json', 'remoteEntry.js', 'release.json'].every((file) =>
    fs.existsSync(path.join(distDirOf(remote), file)),
  );
}

export function isHostBuilt(distDirOf: DistDirOf = distDir): boolean {
  return ['index.html', 'main.js'].every((file) =>
    fs.existsSync(path.join(distDirOf('host-shell'), file)),
  );
}

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
}
export interface FederationManifest {
  shared?: Array<{ name: string; version?: string; assets?: ManifestAssets }>;
  exposes?: Array<{ name: string; assets?: ManifestAssets }>;
}

export function readManifest(
  pkg: BuiltPackage,
  distDirOf: DistDirOf = distDir,
): FederationManifest | null {
  try {
    return JSON.parse(
      fs.readFileSync(path.join(distDirOf(pkg), 'mf-manifest.json'), 'utf8'),
    ) as FederationManifest;
  } catch {
    return null;
  }
}

/** File name → the shared library it belongs to, from the manifest's `shared[].assets` (sync and async JS). */
export function sharedAssetsOf(manifest: FederationManifest | null): Map<string, string> {
  const owners = new Map<string, string>();
  for (const shared of manifest?.shared ?? []) {
    for (const file of [...(shared.assets?.js?.sync ?? []), ...(shared.assets?.js?.async ?? [])]) {
      owners.set(file, owners.has(file) ? `${owners.get(file)}, ${shared.name}` : shared.name);
    }
  }
  return owners;
}

/**
 * The packages every federated build shares, from the build's own share list
 * (build-config/webpack/shared.js), so the bench follows the build config when it changes.
 */
export function sharedPackages(): Set<string> {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { SHARED_SINGLETONS } = require(
      path.join(REPO_ROOT, 'build-config', 'webpack', 'shared.js'),
    ) as {
      SHARED_SINGLETONS: ReadonlyArray<{ pkg: string }>;
    };
    return new Set(SHARED_SINGLETONS.map((spec) => spec.pkg));
  } catch {
    return new Set(['react', 'react-dom', 'react-router', 'react-router-dom', 'styled-components']);
  }
}

/** mtime of each build's manifest (or index.html), to notice a build replaced while measuring. */
export function buildStamps(packages: readonly BuiltPackage[]): Map<BuiltPackage, number> {
  const stamps = new Map<BuiltPackage, number>();
  for (const pkg of packages) {
    const file = path.join(distDir(pkg), pkg === 'host-shell' ? 'main.js' : 'mf-manifest.json');
    try {
      stamps.set(pkg, fs.statSync(file).mtimeMs);
    } catch {
      stamps.set(pkg, 0);
    }
  }
  return stamps;
}
