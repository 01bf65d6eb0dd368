import { createContext, type Context } from 'react';

/**
 * A React context that is the same object for every copy of shared-ui on the page.
 * shared-ui is bundled into the host and into each remote (it is not a federation singleton, so a
 * remote built against a newer shared-ui keeps its own components), but React is one shared
 * instance: keeping the context object on `globalThis` under a registered symbol lets a remote's
 * `useToast()` find the host's `<ToastProvider>` whichever copy created it.
 */
export function pageWideContext<T>(name: string, defaultValue: T): Context<T> {
  const key = Symbol.for(`ataa.shared-ui.${name}`);
  const registry = globalThis as unknown as Record<symbol, Context<T> | undefined>;
  const existing = registry[key];
  if (existing) return existing;
  const created = createContext<T>(defaultValue);
  registry[key] = created;
  return created;
}
