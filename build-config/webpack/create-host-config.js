// The webpack config of the host shell. It has no build-time remotes: at start it fetches
// remotes.json and registers the promoted remotes at run time (docs/architecture.md#federation). It
// provides the federation runtime to the remotes (which are built with externalRuntime).
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createBaseConfig, resolveMode } = require('./common');
const { createSharedConfig } = require('./shared');
const { readPackageJson, repoRootOf } = require('./package-info');
const { htmlShell } = require('./html-shell');
const { apiTarget } = require('./create-remote-config');
const { StartPreloadPlugin } = require('./start-preload-plugin');
const {
  hotDevServer,
  devRemoteEntries,
  devRemotesJson,
  DEV_REMOTES_VARIABLE,
} = require('./dev-loop');

const DEFAULT_HOST_DEV_PORT = 3100;

/** The Arabic subset of the interface's font (@fontsource's Cairo): every title is drawn with it. */
const FIRST_SCREEN_FONT = /^fonts\/cairo-arabic-wght-normal\.[0-9a-f]{8}\.woff2$/;

/**
 * The font files index.html preloads with the app: the Arabic Cairo file the build emitted (none
 * in a build without it, e.g. the dev server's, where the page simply waits for the font as before).
 * @param {import('webpack').Compilation} compilation
 * @returns {string[]}
 */
function firstScreenFonts(compilation) {
  // The host's publicPath is always '/' (output below).
  return Object.keys(compilation.assets)
    .filter((name) => FIRST_SCREEN_FONT.test(name))
    .map((name) => `/${name}`);
}

/**
 * @typedef {object} HostConfigOptions
 * @property {string} packageDir       the host package's directory (`__dirname` of its webpack.config.js)
 * @property {number} [devPort]        dev server port (default 3100)
 * @property {string} [title]          the HTML <title> before the app sets its own (default 'عطاء')
 * @property {string[]} [runtimePlugins] federation runtime plugin files (absolute paths), e.g. retry / error fallback
 * @property {string} [storeDir]       release store the dev server serves /remotes.json and /remotes/* from
 *                                     (default: RELEASE_STORE or <repo>/.release-store)
 * @property {'production' | 'development'} [mode] overrides --mode
 * @property {string} [devRemotes]     remotes the dev server's /remotes.json points at their dev servers
 *                                     ("mf-finance,mf-admin" or "all"; default: the DEV_REMOTES variable)
 * @property {string} [startChunk]     webpackChunkName of the entry's `import('./bootstrap')`; its chunks and
 *                                     the shared libraries they consume are preloaded from index.html
 *                                     (default 'bootstrap')
 */

/**
 * @param {HostConfigOptions} options
 * @returns {(env?: unknown, argv?: { mode?: string }) => import('webpack').Configuration}
 */
function createHostConfig({
  packageDir,
  devPort = DEFAULT_HOST_DEV_PORT,
  title = 'عطاء',
  runtimePlugins = [],
  storeDir,
  mode: forcedMode,
  startChunk = 'bootstrap',
  devRemotes,
}) {
  return (_env, argv = {}) => {
    const mode = forcedMode ?? resolveMode(argv.mode);
    const pkg = readPackageJson(packageDir);
    process.env.MF_BUILD_VERSION = pkg.version;
    const releaseStore = path.resolve(
      storeDir ?? process.env.RELEASE_STORE ?? path.join(repoRootOf(packageDir), '.release-store'),
    );
    // '/' and not 'auto': with 'auto', index.html served for a deep link (/families/show/7) would
    // load main.js relative to it and get the SPA fallback's HTML back
    // (docs/architecture.md#toolchain).
    const devEntries =
      mode === 'development'
        ? devRemoteEntries(repoRootOf(packageDir), devRemotes ?? process.env[DEV_REMOTES_VARIABLE])
        : {};
    const base = createBaseConfig({
      packageDir,
      mode,
      publicPath: '/',
      uniqueName: containerNameOf(pkg.name),
    });

    return {
      ...base,
      entry: { main: hostEntry(mode) },
      plugins: [
        ...(base.plugins ?? []),
        new ModuleFederationPlugin({
          name: containerNameOf(pkg.name),
          shared: createSharedConfig(packageDir),
          // A remote that is down never blocks the shell, and the host's shared copies win.
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: true,
          runtimePlugins,
          experiments: { provideExternalRuntime: true },
        }),
        // Not injected: the page's inline script starts the app's scripts (and their preloads)
        // itself, at once for a returning session, on the login form's first use otherwise
        // (html-shell.js, docs/decisions/0016-login-page-starts-the-app-on-first-use.md).
        new HtmlWebpackPlugin({
          inject: false,
          templateContent: (
            /** @type {{ htmlWebpackPlugin: { tags: any }, compilation: import('webpack').Compilation }} */ parameters,
          ) =>
            htmlShell(title, {
              bootLogin: true,
              appTags: parameters.htmlWebpackPlugin.tags,
              appFonts: firstScreenFonts(parameters.compilation),
            }),
          chunks: ['main'],
        }),
        ...(mode === 'production' ? [new StartPreloadPlugin({ chunkGroup: startChunk })] : []),
      ],
      devServer: {
        ...hotDevServer(devPort),
        historyApiFallback: true,
        // Released remotes straight from the release store, at the same URLs the gateway uses,
        // so the dev host runs the promoted versions (and `?remote=` can point one at its dev server).
        static: [
          { directory: releaseStore, publicPath: '/remotes', watch: false, serveIndex: false },
        ],
        setupMiddlewares: (middlewares) => {
          middlewares.unshift({
            name: 'remotes-json',
            path: '/remotes.json',
            middleware: (/** @type {any} */ _req, /** @type {any} */ res) => {
              res.setHeader('Content-Type', 'application/json; charset=utf-8');
              res.setHeader('Cache-Control', 'no-cache');
              // The released versions, except the remotes `pnpm dev` runs dev servers for.
              res.end(devRemotesJson(releaseStore, devEntries));
            },
          });
          return middlewares;
        },
        proxy: [{ context: ['/api'], target: apiTarget(), changeOrigin: false }],
      },
    };
  };
}

/**
 * The host's entry; in development preceded by the module that lets the remotes' React Fast
 * Refresh reach the shared react-dom (devtools-hook-renderers.js).
 * @param {'production' | 'development'} mode
 * @returns {string | string[]}
 */
function hostEntry(mode) {
  return mode === 'development'
    ? [require.resolve('./devtools-hook-renderers.js'), './src/index.ts']
    : './src/index.ts';
}

/** host-shell → host_shell: a package name made a valid JavaScript global. @param {string} packageName */
function containerNameOf(packageName) {
  return packageName.replace(/^@/, '').replace(/[^A-Za-z0-9_$]/g, '_');
}

module.exports = { createHostConfig, containerNameOf, DEFAULT_HOST_DEV_PORT };
