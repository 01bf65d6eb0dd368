// The webpack config of the host shell. It has no build-time remotes: at start it fetches
// remotes.json and registers the promoted remotes at run time (DESIGN §2). It provides the
// federation runtime to the remotes (which are built with externalRuntime).
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createBaseConfig, resolveMode } = require('./common');
const { createSharedConfig } = require('./shared');
const { readPackageJson, repoRootOf } = require('./package-info');
const { htmlShell } = require('./html-shell');
const { apiTarget } = require('./create-remote-config');
const { StartPreloadPlugin } = require('./start-preload-plugin');

const DEFAULT_HOST_DEV_PORT = 3100;

/**
 * @typedef {object} HostConfigOptions
 * @property {string} packageDir       the host package's directory (`__dirname` of its webpack.config.js)
 * @property {number} [devPort]        dev server port (default 3100)
 * @property {string} [title]          the HTML <title> before the app sets its own (default 'عطاء')
 * @property {string[]} [runtimePlugins] federation runtime plugin files (absolute paths), e.g. retry / error fallback
 * @property {string} [storeDir]       release store the dev server serves /remotes.json and /remotes/* from
 *                                     (default: RELEASE_STORE or <repo>/.release-store)
 * @property {'production' | 'development'} [mode] overrides --mode
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
}) {
  return (_env, argv = {}) => {
    const mode = forcedMode ?? resolveMode(argv.mode);
    const pkg = readPackageJson(packageDir);
    process.env.MF_BUILD_VERSION = pkg.version;
    const releaseStore = path.resolve(
      storeDir ?? process.env.RELEASE_STORE ?? path.join(repoRootOf(packageDir), '.release-store'),
    );
    // '/' and not 'auto': with 'auto', index.html served for a deep link (/families/show/7) would
    // load main.js relative to it and get the SPA fallback's HTML back (DESIGN §5).
    const base = createBaseConfig({
      packageDir,
      mode,
      publicPath: '/',
      uniqueName: containerNameOf(pkg.name),
    });

    return {
      ...base,
      entry: { main: './src/index.ts' },
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
        new HtmlWebpackPlugin({ templateContent: htmlShell(title, { bootLogin: true }), chunks: ['main'] }),
        ...(mode === 'production' ? [new StartPreloadPlugin({ chunkGroup: startChunk })] : []),
      ],
      devServer: {
        port: devPort,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        client: { overlay: { warnings: false, errors: true } },
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
              const file = path.join(releaseStore, 'remotes.json');
              res.setHeader('Content-Type', 'application/json; charset=utf-8');
              res.setHeader('Cache-Control', 'no-cache');
              res.end(fs.existsSync(file) ? fs.readFileSync(file) : '{"remotes":{}}');
            },
          });
          return middlewares;
        },
        proxy: [{ context: ['/api'], target: apiTarget(), changeOrigin: false }],
      },
    };
  };
}

/** host-shell → host_shell: a package name made a valid JavaScript global. @param {string} packageName */
function containerNameOf(packageName) {
  return packageName.replace(/^@/, '').replace(/[^A-Za-z0-9_$]/g, '_');
}

module.exports = { createHostConfig, containerNameOf, DEFAULT_HOST_DEV_PORT };
