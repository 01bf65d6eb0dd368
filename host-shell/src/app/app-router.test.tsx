import { lazy, useState, type ComponentType } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useBlocker } from 'react-router-dom';
import { CONTRACTS_VERSION } from 'shared-contracts';
import { RemoteRegistry } from '../features/federation/remote-registry';
import { makeEmployee } from '../testing/fixtures';
import { renderApp, resetBrowserState } from '../testing/render-app';

// Why the host has a data router: a remote page with unsaved input must be able to hold any way of
// leaving it (a shell link, a programmatic navigate, the browser's back button) with useBlocker,
// which throws outside a data router.

/** What a remote form does: block leaving while its field holds unsaved text. */
function UnsavedFamilyForm() {
  const [name, setName] = useState('');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      name !== '' && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <>
      <h1>أسرة جديدة</h1>
      <label>
        اسم رب الأسرة
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      {blocker.state === 'blocked' && (
        <div role="alertdialog" aria-label="مغادرة الصفحة؟">
          <button type="button" onClick={() => blocker.reset()}>
            البقاء في الصفحة
          </button>
          <button type="button" onClick={() => blocker.proceed()}>
            مغادرة الصفحة
          </button>
        </div>
      )}
    </>
  );
}

const page = (component: ComponentType) => lazy(async () => ({ default: component }));
const BENEFICIARIES_PAGES = {
  'families.list': page(() => <h1>قائمة الأسر</h1>),
  'families.create': page(UnsavedFamilyForm),
};

/** mf-beneficiaries published and loadable, its pages served by an in-memory runtime. */
function beneficiariesRegistry() {
  const manifestDir = 'http://localhost/remotes/mf-beneficiaries/1.0.0';
  const files: Record<string, unknown> = {
    '/remotes.json': {
      remotes: {
        'mf-beneficiaries': {
          version: '1.0.0',
          manifest: '/remotes/mf-beneficiaries/1.0.0/mf-manifest.json',
        },
      },
    },
    [`${manifestDir}/release.json`]: {
      name: 'mf-beneficiaries',
      version: '1.0.0',
      builtAt: '2025-01-01T00:00:00.000Z',
      contractsVersion: CONTRACTS_VERSION,
    },
  };
  const registry = new RemoteRegistry({
    runtime: {
      registerRemotes: jest.fn(),
      loadRemote: jest.fn(async (id: string) =>
        id === 'mf_beneficiaries/pages' ? { default: BENEFICIARIES_PAGES } : null,
      ),
    },
    fetchJson: async (url) => {
      if (!(url in files)) throw new Error(`${url}: HTTP 404`);
      return files[url];
    },
    baseUrl: () => 'http://localhost/',
    sleep: async () => undefined,
    log: () => undefined,
  });
  void registry.start();
  return registry;
}

const staff = makeEmployee({ permissions: ['show_families', 'create_families'] });

async function openFormWithInput(path: string) {
  const user = userEvent.setup();
  const app = await renderApp({ path, employee: staff, registry: beneficiariesRegistry() });
  if (path !== '/families/create') await act(() => app.router.navigate('/families/create'));
  await user.type(await screen.findByLabelText('اسم رب الأسرة'), 'أحمد');
  return { app, user };
}

beforeEach(resetBrowserState);

describe('the host router serves useBlocker to remote pages', () => {
  test('a shell link is held while the remote form is dirty: reset stays, proceed leaves', async () => {
    const { app, user } = await openFormWithInput('/families/create');

    await user.click(screen.getByRole('link', { name: 'الأسر' }));
    const prompt = screen.getByRole('alertdialog', { name: 'مغادرة الصفحة؟' });
    expect(app.pathname()).toBe('/families/create');

    await user.click(within(prompt).getByRole('button', { name: 'البقاء في الصفحة' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(app.pathname()).toBe('/families/create');
    expect(screen.getByLabelText('اسم رب الأسرة')).toHaveValue('أحمد');

    await user.click(screen.getByRole('link', { name: 'الأسر' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'مغادرة الصفحة' }),
    );
    expect(await screen.findByRole('heading', { name: 'قائمة الأسر' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/families');
  });

  test("the browser's back button (a POP navigation) is held as well", async () => {
    const { app, user } = await openFormWithInput('/profile');

    await act(() => app.router.navigate(-1));
    expect(screen.getByRole('alertdialog', { name: 'مغادرة الصفحة؟' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/families/create');
    expect(screen.getByLabelText('اسم رب الأسرة')).toHaveValue('أحمد');

    await user.click(screen.getByRole('button', { name: 'مغادرة الصفحة' }));
    expect(await screen.findByRole('heading', { name: 'الملف الشخصي' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/profile');
  });

  test('an untouched form lets every navigation through', async () => {
    const user = userEvent.setup();
    const app = await renderApp({
      path: '/families/create',
      employee: staff,
      registry: beneficiariesRegistry(),
    });
    expect(await screen.findByLabelText('اسم رب الأسرة')).toHaveValue('');

    await user.click(screen.getByRole('link', { name: 'الأسر' }));
    expect(await screen.findByRole('heading', { name: 'قائمة الأسر' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(app.pathname()).toBe('/families');
  });
});
