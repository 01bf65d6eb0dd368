import {
  useEffect,
  useLayoutEffect,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react';
import { getTabbable } from '../internal/focusable';

/**
 * Modal focus management: on activation, remember the element that had focus (the opener) and
 * move focus inside; on deactivation, give focus back to the opener. Returns a keydown handler
 * that keeps Tab / Shift+Tab cycling inside the container.
 */
export function useFocusTrap(
  active: boolean,
  containerRef: RefObject<HTMLElement | null>,
  /** Where focus goes first; falls back to the first tabbable element, then the container. */
  getInitialFocus?: () => HTMLElement | null | undefined,
) {
  const openerRef = useRef<HTMLElement | null>(null);
  // Read at activation time only, so an inline callback does not re-run the effect. Layout
  // effects run before passive ones, so the activation below sees the latest callback.
  const initialFocus = useRef(getInitialFocus);
  useLayoutEffect(() => {
    initialFocus.current = getInitialFocus;
  });

  useEffect(() => {
    if (!active) return;
    openerRef.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = containerRef.current;
    if (container) {
      const target = initialFocus.current?.() ?? getTabbable(container)[0] ?? container;
      target.focus();
    }
    return () => {
      const opener = openerRef.current;
      openerRef.current = null;
      // The opener may have been removed meanwhile (e.g. a deleted row's menu): nothing to restore.
      if (opener && opener.isConnected) opener.focus();
    };
  }, [active, containerRef]);

  return function onKeyDown(event: ReactKeyboardEvent<HTMLElement>) {
    if (event.key !== 'Tab') return;
    const container = containerRef.current;
    if (!container) return;
    const tabbable = getTabbable(container);
    const first = tabbable[0];
    const last = tabbable[tabbable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      container.focus();
      return;
    }
    const activeEl = document.activeElement;
    if (
      event.shiftKey &&
      (activeEl === first || activeEl === container || !container.contains(activeEl))
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (activeEl === last || !container.contains(activeEl))) {
      event.preventDefault();
      first.focus();
    }
  };
}
