import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider, type ToastStore } from 'shared-ui';
import { HostServicesProvider, type HostServices } from '../lib/host-services';
import { SessionProvider } from '../lib/session/session-context';
import { RemoteRegistryProvider } from '../features/federation/components/remote-registry-provider';
import type { RemoteRegistry } from '../features/federation/remote-registry';
import { ThemeModeProvider } from '../features/theme/components/theme-mode-provider';
import { SectionPreloadContext } from './section-preload';

export interface AppProvidersProps {
  services: HostServices;
  registry: RemoteRegistry;
  reloadPage?: () => void;
  toastStore?: ToastStore;
  /** Preload the employee's sections at idle time after login (the real page; not tests). */
  preloadSections?: boolean;
  children: ReactNode;
}

/**
 * Everything the host provides once for the whole page, remotes included: the one QueryClient
 * (react-query is a shared singleton, so remote `useQuery` calls use it), the styled theme,
 * the one toast region, the federation registry and the session.
 */
export function AppProviders({
  services,
  registry,
  reloadPage,
  toastStore,
  preloadSections = false,
  children,
}: AppProvidersProps) {
  return (
    <HostServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <ThemeModeProvider>
          <ToastProvider store={toastStore}>
            <RemoteRegistryProvider registry={registry} reloadPage={reloadPage}>
              <SectionPreloadContext.Provider value={preloadSections}>
                <SessionProvider>{children}</SessionProvider>
              </SectionPreloadContext.Provider>
            </RemoteRegistryProvider>
          </ToastProvider>
        </ThemeModeProvider>
      </QueryClientProvider>
    </HostServicesProvider>
  );
}
