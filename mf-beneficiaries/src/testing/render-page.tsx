import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
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
import { queryKeys } from 'shared-contracts';
import { ApiClientProvider, ToastProvider, lightTheme } from 'shared-ui';
import { createFakeApi, createFakeApiClient, type FakeApi } from 'shared-ui/testing';
import { employee, type TestEmployee } from './fixtures';

function Shell() {
  const location = useLocation();
  return (
    <>
      {/* Stands in for the host's sidebar: a way to navigate away from the page. */}
      <nav aria-label="القائمة">
        <Link to="/families">الأسر</Link>
      </nav>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <Outlet />
    </>
  );
}

export interface RenderPageOptions {
  /** The route pattern the page is mounted on ('/families/show/:id'). */
  route: string;
  /** The URL to open (defaults to the route). */
  path?: string;
  api?: FakeApi;
  user?: TestEmployee;
  /** Other pages the test may navigate to. */
  routes?: RouteObject[];
}

/**
 * Renders a page the way the host does (theme, one QueryClient, toasts, router) inside a data
 * router, with this remote's API client talking to a fake adapter.
 */
export function renderPage(page: ReactElement, options: RenderPageOptions) {
  const api = options.api ?? createFakeApi();
  const client = createFakeApiClient(api);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  queryClient.setQueryData(queryKeys.currentUser, options.user ?? employee());
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: options.route, element: page },
          ...(options.routes ?? []),
          { path: '*', element: <p>صفحة أخرى</p> },
        ],
      },
    ],
    { initialEntries: [options.path ?? options.route] },
  );
  const renderPageTree = () => (
    <ThemeProvider theme={lightTheme}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ApiClientProvider client={client}>
            <RouterProvider router={router} />
          </ApiClientProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
  const result = render(renderPageTree());
  return { ...result, api, router, queryClient, client };
}

/** The current URL of a rendered page (pathname + search). */
export function currentLocation(router: {
  state: { location: { pathname: string; search: string } };
}) {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
