import type { AxiosInstance } from 'axios';
import type { SessionStore } from 'shared-contracts';
import { createHostQueryClient } from '../lib/query-client';
import type { HostServices } from '../lib/host-services';
import { federationRuntime, fetchJsonNoCache } from '../features/federation/federation-runtime';
import { withPrefetched } from './early-fetch';
import { RemoteRegistry } from '../features/federation/remote-registry';
import {
  createClientEventReporter,
  createReportBudget,
} from '../features/federation/client-event-reporter';
import {
  applyRemoteOverrides,
  withoutOverrideParams,
  type RemoteOverrides,
} from '../features/federation/remote-overrides';

function developerOverrides(): RemoteOverrides {
  // webpack's DefinePlugin (mode) fixes NODE_ENV at build time: in production this is `{}`.
  const isProduction = process.env.NODE_ENV === 'production';
  if (isProduction) return {};
  try {
    const overrides = applyRemoteOverrides({
      search: window.location.search,
      storage: window.sessionStorage,
      isProduction,
    });
    const url = new URL(window.location.href);
    if (url.searchParams.has('remote'))
      window.history.replaceState(window.history.state, '', withoutOverrideParams(url));
    return overrides;
  } catch (error) {
    console.warn('تعذر قراءة تجاوزات الأقسام', error);
    return {};
  }
}

/**
 * The page's long-lived objects. The session store and the API client come from bootstrap (the
 * login page uses them before the shell has loaded); the query client and the federation
 * registry are the shell's. Remotes do not receive them: they build their own axios client with
 * `createApiClient({ getToken: createSessionStore().readToken })` (same token, same rules), and
 * read the current employee from the shared QueryClient under `CURRENT_USER_QUERY_KEY`.
 */
export function createHostEnvironment({
  sessionStore,
  apiClient,
}: {
  sessionStore: SessionStore;
  apiClient: AxiosInstance;
}): { services: HostServices; registry: RemoteRegistry } {
  const queryClient = createHostQueryClient();
  const registry = new RemoteRegistry({
    runtime: federationRuntime,
    // remotes.json may already be on its way (index.ts, or the login form's submit).
    fetchJson: withPrefetched(fetchJsonNoCache),
    baseUrl: () => window.location.href,
    overrides: developerOverrides(),
    // A staged rollout is chosen for the signed-in employee (docs/decisions/0014).
    subject: async () => {
      const employee = await sessionStore.readEmployee();
      return employee ? { id: employee.id, email: employee.email } : null;
    },
    report: createClientEventReporter({
      apiClient,
      hasSession: () => sessionStore.readToken() !== null,
      withinBudget: createReportBudget(window.sessionStorage),
    }),
  });
  return { services: { apiClient, sessionStore, queryClient }, registry };
}
