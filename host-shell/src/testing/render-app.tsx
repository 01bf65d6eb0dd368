import { act, render, screen, type RenderResult } from '@testing-library/react';
import { Outlet, createMemoryRouter, useLocation } from 'react-router-dom';
import {
  createApiClient,
  createSessionStore,
  indexedDbKeyProvider,
  type Employee,
  authEndpoints,
} from 'shared-contracts';
import { createToastStore } from 'shared-ui';
import { App } from '../app/app';
import { createAppRoutes } from '../app/app-routes';
import { createHostQueryClient } from '../lib/query-client';
import { RemoteRegistry, type FederationRuntime } from '../features/federation/remote-registry';
import { createFakeApi, type FakeApi, type FakeReply } from 'shared-ui/testing';
import { TEST_TOKEN } from './fixtures';

export interface RenderAppOptions {
  path?: string;
  /** A session stored before start-up (token + encrypted employee). */
  employee?: Employee | null;
  token?: string;
  /** The answer of GET /user; by default the stored employee, active. */
  currentUser?: FakeReply;
  api?: FakeApi;
  registry?: RemoteRegistry;
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
    </output>
  );
}

/** The app's routes under a pathless layout that adds the probe beside whatever page matches. */
function WithLocationProbe() {
  return (
    <>
      <Outlet />
      <LocationProbe />
    </>
  );
}

/** A registry with no remotes published, for tests that do not visit remote pages. */
export function emptyRegistry(runtime?: FederationRuntime): RemoteRegistry {
  return new RemoteRegistry({
    runtime: runtime ?? { registerRemotes: jest.fn(), loadRemote: jest.fn() },
    fetchJson: async () => ({ remotes: {} }),
    baseUrl: () => 'http://localhost/',
    sleep: async () => undefined,
    log: () => undefined,
  });
}

export const sessionLog = jest.fn();

/**
 * The whole host (<App>: providers + the app's routes in a memory data router) at `path`, with a fake API and a
 * real session store.
 */
export async function renderApp(options: RenderAppOptions = {}) {
  const api = options.api ?? createFakeApi();
  const sessionStore = createSessionStore(window.localStorage, indexedDbKeyProvider(), sessionLog);
  if (options.employee) await sessionStore.save(options.token ?? TEST_TOKEN, options.employee);
  const currentUser =
    options.currentUser ??
    (options.employee
      ? { status: 200, data: { data: { ...options.employee, is_active: true } } }
      : undefined);
  if (currentUser) api.on(authEndpoints.currentUser, currentUser);

  const apiClient = createApiClient({ getToken: () => sessionStore.readToken() });
  apiClient.defaults.adapter = api.adapter;
  // The retry policy has its own unit test; here a failure should surface at once.
  const queryClient = createHostQueryClient({ queries: { retry: false } });
  const registry = options.registry ?? emptyRegistry();
  const toastStore = createToastStore();
  const reloadPage = jest.fn();
  const router = createMemoryRouter(
    [{ element: <WithLocationProbe />, children: createAppRoutes() }],
    { initialEntries: [options.path ?? '/'] },
  );

  let utils: RenderResult | undefined;
  // act flushes the start-up work that settles at once (e.g. restoring "no stored session").
  await act(async () => {
    utils = render(
      <App
        services={{ apiClient, sessionStore, queryClient }}
        registry={registry}
        reloadPage={reloadPage}
        toastStore={toastStore}
        router={router}
      />,
    );
  });
  if (!utils) throw new Error('render failed');
  return {
    ...utils,
    api,
    sessionStore,
    queryClient,
    registry,
    toastStore,
    reloadPage,
    router,
    pathname: () => screen.getByTestId('location').textContent,
  };
}

/** Fresh browser storage for each test (IndexedDB keeps its key: that is what a browser does). */
export function resetBrowserState(): void {
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
  document.cookie = 'sidebar_state=; path=/; max-age=0';
  sessionLog.mockClear();
}
