import { createContext, useContext, type ReactNode } from 'react';
import type { AxiosInstance } from 'axios';
import { createApiClient, createSessionStore } from 'shared-contracts';

/**
 * The remote's own axios client (5000 ms timeout, bearer token read from the session at every
 * request, as the host's). Created on first use so importing a page never touches storage.
 * Tests (or a host that wants to hand its client down) provide another one through context.
 */
let defaultClient: AxiosInstance | undefined;

export function defaultApiClient(): AxiosInstance {
  if (!defaultClient) {
    const session = createSessionStore();
    defaultClient = createApiClient({ getToken: () => session.readToken() });
  }
  return defaultClient;
}

const ApiClientContext = createContext<AxiosInstance | null>(null);

export function ApiClientProvider({
  client,
  children,
}: {
  client: AxiosInstance;
  children: ReactNode;
}) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

export function useApiClient(): AxiosInstance {
  return useContext(ApiClientContext) ?? defaultApiClient();
}
