// The two environment variables a remote build accepts, both for building a release of a remote
// alone (README of gateway, "Build one remote alone"):
//
//   RELEASE_VERSION=1.0.1   build the same source as version 1.0.1 instead of package.json's
//                           version (release.json, the manifest's buildInfo.buildVersion), e.g. a
//                           CI pipeline that numbers releases itself, or a second release of an
//                           unchanged source.
//   RELEASE_OUT_DIR=<dir>   write the build there instead of <remote>/dist (emptied first, like
//                           dist), so a second version can be built without replacing the first.
//
// There is deliberately no override of the shared-contracts version: the contracts version in a
// build is the one it was compiled against, and a flag to write another would let a build claim a
// compatibility it does not have. Tests that need an incompatible release rewrite a copy instead.
const path = require('node:path');

const SEMVER = /^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/;

/**
 * @typedef {object} ReleaseEnv
 * @property {string} version  the version to build as (RELEASE_VERSION or package.json's)
 * @property {string} outDir   absolute output directory (RELEASE_OUT_DIR or <packageDir>/dist)
 * @property {boolean} versionOverridden
 * @property {boolean} outDirOverridden
 */

/**
 * @param {{ packageDir: string, packageVersion: string, env?: NodeJS.ProcessEnv }} options
 * @returns {ReleaseEnv}
 */
function releaseEnv({ packageDir, packageVersion, env = process.env }) {
  const versionOverride = env.RELEASE_VERSION?.trim() || undefined;
  if (versionOverride !== undefined && !SEMVER.test(versionOverride)) {
    throw new Error(`RELEASE_VERSION "${versionOverride}" is not a version number (like 1.2.0)`);
  }

  const outOverride = env.RELEASE_OUT_DIR?.trim() || undefined;
  const pkgDir = path.resolve(packageDir);
  // A relative path means relative to where the command was typed (pnpm runs scripts in the
  // package directory and keeps the caller's directory in INIT_CWD).
  const outDir = outOverride
    ? path.resolve(env.INIT_CWD ?? process.cwd(), outOverride)
    : path.join(pkgDir, 'dist');
  if (outOverride) {
    const relative = path.relative(outDir, pkgDir);
    const containsPackage = relative === '' || !relative.startsWith('..');
    const insideSources =
      !path.relative(pkgDir, outDir).startsWith('..') && !isDistOf(pkgDir, outDir);
    // The output directory is emptied before every build: never the package, a parent of it,
    // or a directory among its sources.
    if (containsPackage || insideSources || outDir === path.parse(outDir).root) {
      throw new Error(
        `RELEASE_OUT_DIR "${outOverride}" would be emptied by the build: use a directory of its own ` +
          `outside ${pkgDir} (e.g. /tmp/mf-build-1.0.1)`,
      );
    }
  }
  return {
    version: versionOverride ?? packageVersion,
    outDir,
    versionOverridden: versionOverride !== undefined && versionOverride !== packageVersion,
    outDirOverridden: outOverride !== undefined,
  };
}

/** `<pkg>/dist` or a directory inside it is a fine place for a build. */
function isDistOf(pkgDir, dir) {
  return !path.relative(path.join(pkgDir, 'dist'), dir).startsWith('..');
}

module.exports = { releaseEnv };
