import path from 'node:path';
import { REMOTES, REMOTE_PAGES_EXPOSE, releaseInfoSchema } from 'shared-contracts';
import type { Configuration, WebpackPluginInstance } from 'webpack';

const REMOTE = 'mf-beneficiaries';
/** webpack's Configuration plus the dev-server block (typed by webpack-dev-server, not a dependency here). */
type RemoteConfiguration = Configuration & { devServer?: Record<string, unknown> };
// The configs are CommonJS, loaded as the webpack CLI loads them (no declaration files to import).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const createConfig = require('../webpack.config.js') as (
  env: unknown,
  argv: { mode: string },
) => RemoteConfiguration;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createReleaseInfo } = require('build-config/webpack/release-info-plugin') as {
  createReleaseInfo: (info: {
    name: string;
    version: string;
    builtAt: string;
    contractsVersion: string;
  }) => unknown;
};

function federationOptions(config: Configuration): Record<string, unknown> {
  const plugin = config.plugins?.find(
    (p) => (p as WebpackPluginInstance).name === 'ModuleFederationPlugin',
  );
  return (plugin as unknown as { _options: Record<string, unknown> })._options;
}

describe(`${REMOTE} webpack config`, () => {
  it('builds a container named as shared-contracts says, exposing ./pages, without the federation runtime', () => {
    const config = createConfig({}, { mode: 'production' });
    expect(federationOptions(config)).toMatchObject({
      name: REMOTES[REMOTE].container,
      filename: 'remoteEntry.js',
      exposes: { [REMOTE_PAGES_EXPOSE]: './src/pages.ts' },
      dts: false,
      experiments: { externalRuntime: true },
    });
    expect(config.output).toMatchObject({
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
    });
    expect(config.output?.path).toBe(path.join(__dirname, '..', 'dist'));
    expect(config.entry).toEqual({});
  });

  it('runs standalone in development on its dev port, readable from the host origin', () => {
    const config = createConfig({}, { mode: 'development' });
    expect(config.entry).toEqual({ main: './src/index.ts' });
    expect(federationOptions(config).experiments).toEqual({});
    expect(config.devServer).toMatchObject({
      port: REMOTES[REMOTE].devPort,
      headers: { 'Access-Control-Allow-Origin': '*' },
    });
  });

  it('writes a release.json that shared-contracts accepts', () => {
    const info = createReleaseInfo({
      name: REMOTE,
      version: '1.2.3',
      builtAt: new Date().toISOString(),
      contractsVersion: '1.0.0',
    });
    expect(releaseInfoSchema.parse(info)).toEqual(info);
  });
});
