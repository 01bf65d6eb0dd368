/**
 * Which copy of the product a measurement runs against: the current build (each package's dist/),
 * or a baseline build kept elsewhere (BENCH_BASELINE=<dir> holding host-shell/, mf-<remote>/ as copied
 * from their dist/ directories), served side by side so both are measured in one run on one
 * machine. The baseline's gateway leaves API answers uncompressed, as the site did before.
 */
import path from 'node:path';
import type { RemoteName } from 'shared-contracts';
import { REPO_ROOT, type BuiltPackage } from './dist';
import { BASELINE_PORT_OFFSET, benchRemoteOrigin, benchRemotePort, hostUrlAt } from './ports';

export interface BenchTarget {
  label: 'current' | 'baseline';
  /** port offset of its site (ports.ts) */
  offset: number;
  hostUrl: string;
  /** a directory holding `<pkg>/` build directories, or null for each package's own dist/ */
  distRoot: string | null;
  compressApi: boolean;
  remoteOrigin(remote: RemoteName): string;
  remotePort(remote: RemoteName): number;
  distDir(pkg: BuiltPackage): string;
}

function makeTarget(
  label: BenchTarget['label'],
  offset: number,
  distRoot: string | null,
  compressApi: boolean,
): BenchTarget {
  return {
    label,
    offset,
    hostUrl: hostUrlAt(offset),
    distRoot,
    compressApi,
    remoteOrigin: (remote) => benchRemoteOrigin(remote, offset),
    remotePort: (remote) => benchRemotePort(remote, offset),
    distDir: (pkg) => (distRoot ? path.join(distRoot, pkg) : path.join(REPO_ROOT, pkg, 'dist')),
  };
}

export const CURRENT = makeTarget('current', 0, null, true);

/** The baseline build named by BENCH_BASELINE, or null when none is given. */
export function baselineTarget(dir = process.env.BENCH_BASELINE): BenchTarget | null {
  if (!dir) return null;
  return makeTarget('baseline', BASELINE_PORT_OFFSET, path.resolve(dir), false);
}
