import type { ComponentType, ReactNode } from 'react';
import type { RemoteName } from 'shared-contracts';
import { pageWideContext } from '../internal/page-wide-context';

/** One contribution to a slot, as the slot table names it. */
export interface SlotPanelRequest {
  slot: string;
  remote: RemoteName;
  panelId: string;
}

/**
 * What the host installs for the whole page so `<Slot>` can load panels from other remotes
 * (host-shell's registry-backed loader). Keep this small and stable: it is the contract between
 * the host's copy of shared-ui and every remote's copy, which may be of other versions.
 */
export interface SlotLoader {
  /**
   * The panel's component (usually a lazy one). Rejects when its remote cannot be loaded, is
   * incompatible, or has no such panel. A loaded panel comes back as the same promise.
   */
  load(request: SlotPanelRequest): Promise<ComponentType<object>>;
  /** The retry link: forget this panel (and a failed load) so the next `load` starts again. */
  forget(request: SlotPanelRequest): void;
}

// Page-wide (see page-wide-context.ts): the host's provider, a remote's <Slot>.
export const SlotLoaderContext = pageWideContext<SlotLoader | null>('slot-loader', null);

export interface SlotLoaderProviderProps {
  loader: SlotLoader;
  children: ReactNode;
}

/** Installed once by the host. Without it (a remote's standalone dev page) slots stay empty. */
export function SlotLoaderProvider({ loader, children }: SlotLoaderProviderProps) {
  return <SlotLoaderContext.Provider value={loader}>{children}</SlotLoaderContext.Provider>;
}
