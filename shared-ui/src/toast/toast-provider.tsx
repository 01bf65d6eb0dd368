import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import styled from 'styled-components';
import { TOAST_HOTKEY, TOAST_REGION_LABEL } from './constants';
import { ToastContext } from './toast-context';
import { ToastItem } from './toast-item';
import { createToastStore, type ToastStore } from './toast-store';

const Region = styled.section`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndex.toast};
  /* Small screens: across the top (docs/shell.md#screens-and-routes). */
  inset-block-start: 0;
  inset-inline: 0;
  padding: ${({ theme }) => theme.space.md};
  pointer-events: none;
  outline: none;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }

  /* From md: bottom-right, 420 px wide at most (docs/shell.md#screens-and-routes). Physical "right"
     on purpose: the shell places it there and the dismiss swipe goes right, towards that edge. */
  ${({ theme }) => theme.media.md} {
    inset-block-start: auto;
    inset-block-end: 0;
    inset-inline: auto;
    right: 0;
    inline-size: 100%;
    max-inline-size: 420px;
  }
`;

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export interface ToastProviderProps {
  children?: ReactNode;
  /** For tests or a custom setup; by default the provider makes its own. */
  store?: ToastStore;
}

/**
 * Holds the toast store for the whole page and renders the notification region. The host
 * mounts it once; remotes reach the same store through `useToast()` because shared-ui is a
 * federation singleton.
 */
export function ToastProvider({ children, store: given }: ToastProviderProps) {
  const [store] = useState(() => given ?? createToastStore());
  useEffect(() => (given ? undefined : () => store.destroy()), [given, store]);
  return (
    <ToastContext.Provider value={store}>
      {children}
      <ToastViewport store={store} />
    </ToastContext.Provider>
  );
}

function ToastViewport({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const regionRef = useRef<HTMLElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);

  // F8 jumps to the notifications from anywhere, like Radix's toast hotkey.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const visible = toasts.filter((t) => t.open);
  // A toast removed under the pointer or with focus inside never reports leaving; without this
  // reset the next toast would start paused.
  // (Adjusted during render, React's pattern for state that follows other state.)
  const empty = visible.length === 0;
  const [wasEmpty, setWasEmpty] = useState(empty);
  if (empty !== wasEmpty) {
    setWasEmpty(empty);
    if (empty) {
      setHovered(false);
      setFocusWithin(false);
    }
  }
  return (
    <Region
      ref={regionRef}
      role="region"
      aria-label={TOAST_REGION_LABEL}
      tabIndex={-1}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocusWithin(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null))
          setFocusWithin(false);
      }}
    >
      <List>
        {visible.map((t) => (
          <ToastItem
            key={t.id}
            toast={t}
            paused={hovered || focusWithin}
            onDismiss={store.dismiss}
          />
        ))}
      </List>
    </Region>
  );
}
