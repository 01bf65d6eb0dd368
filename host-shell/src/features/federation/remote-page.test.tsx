import { lazy } from 'react';
import { isInaccessible, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { ROUTES_BY_PAGE_ID, type PermissionKey, type RemoteName } from 'shared-contracts';
import { makeEmployee } from '../../testing/fixtures';
import { renderApp, resetBrowserState } from '../../testing/render-app';
import { federationRuntime } from './federation-runtime';
import { RemoteRegistry } from './remote-registry';
import type { RemoteOverrides } from './remote-overrides';

/** The version line of the page shown: a section left earlier stays mounted, hidden (KeptPages). */
function shownVersionLine(): HTMLElement {
  const shown = screen.getAllByTestId('remote-version').filter((line) => !isInaccessible(line));
  if (shown.length !== 1) throw new Error(`${shown.length} version lines shown`);
  return shown[0]!;
}

// loadRemote without a federation instance throws RUNTIME-009: the runtime is mocked in unit tests.
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
const mockedLoadRemote = jest.mocked(loadRemote);
const mockedRegisterRemotes = jest.mocked(registerRemotes);

const BASE = 'http://localhost';

type Published = Partial<Record<RemoteName, { version: string; contracts?: string }>>;

/** A site: remotes.json plus each remote's release.json, as the gateway serves them. */
function createSite(published: Published) {
  const files = new Map<string, unknown>();
  const publish = (next: Published) => {
    const remotes: Record<string, { version: string; manifest: string }> = {};
    for (const [name, release] of Object.entries(next)) {
      if (!release) continue;
      const base = `/remotes/${name}/${release.version}`;
      remotes[name] = { version: release.version, manifest: `${base}/mf-manifest.json` };
      files.set(`${BASE}${base}/release.json`, {
        name,
        version: release.version,
        builtAt: '2025-01-01T00:00:00.000Z',
        contractsVersion: release.contracts ?? '1.0.0',
      });
    }
    files.set('/remotes.json', { remotes });
  };
  publish(published);
  const fetchJson = jest.fn(async (url: string) => {
    if (!files.has(url)) throw new Error(`${url}: HTTP 404`);
    return files.get(url);
  });
  return { publish, fetchJson, files };
}

function createRegistry(
  site: ReturnType<typeof createSite>,
  delays: number[] = [],
  overrides: RemoteOverrides = {},
) {
  const registry = new RemoteRegistry({
    runtime: federationRuntime,
    fetchJson: site.fetchJson,
    baseUrl: () => `${BASE}/`,
    sleep: async (ms) => {
      delays.push(ms);
    },
    log: () => undefined,
    overrides,
  });
  void registry.start();
  return registry;
}

function pagesModule(pages: Record<string, string>) {
  const map: Record<string, ReturnType<typeof lazy>> = {};
  for (const [pageId, heading] of Object.entries(pages)) {
    map[pageId] = lazy(async () => ({ default: () => <h1>{heading}</h1> }));
  }
  return { default: map };
}

const SERVICES_PAGES = { 'services.list': 'قائمة الخدمات', 'services.types': 'أنواع الخدمات' };
const FINANCE_PAGES = { 'financial.list': 'السجلات المالية' };
const staff = (permissions: PermissionKey[] = ['show_services', 'show_financial']) =>
  makeEmployee({ permissions });

beforeEach(() => {
  resetBrowserState();
  mockedLoadRemote.mockReset();
  mockedRegisterRemotes.mockReset();
});
afterEach(() => jest.restoreAllMocks());

describe('remote pages', () => {
  test('a remote is registered from remotes.json and loaded only when one of its pages is visited', async () => {
    const site = createSite({
      'mf-services': { version: '1.0.0' },
      'mf-finance': { version: '2.3.1' },
    });
    mockedLoadRemote.mockImplementation(async (id) =>
      id === 'mf_services/pages' ? pagesModule(SERVICES_PAGES) : null,
    );
    await renderApp({ path: '/services', employee: staff(), registry: createRegistry(site) });

    expect(await screen.findByRole('heading', { name: 'قائمة الخدمات' })).toBeInTheDocument();
    expect(mockedRegisterRemotes).toHaveBeenCalledWith([
      { name: 'mf_services', entry: `${BASE}/remotes/mf-services/1.0.0/mf-manifest.json` },
      { name: 'mf_finance', entry: `${BASE}/remotes/mf-finance/2.3.1/mf-manifest.json` },
    ]);
    expect(mockedLoadRemote.mock.calls.map(([id]) => id)).toEqual(['mf_services/pages']);
    expect(site.fetchJson).toHaveBeenCalledWith(`${BASE}/remotes/mf-services/1.0.0/release.json`);
  });

  test('while a section loads, a page with a declared header shows that header at once', async () => {
    const site = createSite({ 'mf-services': { version: '1.0.0' } });
    let arrive: (pages: ReturnType<typeof pagesModule>) => void = () => undefined;
    mockedLoadRemote.mockImplementation(
      (id) =>
        new Promise((resolve) => {
          arrive = id === 'mf_services/pages' ? resolve : () => resolve(null);
        }),
    );
    await renderApp({ path: '/services', employee: staff(), registry: createRegistry(site) });

    // The route table's words, the same the section's list page draws (pageHeader).
    const heading = ROUTES_BY_PAGE_ID.get('services.list')?.header;
    expect(heading).toBeDefined();
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'الخدمات' }),
    ).toBeInTheDocument();
    expect(within(main).getByText(heading!.description)).toBeInTheDocument();
    expect(within(main).getByRole('status')).toHaveTextContent('جارٍ تحميل قسم «الخدمات»...');

    arrive(pagesModule(SERVICES_PAGES));
    expect(await screen.findByRole('heading', { name: 'قائمة الخدمات' })).toBeInTheDocument();
    expect(within(main).queryByText(heading!.description)).not.toBeInTheDocument();
  });

  test('a page without a declared header shows the loading panel alone', async () => {
    const site = createSite({ 'mf-services': { version: '1.0.0' } });
    mockedLoadRemote.mockImplementation(() => new Promise(() => undefined));
    await renderApp({
      path: '/services/service-types',
      employee: staff(),
      registry: createRegistry(site),
    });

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('status')).toHaveTextContent('جارٍ تحميل قسم «الخدمات»...');
    expect(within(main).queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  test('after 1 + 3 failed tries (500 ms, 1 s, 2 s) an Arabic panel shows; the shell keeps working', async () => {
    const site = createSite({ 'mf-services': { version: '1.0.0' } });
    mockedLoadRemote.mockRejectedValue(new Error('ScriptNetworkError: Failed to load script'));
    const delays: number[] = [];
    await renderApp({
      path: '/services',
      employee: staff(),
      registry: createRegistry(site, delays),
    });

    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('تعذر تحميل قسم «الخدمات»')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([500, 1000, 2000]);
    // Each retry drops the failed entry from the runtime first.
    expect(mockedRegisterRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mf_services', entry: `${BASE}/remotes/mf-services/1.0.0/mf-manifest.json` }],
      { force: true },
    );
    expect(screen.getByRole('navigation', { name: 'القائمة الرئيسية' })).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('الخدمات');
  });

  test('the retry button really retries, and recovers', async () => {
    const site = createSite({ 'mf-services': { version: '1.0.0' } });
    mockedLoadRemote.mockRejectedValue(new Error('down'));
    const user = userEvent.setup();
    await renderApp({ path: '/services', employee: staff(), registry: createRegistry(site) });
    await screen.findByText('تعذر تحميل قسم «الخدمات»');

    mockedLoadRemote.mockResolvedValue(pagesModule(SERVICES_PAGES));
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('heading', { name: 'قائمة الخدمات' })).toBeInTheDocument();
    expect(screen.queryByText('تعذر تحميل قسم «الخدمات»')).not.toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(5);
  });

  test('a transient failure is retried silently', async () => {
    const site = createSite({ 'mf-services': { version: '1.0.0' } });
    mockedLoadRemote
      .mockRejectedValueOnce(new Error('blip'))
      .mockRejectedValueOnce(new Error('blip'))
      .mockResolvedValue(pagesModule(SERVICES_PAGES));
    await renderApp({ path: '/services', employee: staff(), registry: createRegistry(site) });
    expect(await screen.findByRole('heading', { name: 'قائمة الخدمات' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a failed remote does not stop another remote from working', async () => {
    const site = createSite({
      'mf-services': { version: '1.0.0' },
      'mf-finance': { version: '1.0.0' },
    });
    mockedLoadRemote.mockImplementation(async (id) => {
      if (id === 'mf_finance/pages') return pagesModule(FINANCE_PAGES);
      throw new Error('services is down');
    });
    const user = userEvent.setup();
    await renderApp({ path: '/services', employee: staff(), registry: createRegistry(site) });
    await screen.findByText('تعذر تحميل قسم «الخدمات»');
    await user.click(screen.getByRole('link', { name: 'المالية' }));
    expect(await screen.findByRole('heading', { name: 'السجلات المالية' })).toBeInTheDocument();
  });

  test('a page that throws while rendering shows the panel in the main area; retry resets it', async () => {
    const site = createSite({ 'mf-services': { version: '1.0.0' } });
    let broken = true;
    const Throwing = () => {
      if (broken) throw new Error('bug in the page');
      return <h1>قائمة الخدمات</h1>;
    };
    mockedLoadRemote.mockResolvedValue({ default: { 'services.list': Throwing } });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderApp({ path: '/services', employee: staff(), registry: createRegistry(site) });

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('تعذر تحميل قسم «الخدمات»');
    expect(screen.getByRole('main')).toContainElement(panel);
    broken = false;
    await user.click(within(panel).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('heading', { name: 'قائمة الخدمات' })).toBeInTheDocument();
  });

  test('a remote missing from remotes.json shows its panel at once', async () => {
    const site = createSite({ 'mf-finance': { version: '1.0.0' } });
    await renderApp({ path: '/services', employee: staff(), registry: createRegistry(site) });
    expect(await screen.findByText('تعذر تحميل قسم «الخدمات»')).toBeInTheDocument();
    expect(screen.getByText(/غير منشور حالياً/)).toBeInTheDocument();
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });

  test('a remote built against another contracts major is not loaded and says why', async () => {
    const site = createSite({ 'mf-services': { version: '3.0.0', contracts: '2.1.0' } });
    await renderApp({ path: '/services', employee: staff(), registry: createRegistry(site) });
    expect(
      await screen.findByText(
        'قسم «الخدمات» غير متوافق مع هذه النسخة من النظام (عقد الإصدار 2.1.0، المطلوب 1.x)',
      ),
    ).toBeInTheDocument();
    expect(mockedLoadRemote).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'إعادة المحاولة' })).not.toBeInTheDocument();
  });

  test('remotes.json unreadable at start: the visit asks again and succeeds', async () => {
    const site = createSite({ 'mf-services': { version: '1.0.0' } });
    const config = site.files.get('/remotes.json');
    site.files.delete('/remotes.json');
    const registry = createRegistry(site);
    await Promise.resolve();
    site.files.set('/remotes.json', config);
    mockedLoadRemote.mockResolvedValue(pagesModule(SERVICES_PAGES));
    await renderApp({ path: '/services', employee: staff(), registry });
    expect(await screen.findByRole('heading', { name: 'قائمة الخدمات' })).toBeInTheDocument();
  });
});

