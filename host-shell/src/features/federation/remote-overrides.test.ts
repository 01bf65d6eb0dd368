import {
  REMOTE_OVERRIDES_STORAGE_KEY,
  applyRemoteOverrides,
  readRemoteOverrides,
  withoutOverrideParams,
} from './remote-overrides';
import { RemoteRegistry } from './remote-registry';

beforeEach(() => sessionStorage.clear());

const DEV_URL = 'http://localhost:3103/mf-manifest.json';

describe('developer override ?remote=<name>@<url>', () => {
  test('ignored in production: nothing read, nothing stored', () => {
    sessionStorage.setItem(REMOTE_OVERRIDES_STORAGE_KEY, JSON.stringify({ 'mf-finance': DEV_URL }));
    const overrides = applyRemoteOverrides({
      search: `?remote=mf-services@${DEV_URL}`,
      storage: sessionStorage,
      isProduction: true,
    });
    expect(overrides).toEqual({});
    expect(sessionStorage.getItem(REMOTE_OVERRIDES_STORAGE_KEY)).toBe(
      JSON.stringify({ 'mf-finance': DEV_URL }),
    );
  });

  test('outside production it is stored for the tab and read back', () => {
    const overrides = applyRemoteOverrides({
      search: `?remote=mf-finance@${DEV_URL}&remote=mf-services@/remotes/mf-services/1.4.0/mf-manifest.json`,
      storage: sessionStorage,
      isProduction: false,
    });
    expect(overrides).toEqual({
      'mf-finance': DEV_URL,
      'mf-services': '/remotes/mf-services/1.4.0/mf-manifest.json',
    });
    expect(readRemoteOverrides(sessionStorage)).toEqual(overrides);
    // A later start without the parameter keeps them.
    expect(
      applyRemoteOverrides({ search: '', storage: sessionStorage, isProduction: false }),
    ).toEqual(overrides);
  });

  test('unknown names, bad URLs and tampered storage are rejected', () => {
    const warn = jest.fn();
    expect(
      applyRemoteOverrides({
        search:
          '?remote=mf-nope@http://x/m.json&remote=mf-finance@javascript:alert(1)&remote=mf-admin@//evil/m.json',
        storage: sessionStorage,
        isProduction: false,
        warn,
      }),
    ).toEqual({});
    expect(warn).toHaveBeenCalledTimes(3);
    sessionStorage.setItem(REMOTE_OVERRIDES_STORAGE_KEY, '{"mf-finance":"ftp://x"}');
    expect(readRemoteOverrides(sessionStorage)).toEqual({});
    sessionStorage.setItem(REMOTE_OVERRIDES_STORAGE_KEY, 'not json');
    expect(readRemoteOverrides(sessionStorage)).toEqual({});
  });

  test('name@ drops one override, clear drops all', () => {
    applyRemoteOverrides({
      search: `?remote=mf-finance@${DEV_URL}&remote=mf-admin@${DEV_URL}`,
      storage: sessionStorage,
      isProduction: false,
    });
    expect(
      applyRemoteOverrides({
        search: '?remote=mf-finance@',
        storage: sessionStorage,
        isProduction: false,
      }),
    ).toEqual({ 'mf-admin': DEV_URL });
    expect(
      applyRemoteOverrides({
        search: '?remote=clear',
        storage: sessionStorage,
        isProduction: false,
      }),
    ).toEqual({});
    expect(sessionStorage.getItem(REMOTE_OVERRIDES_STORAGE_KEY)).toBeNull();
  });

  test('the parameter is taken out of the address afterwards', () => {
    expect(
      withoutOverrideParams(
        new URL(`http://localhost/financial?page=2&remote=mf-finance@${DEV_URL}#top`),
      ),
    ).toBe('/financial?page=2#top');
  });

  test('the registry loads an overridden remote from its dev server, even without release.json', async () => {
    const registerRemotes = jest.fn();
    const loadRemote = jest.fn(async () => ({ default: { 'financial.list': () => null } }));
    const fetchJson = jest.fn(async (url: string) => {
      if (url === '/remotes.json') {
        return {
          remotes: {
            'mf-finance': {
              version: '1.0.0',
              manifest: '/remotes/mf-finance/1.0.0/mf-manifest.json',
            },
          },
        };
      }
      throw new Error(`${url}: HTTP 404`);
    });
    const registry = new RemoteRegistry({
      runtime: { registerRemotes, loadRemote },
      fetchJson,
      baseUrl: () => 'http://localhost/financial',
      overrides: { 'mf-finance': DEV_URL },
      log: () => undefined,
    });
    await registry.start();
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mf_finance', entry: DEV_URL }]);
    await expect(registry.load('mf-finance')).resolves.toHaveProperty(['financial.list']);
    expect(fetchJson).toHaveBeenCalledWith('http://localhost:3103/release.json');
    expect(loadRemote).toHaveBeenCalledWith('mf_finance/pages');
  });
});
