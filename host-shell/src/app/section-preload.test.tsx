import { lazy, type ComponentType } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { visibleSidebar } from 'shared-contracts';
import { makeEmployee } from '../testing/fixtures';
import { publishedRemotesRegistry } from '../testing/published-remotes';
import { renderApp, resetBrowserState } from '../testing/render-app';
import { RemoteRegistryProvider } from '../features/federation/components/remote-registry-provider';
import {
  isPageSettled,
  preloadPage,
  IDLE_PRELOAD_QUIET_MS,
  useIdlePreload,
} from '../features/federation/hooks/use-remote-pages';
import type { RemoteRegistry } from '../features/federation/remote-registry';
import { sidebarPagePaths } from './section-preload';

// Instant section switches: a section's remote and page chunk load on hover or focus of
// its link, or at idle time after login, so its page renders without a Suspense fallback.

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
const mockedLoadRemote = jest.mocked(loadRemote);

/** A page map whose pages record when their chunk was imported. */
function pagesModule(pages: Record<string, string>, imported: string[]) {
  const map: Record<string, ComponentType> = {};
  for (const [pageId, heading] of Object.entries(pages)) {
    map[pageId] = lazy(async () => {
      imported.push(pageId);
      return { default: () => <h1>{heading}</h1> };
    });
  }
  return { default: map };
}

beforeEach(() => {
  resetBrowserState();
  mockedLoadRemote.mockReset();
});

describe('preloading a lazy page', () => {
  test('preloadPage resolves the lazy component, so rendering it cannot suspend', async () => {
    const Page = lazy(async () => ({ default: () => <h1>صفحة</h1> }));
    expect(isPageSettled(Page)).toBe(false);
    await preloadPage(Page);
    expect(isPageSettled(Page)).toBe(true);
    // A plain component (or none) has nothing to load.
    expect(isPageSettled(() => null)).toBe(true);
    expect(isPageSettled(undefined)).toBe(true);
  });

  test('a chunk that fails to load settles too (its error shows when the page renders)', async () => {
    const Page = lazy(() => Promise.reject(new Error('chunk failed')));
    await expect(preloadPage(Page)).resolves.toBeUndefined();
    expect(isPageSettled(Page)).toBe(true);
  });
});

describe('sidebar links', () => {
  test('hovering a link loads its section; the click then shows the page at once', async () => {
    const imported: string[] = [];
    mockedLoadRemote.mockImplementation(async (id) =>
      id === 'mf_finance/pages'
        ? pagesModule({ 'financial.list': 'السجلات المالية' }, imported)
        : pagesModule({ 'services.list': 'قائمة الخدمات' }, imported),
    );
    const user = userEvent.setup();
    await renderApp({
      path: '/profile',
      employee: makeEmployee({ permissions: ['show_services', 'show_financial'] }),
      registry: publishedRemotesRegistry(),
    });
    const link = await screen.findByRole('link', { name: 'المالية' });
    expect(mockedLoadRemote).not.toHaveBeenCalled();

    await user.hover(link);
    await waitFor(() => expect(imported).toEqual(['financial.list']));
    expect(mockedLoadRemote.mock.calls.map(([id]) => id)).toEqual(['mf_finance/pages']);

    await user.click(link);
    // No loading panel, no Suspense fallback: the heading is there in the same update.
    expect(screen.getByRole('heading', { name: 'السجلات المالية' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /جارٍ تحميل/ })).not.toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(1);
  });

  test('keyboard focus on a link preloads it too', async () => {
    const imported: string[] = [];
    mockedLoadRemote.mockImplementation(async () =>
      pagesModule({ 'services.list': 'قائمة الخدمات' }, imported),
    );
    await renderApp({
      path: '/profile',
      employee: makeEmployee({ permissions: ['show_services'] }),
      registry: publishedRemotesRegistry(),
    });
    const link = await screen.findByRole('link', { name: 'الخدمات' });
    link.focus();
    await waitFor(() => expect(imported).toEqual(['services.list']));
  });

  test('a page not preloaded shows the loading panel, then the page', async () => {
    const imported: string[] = [];
    mockedLoadRemote.mockImplementation(async () =>
      pagesModule({ 'services.list': 'قائمة الخدمات' }, imported),
    );
    await renderApp({
      path: '/services',
      employee: makeEmployee({ permissions: ['show_services'] }),
      registry: publishedRemotesRegistry(),
    });
    expect(await screen.findByRole('heading', { name: 'قائمة الخدمات' })).toBeInTheDocument();
    expect(imported).toEqual(['services.list']);
  });
});

describe('idle-time preloading', () => {
  test('sidebarPagePaths lists every page the sidebar offers, groups included', () => {
    const paths = sidebarPagePaths(
      visibleSidebar(makeEmployee({ permissions: ['show_families', 'show_index'] })),
    );
    expect(paths).toEqual(['/tasks', '/dashboard', '/families', '/families/members', '/visits']);
  });

  test('once the page has settled, each section is loaded in turn; nothing when saving data', async () => {
    const load = jest.fn(async (_remote: string) => ({}));
    const registry = { load, peek: () => undefined } as unknown as RemoteRegistry;
    function Preloader({ paths }: { paths: string[] }) {
      useIdlePreload(paths);
      return null;
    }
    const view = render(
      <RemoteRegistryProvider registry={registry}>
        <Preloader paths={['/services', '/profile', '/financial']} />
      </RemoteRegistryProvider>,
    );
    expect(load).not.toHaveBeenCalled();
    // Settled, but nobody has touched the page yet: nothing is preloaded.
    await new Promise((resolve) => setTimeout(resolve, IDLE_PRELOAD_QUIET_MS + 500));
    expect(load).not.toHaveBeenCalled();
    // The employee moves the pointer: the sections load in turn.
    fireEvent.pointerMove(document.body);
    await waitFor(
      () =>
        expect(load.mock.calls.map(([remote]) => remote)).toEqual(['mf-services', 'mf-finance']),
      {
        timeout: 8000,
      },
    );
    view.unmount();

    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: { saveData: true },
    });
    try {
      load.mockClear();
      const again = render(
        <RemoteRegistryProvider registry={registry}>
          <Preloader paths={['/services']} />
        </RemoteRegistryProvider>,
      );
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(load).not.toHaveBeenCalled();
      again.unmount();
    } finally {
      delete (navigator as { connection?: unknown }).connection;
    }
  }, 20000);
});
