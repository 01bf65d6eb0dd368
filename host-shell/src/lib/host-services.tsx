import { createContext, useContext, type ReactNode } from 'react';
import type { AxiosInstance } from 'axios';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionStore } from 'shared-contracts';

/**
 * The host's long-lived services, created once in bootstrap (or by a test) and handed down, so
 * nothing in the tree reaches for a module-level singleton that tests could not replace.
 */
export interface HostServices {
  apiClient: AxiosInstance;
  sessionStore: SessionStore;
  queryClient: QueryClient;
}

const HostServicesContext = createContext<HostServices | null>(null);

export function HostServicesProvider({
  services,
  children,
}: {
  services: HostServices;
  children: ReactNode;
}) {
  return <HostServicesContext.Provider value={services}>{children}</HostServicesContext.Provider>;
}

export function useHostServices(): HostServices {
  const services = useContext(HostServicesContext);
  if (!services) throw new Error('useHostServices must be used inside <HostServicesProvider>');
  return services;
}
