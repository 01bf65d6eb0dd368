import { useMemo, type ReactNode } from 'react';
import { SlotLoaderProvider } from 'shared-ui';
import type { RemoteRegistry } from '../remote-registry';
import { createRegistrySlotLoader } from './registry-slot-loader';

/**
 * Installs the registry-backed slot loader for the whole page, so every remote's `<Slot>`
 * (whatever copy of shared-ui it was built with) loads contributed panels through the host.
 */
export function RegistrySlotLoaderProvider({
  registry,
  children,
}: {
  registry: RemoteRegistry;
  children: ReactNode;
}) {
  const loader = useMemo(() => createRegistrySlotLoader(registry), [registry]);
  return <SlotLoaderProvider loader={loader}>{children}</SlotLoaderProvider>;
}
