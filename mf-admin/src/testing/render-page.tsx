import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { queryKeys, type Employee } from 'shared-contracts';
import { ApiClientProvider, ToastProvider, lightTheme } from 'shared-ui';
import { createFakeApi, createFakeApiClient, type FakeApi } from 'shared-ui/testing';

export interface RenderPageOptions {
  /** The URL the page opens at (path + query). */
  path: string;
  /** The logged-in employee, as the host leaves it in the `currentUser` cache entry. */
  currentUser: Employee;
  api?: FakeApi;
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

/**
 * A remote page inside what the host gives it: theme, one QueryClient with the current
 * employee already cached, the toast provider, a router, and an API client whose axios
 * adapter is the fake.
 */
export function renderPage(ui: ReactElement, options: RenderPageOptions) {
  const api = options.api ?? createFakeApi();
  const client = createFakeApiClient(api);
  // The host's retry policy is its own concern; here a failure should surface at once.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(queryKeys.currentUser, { ...options.currentUser, is_active: true });
  const user = userEvent.setup();

  const utils = render(
    <ThemeProvider theme={lightTheme}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ApiClientProvider client={client}>
            <MemoryRouter initialEntries={[options.path]}>
              {ui}
              <LocationProbe />
            </MemoryRouter>
          </ApiClientProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );

  /** The current URL's query parameters (what the page keeps its state in). */
  const searchParams = () => {
    const text = utils.getByTestId('location').textContent ?? '';
    return new URLSearchParams(text.split('?')[1] ?? '');
  };

  return { ...utils, api, queryClient, user, searchParams };
}
