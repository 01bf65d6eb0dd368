import { createContext, useContext, type ReactNode } from 'react';
import type { AxiosInstance } from 'axios';
import { createApiClient, createSessionStore } from 'shared-contracts';

/**
 * The axios client of the bundle that imports this copy of shared-ui (host or remote): the
 * host's base URL, 5000 ms timeout and bearer token, read from the session at every request so
 * a new login takes effect at once. Created on first use so importing a page never touches
 * storage. A plain (not page-wide) context on purpose: each remote keeps its own client, and a
 * test hands its fake-backed one down with `ApiClientProvider`.
 */
let defaultClient: AxiosInstance | undefined;

function defaultApiClient(): AxiosInstance {
  if (!defaultClient) {
    const session = createSessionStore();
    defaultClient = createApiClient({ getToken: () => session.readToken() });
  }
  return defaultClient;
}

const ApiClientContext = createContext<AxiosInstance | null>(null);

export interface ApiClientProviderProps {
  client: AxiosInstance;
  children: ReactNode;
}

/** Replaces the default client below it (tests; a host handing its own client down). */
export function ApiClientProvider({ client, children }: ApiClientProviderProps) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

/** The client from the nearest `ApiClientProvider`, else the session-backed default. */
export function useApiClient(): AxiosInstance {
  return useContext(ApiClientContext) ?? defaultApiClient();
}
