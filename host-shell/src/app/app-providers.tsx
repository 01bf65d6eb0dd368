import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider, type ToastStore } from 'shared-ui';
import { HostServicesProvider, type HostServices } from '../lib/host-services';
import { SessionProvider } from '../lib/session/session-context';
import { RemoteRegistryProvider } from '../features/federation/components/remote-registry-provider';
import type { RemoteRegistry } from '../features/federation/remote-registry';
import { ThemeModeProvider } from '../features/theme/components/theme-mode-provider';
import { FirstPageFadeContext } from './kept-pages';
import { SectionPreloadContext } from './section-preload';

export interface AppProvidersProps {
  services: HostServices;
  registry: RemoteRegistry;
  reloadPage?: () => void;
  toastStore?: ToastStore;
  /** Preload the employee's sections at idle time after login (the real page; not tests). */
  preloadSections?: boolean;
  /** The first page fades in (after a login in this tab); false when the page load opens the shell. */
  fadeFirstPage?: boolean;
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
  fadeFirstPage = true,
  children,
}: AppProvidersProps) {
  return (
    <HostServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <ThemeModeProvider>
          <ToastProvider store={toastStore}>
            <RemoteRegistryProvider registry={registry} reloadPage={reloadPage}>
              <SectionPreloadContext.Provider value={preloadSections}>
                <FirstPageFadeContext.Provider value={fadeFirstPage}>
                  <SessionProvider>{children}</SessionProvider>
                </FirstPageFadeContext.Provider>
              </SectionPreloadContext.Provider>
            </RemoteRegistryProvider>
          </ToastProvider>
        </ThemeModeProvider>
      </QueryClientProvider>
    </HostServicesProvider>
  );
}