describe('release flow: a newer version of a running remote', () => {
  test('on navigation (after 15 s) a notice offers a reload; unloaded remotes switch silently', async () => {
    const site = createSite({
      'mf-services': { version: '1.0.0' },
      'mf-finance': { version: '1.0.0' },
    });
    mockedLoadRemote.mockImplementation(async (id) =>
      id === 'mf_services/pages' ? pagesModule(SERVICES_PAGES) : pagesModule(FINANCE_PAGES),
    );
    const user = userEvent.setup();
    const app = await renderApp({
      path: '/services',
      employee: staff(['show_services', 'show_financial']),
      registry: createRegistry(site),
    });
    await screen.findByRole('heading', { name: 'قائمة الخدمات' });

    site.publish({ 'mf-services': { version: '1.1.0' }, 'mf-finance': { version: '1.2.0' } });
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 16_000);
    await user.click(screen.getByRole('link', { name: 'المالية' }));

    expect(
      await screen.findByText('تتوفر نسخة أحدث من قسم «الخدمات». أعد تحميل الصفحة لاستخدامها.'),
    ).toBeInTheDocument();
    // Finance was not running yet: it simply loads its new version, with no notice.
    expect(await screen.findByRole('heading', { name: 'السجلات المالية' })).toBeInTheDocument();
    expect(screen.queryByText(/قسم «المالية»/)).not.toBeInTheDocument();
    expect(mockedRegisterRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_finance', entry: `${BASE}/remotes/mf-finance/1.2.0/mf-manifest.json` }],
      { force: true },
    );

    expect(shownVersionLine()).toHaveTextContent('قسم المالية · الإصدار 1.2.0');

    // Each remote was fetched once: the running one is not swapped in place.
    expect(mockedLoadRemote.mock.calls.map(([id]) => id)).toEqual([
      'mf_services/pages',
      'mf_finance/pages',
    ]);

    // Back on the running remote, the version line still names the files it runs (1.0.0).
    await user.click(screen.getByRole('link', { name: 'الخدمات' }));
    await screen.findByRole('heading', { name: 'قائمة الخدمات' });
    expect(shownVersionLine()).toHaveTextContent('قسم الخدمات · الإصدار 1.0.0');

    await user.click(screen.getByRole('button', { name: 'إعادة التحميل' }));
    expect(app.reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe('the version line under a remote page', () => {
  test("names the section and the version from the loaded release's release.json", async () => {
    const site = createSite({ 'mf-finance': { version: '2.3.1' } });
    // release.json is what the files say about themselves: it wins over remotes.json's label.
    site.files.set(`${BASE}/remotes/mf-finance/2.3.1/release.json`, {
      name: 'mf-finance',
      version: '2.3.1+build.7',
      builtAt: '2025-01-01T00:00:00.000Z',
      contractsVersion: '1.0.0',
    });
    mockedLoadRemote.mockResolvedValue(pagesModule(FINANCE_PAGES));
    await renderApp({ path: '/financial', employee: staff(), registry: createRegistry(site) });

    await screen.findByRole('heading', { name: 'السجلات المالية' });
    const line = screen.getByTestId('remote-version');
    expect(line).toHaveTextContent('قسم المالية · الإصدار 2.3.1+build.7');
    expect(screen.getByRole('main')).toContainElement(line);
    // Last in the main area, after the page; the version itself is left to right.
    expect(
      screen.getByRole('heading', { name: 'السجلات المالية' }).compareDocumentPosition(line),
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(within(line).getByText('2.3.1+build.7').tagName).toBe('BDI');
    expect(within(line).getByText('2.3.1+build.7')).toHaveAttribute('dir', 'ltr');
  });

  test('is not shown with an error panel (nothing was loaded)', async () => {
    const site = createSite({ 'mf-services': { version: '3.0.0', contracts: '2.1.0' } });
    await renderApp({ path: '/services', employee: staff(), registry: createRegistry(site) });
    await screen.findByText(/غير متوافق مع هذه النسخة/);
    expect(screen.queryByTestId('remote-version')).not.toBeInTheDocument();
  });

  test('after a retry that loads a newer release, names the newer one', async () => {
    const site = createSite({ 'mf-services': { version: '1.0.0' } });
    mockedLoadRemote.mockRejectedValue(new Error('down'));
    const user = userEvent.setup();
    await renderApp({ path: '/services', employee: staff(), registry: createRegistry(site) });
    await screen.findByText('تعذر تحميل قسم «الخدمات»');
    expect(screen.queryByTestId('remote-version')).not.toBeInTheDocument();

    site.publish({ 'mf-services': { version: '1.0.1' } });
    mockedLoadRemote.mockResolvedValue(pagesModule(SERVICES_PAGES));
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    await screen.findByRole('heading', { name: 'قائمة الخدمات' });
    expect(screen.getByTestId('remote-version')).toHaveTextContent('قسم الخدمات · الإصدار 1.0.1');
  });

  test('under a developer override it says so (no version when the dev server has no release.json)', async () => {
    const site = createSite({ 'mf-finance': { version: '1.0.0' } });
    const devManifest = 'http://localhost:3103/mf-manifest.json';
    mockedLoadRemote.mockResolvedValue(pagesModule(FINANCE_PAGES));
    await renderApp({
      path: '/financial',
      employee: staff(),
      registry: createRegistry(site, [], { 'mf-finance': devManifest }),
    });
    await screen.findByRole('heading', { name: 'السجلات المالية' });
    // The dev server here has no release.json: no version to name.
    expect(screen.getByTestId('remote-version')).toHaveTextContent('قسم المالية · وضع التطوير');
  });

  test('under a developer override with a release.json, names its version too', async () => {
    const site = createSite({ 'mf-finance': { version: '1.0.0' } });
    site.files.set('http://localhost:3103/release.json', {
      name: 'mf-finance',
      version: '1.1.0',
      builtAt: '2025-01-01T00:00:00.000Z',
      contractsVersion: '1.0.0',
    });
    mockedLoadRemote.mockResolvedValue(pagesModule(FINANCE_PAGES));
    await renderApp({
      path: '/financial',
      employee: staff(),
      registry: createRegistry(site, [], {
        'mf-finance': 'http://localhost:3103/mf-manifest.json',
      }),
    });
    await screen.findByRole('heading', { name: 'السجلات المالية' });
    expect(screen.getByTestId('remote-version')).toHaveTextContent(
      'قسم المالية · الإصدار 1.1.0 · وضع التطوير',
    );
  });
});
