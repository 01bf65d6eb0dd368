import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import {
  Link,
  Outlet,
  RouterProvider,
  createMemoryRouter,
  useLocation,
  type RouteObject,
} from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { CURRENT_USER_QUERY_KEY, type Employee } from 'shared-contracts';
import { ApiClientProvider } from '../api/api-client';
import { AppLinkProvider } from '../api/app-links';
import { lightTheme } from '../theme/tokens';
import { ToastProvider } from '../toast/toast-provider';
import { createFakeApi, createFakeApiClient, type FakeApi } from './fake-api';

/** The logged-in employee a test runs as (active unless it says otherwise). */
export type PageTestEmployee = Employee & { is_active?: boolean };

export interface RenderPageOptions {
  /** The route pattern the page is mounted on ('/families/show/:id'); defaults to `path`'s pathname. */
  route?: string;
  /** The URL to open (path + query); defaults to the route. */
  path?: string;
  /** The logged-in employee, as the host leaves it in the current-user cache entry. */
  user: PageTestEmployee;
  api?: FakeApi;
  /** Other pages the test may navigate to. */
  routes?: RouteObject[];
  /** A link in the stand-in sidebar, to navigate away from the page (unsaved-changes tests). */
  navLink?: { to: string; label: string };
}

function Shell({ navLink }: { navLink?: { to: string; label: string } }) {
  const location = useLocation();
  return (
    <AppLinkProvider>
      {navLink ? (
        <nav aria-label="القائمة">
          <Link to={navLink.to}>{navLink.label}</Link>
        </nav>
      ) : null}
      <output
        data-testid="location"
        hidden={!navLink}
      >{`${location.pathname}${location.search}`}</output>
      <Outlet />
    </AppLinkProvider>
  );
}

/**
 * A remote page inside what the host gives it — theme, one QueryClient with the current employee
 * already cached, toasts, a data router (so unsaved-changes blockers work as in the host), and an
 * API client whose axios adapter is the fake — for every remote's page tests.
 */
export function renderPage(page: ReactElement, options: RenderPageOptions) {
  const api = options.api ?? createFakeApi();
  const client = createFakeApiClient(api);
  // The host's retry policy is its own concern; here a failure should surface at once.
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  // What the host caches after its session check: GET /user's answer.
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, { data: { is_active: true, ...options.user } });
  const path = options.path ?? options.route ?? '/';
  const router = createMemoryRouter(
    [
      {
        element: <Shell navLink={options.navLink} />,
        children: [
          { path: options.route ?? path.split('?')[0], element: page },
          ...(options.routes ?? []),
          { path: '*', element: <p>صفحة أخرى</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const utils = render(
    <ThemeProvider theme={lightTheme}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ApiClientProvider client={client}>
            <RouterProvider router={router} />
          </ApiClientProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  /** The current URL's query parameters (what list pages keep their state in). */
  const searchParams = () => new URLSearchParams(router.state.location.search);
  return { ...utils, api, router, queryClient, client, user, searchParams };
}

/** The current URL of a rendered page (pathname + search). */
export function currentLocation(router: {
  state: { location: { pathname: string; search: string } };
}) {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
