import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Configuration, WebpackPluginInstance } from 'webpack';

// The factories are CommonJS with JSDoc types (this package has no tsconfig: jest only transpiles).
import { createHostConfig } from '../webpack/create-host-config';
import { createRemoteConfig } from '../webpack/create-remote-config';
import { devRemoteEntries, devRemotesJson } from '../webpack/dev-loop';

const REPO = path.resolve(__dirname, '..', '..');
const HOST_DIR = path.join(REPO, 'host-shell');
const REMOTE_DIR = path.join(REPO, 'mf-engagement');

const pluginNames = (config: Configuration) =>
  (config.plugins ?? []).map((plugin) => (plugin as WebpackPluginInstance).constructor.name);

/** The swc-loader options of the TypeScript rule. */
const swcReact = (config: Configuration) => {
  const rule = config.module?.rules?.find(
    (candidate) =>
      candidate && typeof candidate === 'object' && String(candidate.test).includes('tsx'),
  ) as { use: { options: { jsc: { transform: { react: Record<string, unknown> } } } } };
  return rule.use.options.jsc.transform.react;
};

describe('the dev servers: hot module replacement with React Fast Refresh', () => {
  const hostDev = createHostConfig({
    packageDir: HOST_DIR,
    storeDir: '/tmp/store',
    devRemotes: '',
  })({}, { mode: 'development' });
  const hostProd = createHostConfig({ packageDir: HOST_DIR, storeDir: '/tmp/store' })(
    {},
    { mode: 'production' },
  );
  const remoteDev = createRemoteConfig({ packageDir: REMOTE_DIR, env: {} })(
    {},
    { mode: 'development' },
  );
  const remoteProd = createRemoteConfig({ packageDir: REMOTE_DIR, env: {} })(
    {},
    { mode: 'production' },
  );

  it('in development: the refresh plugin, the refresh transform and hot: true, for the host and a remote', () => {
    for (const config of [hostDev, remoteDev]) {
      expect(pluginNames(config)).toContain('ReactRefreshPlugin');
      expect(swcReact(config)).toMatchObject({ development: true, refresh: true });
      expect(config.devServer).toMatchObject({ hot: true });
    }
  });

  it('in production: none of it', () => {
    for (const config of [hostProd, remoteProd]) {
      expect(pluginNames(config)).not.toContain('ReactRefreshPlugin');
      expect(swcReact(config)).toMatchObject({ development: false, refresh: false });
    }
  });

  it("a remote's HMR client listens to its own dev server, even inside the host's page", () => {
    expect(remoteDev.devServer?.client).toMatchObject({
      webSocketURL: { hostname: 'localhost', port: 3104 },
    });
  });

  it("the host's development entry first lets the remotes' refresh reach the shared react-dom", () => {
    expect(hostDev.entry).toEqual({
      main: [require.resolve('../webpack/devtools-hook-renderers.js'), './src/index.ts'],
    });
    expect(hostProd.entry).toEqual({ main: './src/index.ts' });
  });
});

describe('the devtools hook records each renderer (devtools-hook-renderers.js)', () => {
  it('keeps what the stand-in hook returns and adds the renderer to hook.renderers', () => {
    const renderers = new Map<number, unknown>();
    let next = 1;
    const hook = { renderers, inject: (_internals: unknown) => next++ };
    const global = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
    global.__REACT_DEVTOOLS_GLOBAL_HOOK__ = hook;
    try {
      jest.isolateModules(() => {
        jest.requireActual('../webpack/devtools-hook-renderers.js');
      });
      const internals = { scheduleRefresh: () => undefined };
      expect(hook.inject(internals)).toBe(1);
      expect(renderers.get(1)).toBe(internals);
    } finally {
      delete global.__REACT_DEVTOOLS_GLOBAL_HOOK__;
    }
  });
});

describe("the host dev server's remotes.json (DEV_REMOTES)", () => {
  let store: string;
  beforeEach(() => {
    store = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-remotes-'));
  });
  afterEach(() => fs.rmSync(store, { recursive: true, force: true }));

  it('points the remotes under development at their dev servers and keeps the released others', () => {
    const released = {
      remotes: {
        'mf-finance': { version: '1.2.0', manifest: '/remotes/mf-finance/1.2.0/mf-manifest.json' },
        'mf-engagement': {
          version: '1.0.0',
          manifest: '/remotes/mf-engagement/1.0.0/mf-manifest.json',
        },
      },
    };
    fs.writeFileSync(path.join(store, 'remotes.json'), JSON.stringify(released));
    const json = JSON.parse(devRemotesJson(store, devRemoteEntries(REPO, 'mf-engagement')));
    expect(json.remotes['mf-finance']).toEqual(released.remotes['mf-finance']);
    expect(json.remotes['mf-engagement']).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      manifest: 'http://localhost:3104/mf-manifest.json',
    });
  });

  it('serves the store file unchanged when no remote is under development', () => {
    fs.writeFileSync(path.join(store, 'remotes.json'), '{"remotes":{}}\n');
    expect(devRemotesJson(store, devRemoteEntries(REPO, undefined))).toBe('{"remotes":{}}\n');
  });

  it('"all" names every remote; an unknown name is an error, not the release run silently', () => {
    expect(Object.keys(devRemoteEntries(REPO, 'all'))).toEqual([
      'mf-admin',
      'mf-beneficiaries',
      'mf-engagement',
      'mf-finance',
      'mf-reports',
      'mf-services',
    ]);
    expect(() => devRemoteEntries(REPO, 'mf-nope')).toThrow('unknown remote "mf-nope"');
  });
});

describe('pnpm dev', () => {
  it('refuses an unknown remote in one line, in Arabic and English, before starting anything', () => {
    const result = spawnSync(
      process.execPath,
      [path.join(REPO, 'gateway/scripts/dev.mjs'), 'mf-nope'],
      {
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'development' },
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^\[dev\] قسم غير معروف: mf-nope \/ unknown remote: mf-nope \(mf-admin, /,
      ),
    ]);
  });
});
