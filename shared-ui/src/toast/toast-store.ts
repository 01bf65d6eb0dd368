import type { ReactNode } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY } from './constants';

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastAction;
  variant?: ToastVariant;
  /** ms on screen; default TOAST_DEFAULT_DURATION; Infinity keeps it until dismissed. */
  duration?: number;
}

export interface ToastRecord extends ToastOptions {
  id: string;
  /** false once dismissed: hidden, and removed from the store after TOAST_REMOVE_DELAY. */
  open: boolean;
}

export interface ToastStore {
  getSnapshot: () => readonly ToastRecord[];
  subscribe: (listener: () => void) => () => void;
  toast: (options: ToastOptions) => string;
  /** Dismiss one toast, or every toast when no id is given. */
  dismiss: (id?: string) => void;
  /** Drop timers (the provider unmounted). */
  destroy: () => void;
}

/**
 * The toast state, outside React so the rules of docs/shell.md#constants are plain code: a new
 * toast goes in front and the list is cut to TOAST_LIMIT (so the new one replaces the old), and a
 * dismissed toast is kept closed for TOAST_REMOVE_DELAY before it leaves the store.
 */
export function createToastStore(): ToastStore {
  let toasts: readonly ToastRecord[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const set = (next: readonly ToastRecord[]) => {
    toasts = next;
    listeners.forEach((listener) => listener());
  };

  const scheduleRemoval = (id: string) => {
    if (removalTimers.has(id)) return;
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        set(toasts.filter((t) => t.id !== id));
      }, TOAST_REMOVE_DELAY),
    );
  };

  return {
    getSnapshot: () => toasts,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toast: (options) => {
      counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
      const id = `toast-${counter}`;
      const next = [{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
      // Toasts pushed out by the limit are gone already: their removal timers are moot.
      for (const old of toasts) {
        if (!next.includes(old)) {
          clearTimeout(removalTimers.get(old.id));
          removalTimers.delete(old.id);
        }
      }
      set(next);
      return id;
    },
    dismiss: (id) => {
      let changed = false;
      const next = toasts.map((t) => {
        if ((id === undefined || t.id === id) && t.open) {
          changed = true;
          scheduleRemoval(t.id);
          return { ...t, open: false };
        }
        return t;
      });
      if (changed) set(next);
    },
    destroy: () => {
      removalTimers.forEach((timer) => clearTimeout(timer));
      removalTimers.clear();
      listeners.clear();
    },
  };
}
