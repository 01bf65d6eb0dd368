import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import {
  Outlet,
  RouterProvider,
  createMemoryRouter,
  useLocation,
  type RouteObject,
} from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { currentUserResponseSchema } from 'shared-contracts';
import {
  ApiClientProvider,
  ToastProvider,
  lightTheme,
  setCurrentEmployee,
  type AppTheme,
} from '../src';
import { createFakeApi, createFakeApiClient, type FakeApi } from '../testing';

/** Renders inside the app theme, as the host does. */
export function renderWithTheme(
  ui: ReactElement,
  options: RenderOptions & { theme?: AppTheme } = {},
) {
  const { theme = lightTheme, ...rest } = options;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={theme}>{children}</ThemeProvider>
  );
  return render(ui, { wrapper: Wrapper, ...rest });
}

export interface RenderInAppOptions {
  /** The URL the tree opens at. */
  path?: string;
  api?: FakeApi;
  /** Put in the current-user cache entry, as the host does after login (active unless it says otherwise). */
  currentUser?: unknown;
  /** Other routes the tree may navigate to. */
  routes?: RouteObject[];
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders inside what the host gives a remote page: theme, one QueryClient (no retries), the
 * toast region, a data router, and an API client answering from a fake adapter.
 */
export function renderInApp(ui: ReactElement, options: RenderInAppOptions = {}) {
  const api = options.api ?? createFakeApi();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (options.currentUser !== undefined)
    setCurrentEmployee(
      queryClient,
      // Parsed as GET /user's answer would be, so a fixture missing a field fails here, loudly.
      currentUserResponseSchema.shape.data.parse({
        is_active: true,
        ...(typeof options.currentUser === 'object' ? options.currentUser : {}),
      }),
    );
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: [
          { index: true, element: ui },
          ...(options.routes ?? []),
          { path: '*', element: ui },
        ],
      },
    ],
    { initialEntries: [options.path ?? '/'] },
  );
  const utils = render(
    <ThemeProvider theme={lightTheme}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ApiClientProvider client={createFakeApiClient(api)}>
            <RouterProvider router={router} />
          </ApiClientProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  /** The current URL (pathname + search). */
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...utils, api, queryClient, router, location };
}
