// What the dev servers add to a development build (`pnpm dev`, `pnpm --filter <pkg> dev`):
// hot module replacement with React Fast Refresh, so an edit to a component re-renders it in place
// and keeps the page's state (what is typed in a form, the open dialog); and, for the host, a
// remotes.json that points the remotes being developed at their dev servers.
// A production build gets none of it (checked by test/webpack-config.test.ts).
const fs = require('node:fs');
const path = require('node:path');
const ReactRefreshPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
const { readPackageJson } = require('./package-info');

/** The environment variable naming the remotes the host dev server takes from their dev servers. */
const DEV_REMOTES_VARIABLE = 'DEV_REMOTES';

/**
 * The refresh plugin for a development build. Its overlay is off: the dev server's own overlay
 * already shows build errors, and two overlays would cover each other.
 * @param {'production' | 'development'} mode
 * @returns {import('webpack').WebpackPluginInstance[]}
 */
function refreshPlugins(mode) {
  return mode === 'development' ? [new ReactRefreshPlugin({ overlay: false })] : [];
}

/**
 * The dev-server settings every package shares. `hot`: modules are replaced in the running page;
 * `liveReload` stays on only as the fallback for an edit no module accepts (an entry file),
 * which then reloads the page as before.
 * @param {number} port
 * @param {{ ownSocket?: boolean }} [options] `ownSocket`: the page that runs this bundle is
 *   another server's (a remote inside the host), so the HMR client must connect to this dev
 *   server by its own port instead of the page's origin, or it would hear the host's updates.
 */
function hotDevServer(port, { ownSocket = false } = {}) {
  return {
    port,
    hot: true,
    liveReload: true,
    client: {
      overlay: { warnings: false, errors: true },
      ...(ownSocket ? { webSocketURL: { hostname: 'localhost', port } } : {}),
    },
  };
}

/**
 * The remotes `DEV_REMOTES` names ("mf-finance,mf-admin", or "all"), each with its dev server's
 * manifest URL and its package version, read from the remotes' package.json files (their
 * `federation.devPort`). An unknown name is an error, so a typo does not silently run the release.
 * @param {string} repoRoot
 * @param {string | undefined} value
 * @returns {Record<string, { version: string, manifest: string }>}
 */
function devRemoteEntries(repoRoot, value) {
  const wanted = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (wanted.length === 0) return {};
  const known = fs
    .readdirSync(repoRoot)
    .filter(
      (dir) => dir.startsWith('mf-') && fs.existsSync(path.join(repoRoot, dir, 'package.json')),
    )
    .sort();
  const names = wanted.includes('all') ? known : wanted;
  /** @type {Record<string, { version: string, manifest: string }>} */
  const entries = {};
  for (const name of names) {
    if (!known.includes(name)) {
      throw new Error(`${DEV_REMOTES_VARIABLE}: unknown remote "${name}" (${known.join(', ')})`);
    }
    const pkg = readPackageJson(path.join(repoRoot, name));
    entries[name] = {
      version: pkg.version,
      manifest: `http://localhost:${pkg.federation?.devPort}/mf-manifest.json`,
    };
  }
  return entries;
}

/**
 * The host dev server's remotes.json: the release store's, with the remotes under development
 * pointed at their dev servers (the others keep their released versions).
 * @param {string} releaseStore
 * @param {Record<string, { version: string, manifest: string }>} devEntries
 * @returns {string}
 */
function devRemotesJson(releaseStore, devEntries) {
  const file = path.join(releaseStore, 'remotes.json');
  const raw = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '{"remotes":{}}';
  if (Object.keys(devEntries).length === 0) return raw;
  const released = JSON.parse(raw);
  return JSON.stringify({ ...released, remotes: { ...released.remotes, ...devEntries } });
}

module.exports = {
  refreshPlugins,
  hotDevServer,
  devRemoteEntries,
  devRemotesJson,
  DEV_REMOTES_VARIABLE,
};
