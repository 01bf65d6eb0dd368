import { lazy } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { Employee, RemoteName } from 'shared-contracts';
import { Slot, slotPanelFailedText, type SlotPanelRequest } from 'shared-ui';
import { makeEmployee } from '../../../testing/fixtures';
import { renderApp, resetBrowserState } from '../../../testing/render-app';
import { federationRuntime } from '../federation-runtime';
import { RemoteLoadError } from '../remote-load-error';
import { RemoteRegistry } from '../remote-registry';
import { createRegistrySlotLoader } from './registry-slot-loader';

// loadRemote without a federation instance throws RUNTIME-009: the runtime is mocked in unit tests.
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
const mockedLoadRemote = jest.mocked(loadRemote);
const mockedRegisterRemotes = jest.mocked(registerRemotes);

const BASE = 'http://localhost';
const TITLE = 'آخر نشاط على ملف الأسرة';
/** The page + panel chain (remotes.json, release.json, two lazy modules) on a busy machine. */
const SLOW = { timeout: 5000 };
const ACTIVITY: SlotPanelRequest = {
  slot: 'families.show',
  remote: 'mf-admin',
  panelId: 'families.show.activity',
};

/** remotes.json plus each remote's release.json, as the gateway serves them. */
function createSite(
  published: Partial<Record<RemoteName, { version: string; contracts?: string }>>,
) {
  const files = new Map<string, unknown>();
  const remotes: Record<string, { version: string; manifest: string }> = {};
  for (const [name, release] of Object.entries(published)) {
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
  const fetchJson = jest.fn(async (url: string) => {
    if (!files.has(url)) throw new Error(`${url}: HTTP 404`);
    return files.get(url);
  });
  return { fetchJson };
}

function createRegistry(site: ReturnType<typeof createSite>, delays: number[] = []) {
  const registry = new RemoteRegistry({
    runtime: federationRuntime,
    fetchJson: site.fetchJson,
    baseUrl: () => `${BASE}/`,
    sleep: async (ms) => {
      delays.push(ms);
    },
    log: () => undefined,
  });
  void registry.start();
  return registry;
}

function ActivityPanel({ familyId }: { familyId: number }) {
  return <p>آخر نشاط للأسرة {familyId}</p>;
}
const adminPanels = () => ({
  default: { 'families.show.activity': lazy(async () => ({ default: ActivityPanel })) },
});

/** mf-beneficiaries' family page, reduced to what matters here: its content and its slot. */
function VisitsPanel({ familyId }: { familyId: number }) {
  return <p>زيارات الأسرة {familyId}</p>;
}
/** mf-beneficiaries' own panels on its family page (the documents, the field visits, consents). */
function DocumentsPanel({ familyId }: { familyId: number }) {
  return <p>مستندات الأسرة {familyId}</p>;
}
function ConsentsPanel({ familyId }: { familyId: number }) {
  return <p>موافقات الأسرة {familyId}</p>;
}
const beneficiariesPanels = () => ({
  default: {
    'families.show.visits': lazy(async () => ({ default: VisitsPanel })),
    'families.show.documents': lazy(async () => ({ default: DocumentsPanel })),
    'families.show.consents': lazy(async () => ({ default: ConsentsPanel })),
  },
});

function FamilyShowPage() {
  return (
    <>
      <h1>ملف الأسرة</h1>
      <Slot name="families.show" props={{ familyId: 7 }} />
      <h2>سجل الأسرة</h2>
    </>
  );
}
const beneficiariesPages = () => ({
  default: { 'families.show': lazy(async () => ({ default: FamilyShowPage })) },
});

const superAdmin: Employee = makeEmployee({
  role: 'Super Admin',
  permissions: ['show_families'],
});

beforeEach(() => {
  resetBrowserState();
  mockedLoadRemote.mockReset();
  mockedRegisterRemotes.mockReset();
});
afterEach(() => jest.restoreAllMocks());

describe('the registry slot loader', () => {
  test('loads the panel from its remote’s ./panels after the release check, once', async () => {
    const site = createSite({ 'mf-admin': { version: '1.4.0' } });
    mockedLoadRemote.mockImplementation(async (id) =>
      id === 'mf_admin/panels' ? adminPanels() : null,
    );
    const loader = createRegistrySlotLoader(createRegistry(site));

    const first = loader.load(ACTIVITY);
    expect(loader.load(ACTIVITY)).toBe(first);
    const panel = await first;
    expect((panel as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    expect(mockedLoadRemote.mock.calls.map(([id]) => id)).toEqual(['mf_admin/panels']);
    expect(site.fetchJson).toHaveBeenCalledWith(`${BASE}/remotes/mf-admin/1.4.0/release.json`);
    expect(mockedRegisterRemotes).toHaveBeenCalledWith([
      { name: 'mf_admin', entry: `${BASE}/remotes/mf-admin/1.4.0/mf-manifest.json` },
    ]);
    // Loaded: the same promise for every slot that shows it, without asking the runtime again.
    expect(loader.load(ACTIVITY)).toBe(first);
    expect(mockedLoadRemote).toHaveBeenCalledTimes(1);
  });

  test('a remote that is down is retried like pages (500 ms, 1 s, 2 s), then rejects; the next load tries again', async () => {
    const site = createSite({ 'mf-admin': { version: '1.4.0' } });
    mockedLoadRemote.mockRejectedValue(new Error('ScriptNetworkError: Failed to load script'));
    const delays: number[] = [];
    const loader = createRegistrySlotLoader(createRegistry(site, delays));

    await expect(loader.load(ACTIVITY)).rejects.toBeInstanceOf(RemoteLoadError);
    expect(mockedLoadRemote).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([500, 1000, 2000]);

    // A failure is not kept: the remote is back, the next visit gets the panel.
    mockedLoadRemote.mockResolvedValue(adminPanels());
    await expect(loader.load(ACTIVITY)).resolves.toBeDefined();
    // Its failed entry was dropped from the runtime before the new try.
    expect(mockedRegisterRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mf_admin', entry: `${BASE}/remotes/mf-admin/1.4.0/mf-manifest.json` }],
      { force: true },
    );
  });

  test('an incompatible remote is never executed; a missing panel or a bad module is a failure', async () => {
    const incompatible = createRegistrySlotLoader(
      createRegistry(createSite({ 'mf-admin': { version: '2.0.0', contracts: '2.0.0' } })),
    );
    await expect(incompatible.load(ACTIVITY)).rejects.toMatchObject({
      failure: { kind: 'incompatible' },
    });
    expect(mockedLoadRemote).not.toHaveBeenCalled();

    const unpublished = createRegistrySlotLoader(createRegistry(createSite({})));
    await expect(unpublished.load(ACTIVITY)).rejects.toMatchObject({
      failure: { kind: 'missing' },
    });

    mockedLoadRemote.mockResolvedValue({ default: {} });
    const site = createSite({ 'mf-admin': { version: '1.4.0' } });
    const withoutPanel = createRegistrySlotLoader(createRegistry(site));
    await expect(withoutPanel.load(ACTIVITY)).rejects.toThrow('mf-admin: failed');

    mockedLoadRemote.mockResolvedValue({ default: 'not a map' });
    const badModule = createRegistrySlotLoader(createRegistry(site));
    await expect(badModule.load(ACTIVITY)).rejects.toBeInstanceOf(RemoteLoadError);
  });

  test('forget (the retry link) drops the panel and loads it afresh', async () => {
    const site = createSite({ 'mf-admin': { version: '1.4.0' } });
    mockedLoadRemote.mockImplementation(async () => adminPanels());
    const loader = createRegistrySlotLoader(createRegistry(site));
    const first = loader.load(ACTIVITY);
    await first;
    loader.forget(ACTIVITY);
    const second = loader.load(ACTIVITY);
    expect(second).not.toBe(first);
    await second;
    expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
    // remotes.json is read again: a newer release may have been promoted meanwhile.
    expect(site.fetchJson.mock.calls.filter(([url]) => url === '/remotes.json')).toHaveLength(2);
  });
});

describe('a slot on a remote page, in the host', () => {
  test('a panel from another remote renders on the family page', async () => {
    const site = createSite({
      'mf-beneficiaries': { version: '1.0.0' },
      'mf-admin': { version: '1.4.0' },
    });
    mockedLoadRemote.mockImplementation(async (id) =>
      id === 'mf_beneficiaries/pages'
        ? beneficiariesPages()
        : id === 'mf_beneficiaries/panels'
          ? beneficiariesPanels()
          : id === 'mf_admin/panels'
            ? adminPanels()
            : null,
    );
    await renderApp({
      path: '/families/show/7',
      employee: superAdmin,
      registry: createRegistry(site),
    });

    expect(await screen.findByText('آخر نشاط للأسرة 7', {}, SLOW)).toBeInTheDocument();
    const region = screen.getByRole('region', { name: TITLE });
    expect(within(region).getByRole('heading', { name: TITLE })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ملف الأسرة' })).toBeInTheDocument();
    expect(mockedLoadRemote.mock.calls.map(([id]) => id).sort()).toEqual([
      'mf_admin/panels',
      'mf_beneficiaries/pages',
      'mf_beneficiaries/panels',
    ]);
  });

  test('a panel whose remote is down is one error line; the page and the shell keep working', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const site = createSite({
      'mf-beneficiaries': { version: '1.0.0' },
      'mf-admin': { version: '1.4.0' },
    });
    mockedLoadRemote.mockImplementation(async (id) => {
      if (id === 'mf_beneficiaries/pages') return beneficiariesPages();
      if (id === 'mf_beneficiaries/panels') return beneficiariesPanels();
      throw new Error('ScriptNetworkError: mf-admin is down');
    });
    await renderApp({
      path: '/families/show/7',
      employee: superAdmin,
      registry: createRegistry(site),
    });

    const line = await screen.findByRole('alert', {}, SLOW);
    expect(line).toHaveTextContent(slotPanelFailedText(TITLE));
    expect(screen.queryByText(/تعذر تحميل قسم/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ملف الأسرة' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'سجل الأسرة' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'القائمة الرئيسية' })).toBeInTheDocument();

    // mf-admin is back: the retry link brings the panel.
    mockedLoadRemote.mockImplementation(async (id) =>
      id === 'mf_admin/panels'
        ? adminPanels()
        : id === 'mf_beneficiaries/panels'
          ? beneficiariesPanels()
          : beneficiariesPages(),
    );
    // In an awaited act: the panel suspends again on the new load (see shared-ui's slot test).
    const retry = within(line).getByRole('button', { name: 'إعادة المحاولة' });
    await act(async () => {
      fireEvent.click(retry);
    });
    expect(await screen.findByText('آخر نشاط للأسرة 7', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('an employee the slot table does not allow never loads the panel’s remote', async () => {
    const site = createSite({
      'mf-beneficiaries': { version: '1.0.0' },
      'mf-admin': { version: '1.4.0' },
    });
    mockedLoadRemote.mockImplementation(async (id) =>
      id === 'mf_beneficiaries/pages'
        ? beneficiariesPages()
        : id === 'mf_beneficiaries/panels'
          ? beneficiariesPanels()
          : adminPanels(),
    );
    const researcher = makeEmployee({ permissions: ['show_families', 'edit_families'] });
    await renderApp({
      path: '/families/show/7',
      employee: researcher,
      registry: createRegistry(site),
    });

    expect(await screen.findByRole('heading', { name: 'سجل الأسرة' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
    // The activity panel is the super admin's; the researcher's own visits panel still loads.
    expect(mockedLoadRemote.mock.calls.map(([id]) => id).sort()).toEqual([
      'mf_beneficiaries/pages',
      'mf_beneficiaries/panels',
    ]);
  });
});
