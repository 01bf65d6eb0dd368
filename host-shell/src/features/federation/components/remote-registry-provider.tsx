import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { RemoteRegistry } from '../remote-registry';
import { RegistrySlotLoaderProvider } from '../slots/registry-slot-loader-provider';

interface RemoteRegistryContextValue {
  registry: RemoteRegistry;
  /** location.reload() in the browser; replaceable in tests (jsdom cannot navigate). */
  reloadPage: () => void;
}

const RemoteRegistryContext = createContext<RemoteRegistryContextValue | null>(null);

export function RemoteRegistryProvider({
  registry,
  reloadPage = () => window.location.reload(),
  children,
}: {
  registry: RemoteRegistry;
  reloadPage?: () => void;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ registry, reloadPage }), [registry, reloadPage]);
  return (
    <RemoteRegistryContext.Provider value={value}>
      <RegistrySlotLoaderProvider registry={registry}>{children}</RegistrySlotLoaderProvider>
    </RemoteRegistryContext.Provider>
  );
}

export function useRemoteRegistry(): RemoteRegistryContextValue {
  const context = useContext(RemoteRegistryContext);
  if (!context) throw new Error('useRemoteRegistry must be used inside <RemoteRegistryProvider>');
  return context;
}
