import { useContext, useSyncExternalStore } from 'react';
import { pageWideContext } from '../internal/page-wide-context';
import type { ToastOptions, ToastRecord, ToastStore } from './toast-store';

// Page-wide: the host mounts the provider, remotes call useToast() from their own shared-ui copy.
export const ToastContext = pageWideContext<ToastStore | null>('toast-store', null);

export interface UseToastResult {
  /** Shows a toast (replacing the visible one) and returns its id. */
  toast: (options: ToastOptions) => string;
  /** Dismisses one toast, or all when no id is given. */
  dismiss: (id?: string) => void;
  /** The store's toasts, dismissed ones included until their removal. */
  toasts: readonly ToastRecord[];
}

export function useToastStore(): ToastStore {
  const store = useContext(ToastContext);
  if (!store) {
    throw new Error(
      'useToast() must be used inside <ToastProvider>. The host shell mounts one ToastProvider around the app; ' +
        'in a test, wrap the component in <ToastProvider>.',
    );
  }
  return store;
}

export function useToast(): UseToastResult {
  const store = useToastStore();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { toast: store.toast, dismiss: store.dismiss, toasts };
}
