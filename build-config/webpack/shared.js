// The one share list of every federated build (docs/architecture.md#federation). Each entry is a
// singleton with an explicit requiredVersion taken from the package that is really installed, so
// host and remotes agree on one React, one router context, one QueryClient, one styled-components
// theme context and one zod (the Arabic error map lives on it).
//
// The workspace libraries (shared-contracts, shared-ui) are deliberately NOT shared, although
// docs/architecture.md#federation lists them: with `loaded-first` the host's copy of a singleton
// always wins, so a remote released later against a newer contracts or UI minor (a new export, a
// new component) would run against the host's older copy and crash on the missing export — a
// release that needs the host rebuilt, which is what independent deploys must avoid (the e2e suite
// caught exactly this). They hold no cross-bundle state except the toast/tooltip contexts, which
// shared-ui keeps page-wide itself (shared-ui/src/internal/page-wide-context.ts); each bundle
// carries the tree-shaken part it uses.
const { installedVersion, packageDirOf, readPackageJson } = require('./package-info');

/**
 * @typedef {object} SharedSpec
 * @property {string} key       the share key (a trailing slash shares every subpath, e.g. react/jsx-runtime)
 * @property {string} pkg       the package whose version is used
 * @property {string} [via]     the direct dependency a transitive package comes through
 * @property {boolean} [workspace] a workspace package: `workspace:*` is not semver, so its
 *                                 package.json version is used for both version and requiredVersion
 */

/** @type {readonly SharedSpec[]} */
const SHARED_SINGLETONS = Object.freeze([
  { key: 'react', pkg: 'react' },
  { key: 'react/', pkg: 'react' },
  { key: 'react-dom', pkg: 'react-dom' },
  { key: 'react-dom/', pkg: 'react-dom' },
  { key: 'react-router', pkg: 'react-router', via: 'react-router-dom' },
  { key: 'react-router-dom', pkg: 'react-router-dom' },
  { key: '@tanstack/react-query', pkg: '@tanstack/react-query' },
  { key: '@tanstack/query-core', pkg: '@tanstack/query-core', via: '@tanstack/react-query' },
  { key: 'styled-components', pkg: 'styled-components' },
  { key: 'zod', pkg: 'zod' },
  // Stateless, but 20 KB gzip that every remote with data pages would otherwise download again.
  { key: 'axios', pkg: 'axios' },
  { key: 'chart.js', pkg: 'chart.js' }, // imported only by shared-ui/charts, lazily: one download per page
]);

/**
 * @typedef {{ singleton: true, requiredVersion: string, version: string, strictVersion: false }} SharedEntry
 */

/**
 * The `shared` option for a build of the package in `packageDir`.
 * `^x.y.z`: a compatible newer minor from the host is accepted; a different major only warns
 * (strictVersion false), because the host shows its own error panel rather than crashing.
 * @param {string} packageDir
 * @returns {Record<string, SharedEntry>}
 */
function createSharedConfig(packageDir) {
  /** @type {Record<string, SharedEntry>} */
  const shared = {};
  for (const spec of SHARED_SINGLETONS) {
    const version = spec.workspace
      ? readPackageJson(packageDirOf(spec.pkg, packageDir)).version
      : installedVersion(spec.pkg, packageDir, spec.via);
    shared[spec.key] = {
      singleton: true,
      requiredVersion: `^${version}`,
      version,
      strictVersion: false,
    };
  }
  return shared;
}

module.exports = { SHARED_SINGLETONS, createSharedConfig };
