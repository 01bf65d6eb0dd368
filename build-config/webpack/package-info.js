// Reads what a build needs to know about packages from their package.json files, so no version,
// container name or port is ever typed twice (shared-contracts stays the source of truth; the
// remotes' package.json `federation` field is checked against it by each remote's unit test).
const fs = require('node:fs');
const path = require('node:path');

/**
 * @typedef {{ name: string, version: string, federation?: { container?: string, devPort?: number } }} PackageJson
 */

/** @param {string} dir @returns {PackageJson} */
function readPackageJson(dir) {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
}

/**
 * The directory of an installed package as `fromDir` sees it. Resolves `<name>/package.json`
 * first and falls back to the entry point, since some packages do not export their package.json.
 * @param {string} name
 * @param {string} fromDir
 * @returns {string}
 */
function packageDirOf(name, fromDir) {
  try {
    return path.dirname(require.resolve(`${name}/package.json`, { paths: [fromDir] }));
  } catch {
    let dir = path.dirname(require.resolve(name, { paths: [fromDir] }));
    for (;;) {
      const candidate = path.join(dir, 'package.json');
      if (fs.existsSync(candidate) && JSON.parse(fs.readFileSync(candidate, 'utf8')).name === name)
        return dir;
      const parent = path.dirname(dir);
      if (parent === dir)
        throw new Error(`Cannot find the package.json of ${name} from ${fromDir}`);
      dir = parent;
    }
  }
}

/**
 * The version of `name` actually installed for `fromDir`. A transitive dependency (react-router
 * through react-router-dom, query-core through react-query) is resolved from its parent package,
 * because pnpm does not hoist it next to the building package.
 * @param {string} name
 * @param {string} fromDir
 * @param {string} [via] the direct dependency that brings `name` in
 * @returns {string}
 */
function installedVersion(name, fromDir, via) {
  const base = via ? packageDirOf(via, fromDir) : fromDir;
  return readPackageJson(packageDirOf(name, base)).version;
}

/** The monorepo root: the nearest parent holding pnpm-workspace.yaml. @param {string} fromDir */
function repoRootOf(fromDir) {
  let dir = path.resolve(fromDir);
  for (;;) {
    if (fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No pnpm-workspace.yaml above ${fromDir}`);
    dir = parent;
  }
}

module.exports = { readPackageJson, packageDirOf, installedVersion, repoRootOf };
