// The webpack config of a domain remote (mf-*). A remote builds alone from its own directory:
// everything here is derived from that package's package.json and installed dependencies, so
// `pnpm --filter mf-finance build` reads and writes nothing outside mf-finance (dist included).
// RELEASE_VERSION and RELEASE_OUT_DIR (release-env.js) build it as another version, elsewhere.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createBaseConfig, resolveMode } = require('./common');
const { createSharedConfig } = require('./shared');
const { readPackageJson, packageDirOf } = require('./package-info');
const { ReleaseInfoPlugin } = require('./release-info-plugin');
const { releaseEnv } = require('./release-env');
const { htmlShell } = require('./html-shell');
const { hotDevServer } = require('./dev-loop');

/** What every remote exposes (shared-contracts REMOTE_PAGES_EXPOSE; checked by the remotes' tests). */
const PAGES_EXPOSE = './pages';
/** What a remote contributing slot panels exposes too (shared-contracts REMOTE_PANELS_EXPOSE). */
const PANELS_EXPOSE = './panels';
const CONTAINER_NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * The `federation` field of a remote's package.json: its container global and dev-server port.
 * They mirror shared-contracts' REMOTES (a webpack config cannot import TypeScript); every
 * remote's unit test asserts the two agree.
 * @param {string} packageDir
 */
function remoteIdentity(packageDir) {
  const pkg = readPackageJson(packageDir);
  const container = pkg.federation?.container;
  const devPort = pkg.federation?.devPort;
  if (!container || !CONTAINER_NAME.test(container)) {
    throw new Error(
      `${pkg.name}: package.json needs "federation": { "container": "<js identifier>" }`,
    );
  }
  if (!Number.isInteger(devPort))
    throw new Error(`${pkg.name}: package.json needs "federation": { "devPort": <port> }`);
  return {
    name: pkg.name,
    version: pkg.version,
    container,
    devPort: /** @type {number} */ (devPort),
  };
}

/**
 * @param {{ packageDir: string, mode?: 'production' | 'development', env?: NodeJS.ProcessEnv }} options
 *   `env`: where RELEASE_VERSION / RELEASE_OUT_DIR are read (default process.env; tests pass their own)
 * @returns {(env?: unknown, argv?: { mode?: string }) => import('webpack').Configuration}
 */
function createRemoteConfig({ packageDir, mode: forcedMode, env = process.env }) {
  return (_env, argv = {}) => {
    const mode = forcedMode ?? resolveMode(argv.mode);
    const production = mode === 'production';
    const identity = remoteIdentity(packageDir);
    const { name, container, devPort } = identity;
    const contractsVersion = readPackageJson(packageDirOf('shared-contracts', packageDir)).version;
    const release = releaseEnv({ packageDir, packageVersion: identity.version, env });
    const { version } = release;
    if (release.versionOverridden || release.outDirOverridden) {
      console.log(
        `${name}: building version ${version}${release.versionOverridden ? ` (RELEASE_VERSION; package.json has ${identity.version})` : ''} into ${release.outDir}`,
      );
    }

    // The manifest's buildInfo.buildVersion comes from this variable (the federation plugin reads
    // it; additionalData below sets it again from the same value).
    process.env.MF_BUILD_VERSION = version;

    const releaseInfo = new ReleaseInfoPlugin({ name, version, contractsVersion });
    const base = createBaseConfig({
      packageDir,
      mode,
      publicPath: 'auto',
      uniqueName: container,
      outDir: release.outDir,
    });

    return {
      ...base,
      // In production the remote is only a container (remoteEntry.js + chunks). In development it
      // also has a standalone page (src/index.ts) so a team can run it without the host; that
      // page needs its own federation runtime, hence externalRuntime only in production.
      entry: production ? {} : { main: './src/index.ts' },
      plugins: [
        ...(base.plugins ?? []),
        new ModuleFederationPlugin({
          name: container,
          filename: 'remoteEntry.js',
          exposes: remoteExposes(packageDir),
          shared: createSharedConfig(packageDir),
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: {
            // Build time and contracts version beside buildVersion, so the host can check
            // compatibility from the manifest it loads anyway.
            additionalData: ({ stats, compilation }) => {
              const info = releaseInfo.releaseInfoFor(compilation);
              stats.metaData.buildInfo = {
                ...stats.metaData.buildInfo,
                buildVersion: info.version,
                builtAt: info.builtAt,
                contractsVersion: info.contractsVersion,
              };
              return stats;
            },
          },
          // The host provides the federation runtime (provideExternalRuntime), so six remotes do
          // not carry six copies of it (≈ 27.5 KB → ≈ 9 KB gzip per remoteEntry.js).
          experiments: production ? { externalRuntime: true } : {},
        }),
        releaseInfo,
        ...(production
          ? []
          : [
              new HtmlWebpackPlugin({
                chunks: ['main'],
                templateContent: htmlShell(`${name} (تطوير)`),
                // The page's own script from the root, so deep links (/financial/report) work;
                // chunks then follow it ('auto' resolves from the script's URL).
                publicPath: '/',
              }),
            ]),
      ],
      devServer: {
        // Inside the host's page its HMR client still listens to this dev server.
        ...hotDevServer(devPort, { ownSocket: true }),
        // The host dev server (another origin) loads this remote's manifest, entry and chunks.
        headers: { 'Access-Control-Allow-Origin': '*' },
        historyApiFallback: true,
        static: false,
        proxy: [{ context: ['/api'], target: apiTarget(), changeOrigin: false }],
      },
    };
  };
}

/**
 * `./pages` always; `./panels` when the remote has src/panels.ts, i.e. when the slot table in
 * shared-contracts gives it panels (its RemotePanels type makes the file's map exact; the
 * remote's config test checks the two agree).
 * @param {string} packageDir
 * @returns {Record<string, string>}
 */
function remoteExposes(packageDir) {
  const exposes = { [PAGES_EXPOSE]: './src/pages.ts' };
  if (fs.existsSync(path.join(packageDir, 'src', 'panels.ts'))) {
    exposes[PANELS_EXPOSE] = './src/panels.ts';
  }
  return exposes;
}

/**
 * Where the dev servers proxy /api: DEV_API_URL when set (`pnpm dev` sends it through the gateway,
 * as the site does), else the API itself on its default port unless API_PORT says otherwise.
 */
function apiTarget() {
  return process.env.DEV_API_URL || `http://127.0.0.1:${process.env.API_PORT || 3000}`;
}

module.exports = { createRemoteConfig, remoteIdentity, apiTarget, PAGES_EXPOSE };
