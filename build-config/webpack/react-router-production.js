// react-router 7's package.json `exports` name only its development build (dist/development,
// with ENABLE_DEV_WARNINGS on), so every bundler ships it in production too, a known upstream
// problem with no fix released yet. Its production build (dist/production) is the same
// code without the warnings and their checks on every match and render. A production build of
// host and remotes aliases the two entries react-router-dom imports to it; both files import
// only their own sibling chunks, so the two builds are never mixed in one bundle.
const fs = require('node:fs');
const path = require('node:path');
const { packageDirOf } = require('./package-info');

/** The entries react-router-dom's `dist/index.mjs` imports, and their production files. */
const ENTRIES = Object.freeze({
  'react-router': 'index.mjs',
  'react-router/dom': 'dom-export.mjs',
});

/**
 * `resolve.alias` entries (exact-match `$` keys) pinning react-router to its production build, as
 * the package building in `packageDir` resolves it (through react-router-dom, as pnpm installs it).
 * @param {string} packageDir
 * @returns {Record<string, string>}
 */
function reactRouterProductionAliases(packageDir) {
  const routerDir = packageDirOf('react-router', packageDirOf('react-router-dom', packageDir));
  /** @type {Record<string, string>} */
  const aliases = {};
  for (const [request, file] of Object.entries(ENTRIES)) {
    const target = path.join(routerDir, 'dist', 'production', file);
    if (!fs.existsSync(target))
      throw new Error(
        `react-router's production build has no ${file}: ${target} (was it renamed?)`,
      );
    aliases[`${request}$`] = target;
  }
  return aliases;
}

module.exports = { reactRouterProductionAliases };
