import { createContext, useContext, type ReactNode } from 'react';
import type { AxiosInstance } from 'axios';
import { createApiClient, createSessionStore } from 'shared-contracts';

/**
 * The remote's axios client: the host's base URL, 5000 ms timeout and bearer token (read from
 * the session at every request, so a new login takes effect at once). Created on first use so
 * importing a page never touches storage; tests hand their own client down through context.
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
