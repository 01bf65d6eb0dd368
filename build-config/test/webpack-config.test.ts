import fs from 'node:fs';
import path from 'node:path';
import type { Configuration, WebpackPluginInstance } from 'webpack';

// The factories are CommonJS with JSDoc types (this package has no tsconfig: jest only transpiles).
import { SHARED_SINGLETONS, createSharedConfig } from '../webpack/shared';
import { createHostConfig, containerNameOf } from '../webpack/create-host-config';
import { ReleaseInfoPlugin, createReleaseInfo } from '../webpack/release-info-plugin';
import { createRemoteConfig } from '../webpack/create-remote-config';
import { releaseEnv } from '../webpack/release-env';

const REPO = path.resolve(__dirname, '..', '..');
const HOST_DIR = path.join(REPO, 'host-shell');
const version = (dir: string) =>
  (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string })
    .version;
const federationOptions = (config: Configuration) => {
  const plugin = config.plugins?.find(
    (p) => (p as WebpackPluginInstance).name === 'ModuleFederationPlugin',
  ) as { _options: Record<string, unknown> } | undefined;
  if (!plugin) throw new Error('no ModuleFederationPlugin');
  return plugin._options;
};

describe('the shared singleton list', () => {
  const shared = createSharedConfig(path.join(REPO, 'mf-finance'));

  it('shares the third-party singletons plus zod, never the workspace libraries', () => {
    expect(Object.keys(shared)).toEqual([
      'react',
      'react/',
      'react-dom',
      'react-dom/',
      'react-router',
      'react-router-dom',
      '@tanstack/react-query',
      '@tanstack/query-core',
      'styled-components',
      'zod',
      'axios',
      'chart.js',
    ]);
    for (const entry of Object.values(shared)) expect(entry.singleton).toBe(true);
    expect(SHARED_SINGLETONS).toHaveLength(12);
  });

  it('requires the versions really installed, transitive ones included', () => {
    const installed = (name: string, from: string) =>
      version(path.dirname(require.resolve(`${name}/package.json`, { paths: [from] })));
    const remote = path.join(REPO, 'mf-finance');
    expect(shared.react?.requiredVersion).toBe(`^${installed('react', remote)}`);
    expect(shared['react/']?.requiredVersion).toBe(`^${installed('react', remote)}`);
    const routerDom = path.dirname(
      require.resolve('react-router-dom/package.json', { paths: [remote] }),
    );
    expect(shared['react-router']?.version).toBe(installed('react-router', routerDom));
    const reactQuery = path.dirname(
      require.resolve('@tanstack/react-query/package.json', { paths: [remote] }),
    );
    expect(shared['@tanstack/query-core']?.version).toBe(
      installed('@tanstack/query-core', reactQuery),
    );
  });

  it('requires plain semver ranges, never workspace:*', () => {
    for (const entry of Object.values(shared))
      expect(entry.requiredVersion).toMatch(/^\^\d+\.\d+\.\d+/);
  });
});

