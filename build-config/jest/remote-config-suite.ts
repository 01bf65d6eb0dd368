// The webpack/federation checks every remote runs against its own webpack.config.js, written once:
// each remote's test/webpack-config.test.ts is `describeRemoteConfig('<remote>', { … })`.
//
// The remote passes the shared-contracts it compiles against (build-config does not depend on
// shared-contracts: it sits below every package, and what is asserted is that this remote's build
// agrees with *its* contracts).
import path from 'node:path';
import type { Configuration, WebpackPluginInstance } from 'webpack';

/** webpack's Configuration plus the dev-server block (typed by webpack-dev-server, not a dependency here). */
type RemoteConfiguration = Configuration & { devServer?: Record<string, unknown> };
type CreateRemoteConfig = (env: unknown, argv: { mode: string }) => RemoteConfiguration;

interface ReleaseInfo {
  name: string;
  version: string;
  builtAt: string;
  contractsVersion: string;
}

/** What the checks read from shared-contracts (structurally, so any contracts version fits). */
export interface RemoteConfigContracts<Remotes> {
  REMOTES: Remotes;
  REMOTE_PAGES_EXPOSE: string;
  releaseInfoSchema: { parse(value: unknown): unknown };
  /** The slot table's side (contracts without slots: no remote exposes panels). */
  REMOTE_PANELS_EXPOSE?: string;
  panelsOf?(remote: keyof Remotes & string): readonly unknown[];
}

export interface RemoteConfigSuiteOptions<Remotes> {
  /** The remote's package directory (where webpack.config.js and dist/ are). */
  packageDir: string;
  contracts: RemoteConfigContracts<Remotes>;
}

// The configs are CommonJS, loaded as the webpack CLI loads them (no declaration files to import).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createReleaseInfo } = require('../webpack/release-info-plugin') as {
  createReleaseInfo: (info: ReleaseInfo) => unknown;
};

function federationOptions(config: Configuration): Record<string, unknown> {
  const plugin = config.plugins?.find(
    (p) => (p as WebpackPluginInstance).name === 'ModuleFederationPlugin',
  );
  return (plugin as unknown as { _options: Record<string, unknown> })._options;
}

/** `describe('<remote> webpack config')`: container, output, dev server and release.json checks. */
export function describeRemoteConfig<
  Remotes extends Record<keyof Remotes, { readonly container: string; readonly devPort: number }>,
>(remote: keyof Remotes & string, { packageDir, contracts }: RemoteConfigSuiteOptions<Remotes>) {
  const { REMOTES, REMOTE_PAGES_EXPOSE, releaseInfoSchema } = contracts;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const createConfig = require(path.join(packageDir, 'webpack.config.js')) as CreateRemoteConfig;

  describe(`${remote} webpack config`, () => {
    it('builds a container named as shared-contracts says, exposing ./pages, without the federation runtime', () => {
      const config = createConfig({}, { mode: 'production' });
      expect(federationOptions(config)).toMatchObject({
        name: REMOTES[remote].container,
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
      expect(config.output?.path).toBe(path.join(packageDir, 'dist'));
      expect(config.entry).toEqual({});
    });

    it('exposes ./panels exactly when the slot table gives it panels (src/panels.ts)', () => {
      const { REMOTE_PANELS_EXPOSE, panelsOf } = contracts;
      const contributes =
        REMOTE_PANELS_EXPOSE !== undefined && (panelsOf?.(remote).length ?? 0) > 0;
      const exposes = federationOptions(createConfig({}, { mode: 'production' })).exposes;
      expect(exposes).toEqual({
        [REMOTE_PAGES_EXPOSE]: './src/pages.ts',
        ...(contributes && REMOTE_PANELS_EXPOSE
          ? { [REMOTE_PANELS_EXPOSE]: './src/panels.ts' }
          : {}),
      });
    });

    it('runs standalone in development on its dev port, readable from the host origin', () => {
      const config = createConfig({}, { mode: 'development' });
      expect(config.entry).toEqual({ main: './src/index.ts' });
      expect(federationOptions(config).experiments).toEqual({});
      expect(config.devServer).toMatchObject({
        port: REMOTES[remote].devPort,
        headers: { 'Access-Control-Allow-Origin': '*' },
      });
    });

    it('writes a release.json that shared-contracts accepts', () => {
      const info = createReleaseInfo({
        name: remote,
        version: '1.2.3',
        builtAt: new Date().toISOString(),
        contractsVersion: '1.0.0',
      });
      expect(releaseInfoSchema.parse(info)).toEqual(info);
    });
  });
}
