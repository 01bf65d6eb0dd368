// What host and remote builds have in common: TypeScript through SWC, the self-hosted font's CSS
// and woff2 files, production minification, and the entry/chunk file names the federation
// runtime accepts (docs/architecture.md#toolchain: no [contenthash] in entry names).
const path = require('node:path');
const webpack = require('webpack');
const { federationRuntimeEsmAliases } = require('./federation-runtime-esm');
const { PrecompressPlugin } = require('./precompress-plugin');
const { reactRouterProductionAliases } = require('./react-router-production');
const { refreshPlugins } = require('./dev-loop');

/** @typedef {'production' | 'development'} Mode */

/** @param {unknown} argvMode @returns {Mode} */
function resolveMode(argvMode) {
  if (argvMode === 'development' || argvMode === 'production') return argvMode;
  return process.env.NODE_ENV === 'development' ? 'development' : 'production';
}

/**
 * @param {{ packageDir: string, mode: Mode, publicPath: string, uniqueName: string, outDir?: string }} options
 *   `outDir`: where the build goes (default `<packageDir>/dist`); emptied first.
 * @returns {import('webpack').Configuration}
 */
function createBaseConfig({ packageDir, mode, publicPath, uniqueName, outDir }) {
  const production = mode === 'production';
  return {
    mode,
    context: packageDir,
    target: 'web',
    // Production maps stay beside the build (and every release) for decoding reported errors,
    // but the files do not point at them and the gateway never serves them.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: outDir ?? path.join(packageDir, 'dist'),
      publicPath,
      uniqueName,
      // Entries stay un-hashed (served no-cache); every other chunk is content-addressed and
      // served immutable.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: {
        ...federationRuntimeEsmAliases(),
        ...(production ? reactRouterProductionAliases(packageDir) : {}),
      },
    },
    plugins: [
      // zod's `z.locales` / `z.core.locales` aggregator (../locales/index.js) → an empty stub.
      new webpack.NormalModuleReplacementPlugin(/^\.\.\/locales\/index\.js$/, (resource) => {
        if (/[\\/]zod[\\/]v4[\\/](classic|core)$/.test(resource.context)) {
          resource.request = require.resolve('./zod-locales-stub.js');
        }
      }),
      // `.br` and `.gz` beside every text file, served by Accept-Encoding
      // (docs/architecture.md#toolchain).
      ...(production ? [new PrecompressPlugin()] : []),
      // React Fast Refresh under the dev servers' hot module replacement (dev-loop.js).
      ...refreshPlugins(mode),
    ],
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          // Workspace packages (shared-contracts, shared-ui) are TypeScript sources; pnpm's
          // symlinks resolve to their real paths, which are outside node_modules.
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: {
                  react: { runtime: 'automatic', development: !production, refresh: !production },
                },
                target: 'es2020',
              },
            },
          },
        },
        {
          // @fontsource ships its @font-face rules as CSS; style-loader injects them at run time.
          test: /\.css$/,
          use: [require.resolve('style-loader'), require.resolve('css-loader')],
        },
        {
          test: /\.(woff2?|ttf|eot)$/,
          type: 'asset/resource',
          generator: { filename: 'fonts/[name].[contenthash:8][ext]' },
        },
        {
          test: /\.(png|jpe?g|gif|svg|webp|ico)$/,
          type: 'asset/resource',
        },
      ],
    },
    optimization: {
      minimize: production,
      // The federation runtime must live in each entry (and in remoteEntry.js), never in a
      // separate runtime chunk.
      runtimeChunk: false,
    },
    // Shared libraries are bundled whole (react-dom alone is over 244 KB); the bench reports
    // bundle sizes instead of webpack warning on every build.
    performance: { hints: false },
    stats: production ? 'normal' : 'minimal',
  };
}

module.exports = { createBaseConfig, resolveMode };