describe('createHostConfig', () => {
  const config = createHostConfig({ packageDir: HOST_DIR, devPort: 3100, storeDir: '/tmp/store' })(
    {},
    { mode: 'production' },
  );

  it("uses publicPath '/' and un-hashed entry names with hashed chunks", () => {
    expect(config.output).toMatchObject({
      publicPath: '/',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
    });
    expect(config.entry).toEqual({ main: './src/index.ts' });
    expect(config.optimization?.minimize).toBe(true);
  });

  it("bundles react-router's production build in production, its development build otherwise", () => {
    // react-router's package.json exports only dist/development, whatever the mode.
    const alias = (built: Configuration) => built.resolve?.alias as Record<string, string>;
    expect(alias(config)['react-router$']).toMatch(
      /react-router[\\/]dist[\\/]production[\\/]index\.mjs$/,
    );
    expect(alias(config)['react-router/dom$']).toMatch(
      /react-router[\\/]dist[\\/]production[\\/]dom-export\.mjs$/,
    );
    const development = createHostConfig({
      packageDir: HOST_DIR,
      devPort: 3100,
      storeDir: '/tmp/store',
    })({}, { mode: 'development' });
    expect(alias(development)['react-router$']).toBeUndefined();
  });

  it('has no build-time remotes, loads first-loaded shares, and provides the federation runtime', () => {
    const options = federationOptions(config);
    expect(options.remotes).toBeUndefined();
    expect(options.exposes).toBeUndefined();
    expect(options).toMatchObject({
      name: containerNameOf('host-shell'),
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: true,
      experiments: { provideExternalRuntime: true },
    });
    expect(Object.keys(options.shared as object)).toContain('react');
    expect(Object.keys(options.shared as object)).not.toContain('shared-ui');
  });

  it('renders a right-to-left Arabic HTML shell, with the login form usable before the app loads', () => {
    const html = config.plugins?.find(
      (p) => p?.constructor.name === 'HtmlWebpackPlugin',
    ) as unknown as {
      userOptions: {
        inject: boolean;
        templateContent: (parameters: {
          htmlWebpackPlugin: { tags: unknown };
          compilation: { outputOptions: { publicPath?: string }; assets: Record<string, unknown> };
        }) => string;
      };
    };
    // The page's own script starts the app's scripts: none is injected for the parser to run.
    expect(html.userOptions.inject).toBe(false);
    const page = html.userOptions.templateContent({
      htmlWebpackPlugin: {
        tags: {
          headTags: [
            { tagName: 'script', attributes: { defer: true, src: '/main.js' } },
            { tagName: 'link', attributes: { rel: 'preload', as: 'script', href: '/12.abc.js' } },
          ],
          bodyTags: [],
        },
      },
      // The font files the build emitted: the Arabic one is what the first screen is drawn with.
      compilation: {
        outputOptions: { publicPath: '/' },
        assets: {
          'fonts/cairo-arabic-wght-normal.c3107482.woff2': {},
          'fonts/cairo-latin-wght-normal.a64218f3.woff2': {},
          'main.js': {},
        },
      },
    });
    expect(page).toContain('<html dir="rtl" lang="ar">');
    expect(page).toContain('<div id="root">');
    // The login form of the first paint, hidden until its inline script shows it.
    expect(page).toMatch(/<div id="boot-login" class="boot-login" hidden>/);
    expect(page).not.toMatch(/<script[^>]*\ssrc=/);
    expect(page).not.toMatch(/<link[^>]*preload/);
    expect(page).toContain(
      'F={"scripts":["/main.js"],"preloads":["/12.abc.js"],"fonts":["/fonts/cairo-arabic-wght-normal.c3107482.woff2"]}',
    );
  });

  it('serves the SPA, proxies /api and serves the release store in development', () => {
    const dev = createHostConfig({ packageDir: HOST_DIR, storeDir: '/tmp/store' })(
      {},
      { mode: 'development' },
    );
    expect(dev.devServer).toMatchObject({ port: 3100, historyApiFallback: true });
    expect(dev.devServer?.proxy).toEqual([
      expect.objectContaining({ context: ['/api'], target: 'http://127.0.0.1:3000' }),
    ]);
    expect(dev.devServer?.static).toEqual([
      expect.objectContaining({ directory: '/tmp/store', publicPath: '/remotes' }),
    ]);
  });
});

describe('createReleaseInfo', () => {
  it('refuses a version that is not semver', () => {
    expect(() =>
      createReleaseInfo({
        name: 'mf-finance',
        version: 'next',
        builtAt: new Date().toISOString(),
        contractsVersion: '1.0.0',
      }),
    ).toThrow(/not semver/);
  });
});

