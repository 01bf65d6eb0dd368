// The federation runtime reaches a build twice: the host's own `import`s resolve its packages'
// ESM builds, while the bundler runtime `require`s their CommonJS builds, so main.js carried both
// (≈ 26 KB gzip of duplicate runtime, measured by `pnpm bench`). Aliasing each package's bare
// specifier to its ESM entry makes both paths load one copy.
const fs = require('node:fs');
const path = require('node:path');

const RUNTIME_PACKAGES = [
  '@module-federation/runtime',
  '@module-federation/runtime-core',
  '@module-federation/sdk',
  '@module-federation/error-codes',
];

/** The directory of `name` as seen from `fromDir` (pnpm keeps dependencies beside each package). */
function packageDirFrom(name, fromDir) {
  const entry = require.resolve(name, { paths: [fromDir] });
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  const index = entry.lastIndexOf(marker);
  if (index < 0) throw new Error(`Cannot locate the package directory of ${name}`);
  return entry.slice(0, index + marker.length - 1);
}

function esmEntry(packageDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const dot = manifest.exports && manifest.exports['.'];
  const relative = (dot && dot.import && (dot.import.default || dot.import)) || manifest.module;
  if (typeof relative !== 'string') throw new Error(`${manifest.name} has no ESM entry`);
  return path.join(packageDir, relative);
}

/** `resolve.alias` entries (exact-match `$` keys) pinning the runtime packages to their ESM builds. */
function federationRuntimeEsmAliases() {
  const enhancedDir = packageDirFrom('@module-federation/enhanced', __dirname);
  const runtimeToolsDir = packageDirFrom('@module-federation/runtime-tools', enhancedDir);
  const runtimeDir = packageDirFrom('@module-federation/runtime', runtimeToolsDir);
  const searchFrom = [enhancedDir, runtimeToolsDir, runtimeDir];
  /** @type {Record<string, string>} */
  const aliases = {};
  for (const name of RUNTIME_PACKAGES) {
    const dir = searchFrom
      .map((from) => {
        try {
          return packageDirFrom(name, from);
        } catch {
          return null;
        }
      })
      .find(Boolean);
    if (!dir) throw new Error(`Cannot find ${name} from @module-federation/enhanced`);
    aliases[`${name}$`] = esmEntry(dir);
  }
  return aliases;
}

module.exports = { federationRuntimeEsmAliases, RUNTIME_PACKAGES };