describe('building a remote as another version, elsewhere (RELEASE_VERSION, RELEASE_OUT_DIR)', () => {
  const FINANCE_DIR = path.join(REPO, 'mf-finance');
  const financeVersion = version(FINANCE_DIR);
  const savedBuildVersion = process.env.MF_BUILD_VERSION;
  afterEach(() => {
    if (savedBuildVersion === undefined) delete process.env.MF_BUILD_VERSION;
    else process.env.MF_BUILD_VERSION = savedBuildVersion;
    jest.restoreAllMocks();
  });
  const build = (env: NodeJS.ProcessEnv) =>
    createRemoteConfig({ packageDir: FINANCE_DIR, env })({}, { mode: 'production' });
  const releaseOptions = (config: Configuration) => {
    const plugin = config.plugins?.find((p) => p instanceof ReleaseInfoPlugin) as
      ReleaseInfoPlugin | undefined;
    if (!plugin) throw new Error('no ReleaseInfoPlugin');
    return (plugin as unknown as { options: { version: string; contractsVersion: string } })
      .options;
  };

  it("by default builds package.json's version into <remote>/dist", () => {
    const config = build({});
    expect(config.output?.path).toBe(path.join(FINANCE_DIR, 'dist'));
    expect(releaseOptions(config).version).toBe(financeVersion);
    expect(process.env.MF_BUILD_VERSION).toBe(financeVersion);
  });

  it('RELEASE_VERSION sets release.json and the manifest buildVersion; RELEASE_OUT_DIR the output', () => {
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const config = build({ RELEASE_VERSION: '7.8.9-rc.1', RELEASE_OUT_DIR: '/tmp/finance-7.8.9' });
    expect(config.output?.path).toBe('/tmp/finance-7.8.9');
    expect(config.output?.clean).toBe(true);
    expect(releaseOptions(config).version).toBe('7.8.9-rc.1');
    // The federation plugin reads MF_BUILD_VERSION for the manifest's buildInfo.buildVersion.
    expect(process.env.MF_BUILD_VERSION).toBe('7.8.9-rc.1');
    // The contracts version is always the one really compiled against.
    expect(releaseOptions(config).contractsVersion).toBe(
      version(path.join(REPO, 'shared-contracts')),
    );
  });

  it('a relative RELEASE_OUT_DIR is relative to where the command was typed (INIT_CWD)', () => {
    expect(
      releaseEnv({
        packageDir: FINANCE_DIR,
        packageVersion: '1.0.0',
        env: { RELEASE_OUT_DIR: 'out/finance', INIT_CWD: '/srv/ci' },
      }).outDir,
    ).toBe('/srv/ci/out/finance');
    expect(
      releaseEnv({
        packageDir: FINANCE_DIR,
        packageVersion: '1.0.0',
        env: { RELEASE_OUT_DIR: path.join(FINANCE_DIR, 'dist', '1.0.1') },
      }).outDir,
    ).toBe(path.join(FINANCE_DIR, 'dist', '1.0.1'));
  });

  it('refuses a version that is not semver', () => {
    expect(() => build({ RELEASE_VERSION: 'latest' })).toThrow(/RELEASE_VERSION "latest"/);
  });

  it.each([
    ['the package itself', FINANCE_DIR],
    ['the repository', REPO],
    ['the file system root', '/'],
    ['its sources', path.join(FINANCE_DIR, 'src')],
  ])('refuses an output directory the build would wipe: %s', (_what, dir) => {
    expect(() => build({ RELEASE_OUT_DIR: dir })).toThrow(/would be emptied/);
  });

  it('empty variables count as unset', () => {
    const config = build({ RELEASE_VERSION: '', RELEASE_OUT_DIR: ' ' });
    expect(config.output?.path).toBe(path.join(FINANCE_DIR, 'dist'));
    expect(releaseOptions(config).version).toBe(financeVersion);
  });
});

describe('the toolchain pins', () => {
  it('keeps webpack at 5.111.x, which @module-federation/enhanced 2.9.2 still works with', () => {
    const webpackVersion = version(
      path.dirname(
        require.resolve('webpack/package.json', { paths: [path.join(REPO, 'build-config')] }),
      ),
    );
    expect(webpackVersion).toMatch(/^5\.111\./);
  });
});
