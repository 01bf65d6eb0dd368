/**
 * A `window.matchMedia` answering width queries for a chosen viewport width, so a component test
 * can render a list at 1366 or 375 px (jsdom has no layout). `setViewportWidth(375)` before
 * rendering; calling it again re-answers every query and notifies listeners, as a resize would.
 * `resetViewport()` (in `afterEach`) restores the previous matchMedia.
 */

type Listener = (event: MediaQueryListEvent) => void;

interface ViewportState {
  width: number;
  listeners: Map<string, Set<Listener>>;
  original: typeof window.matchMedia;
}

let state: ViewportState | null = null;

/** True when a media query's width conditions hold at `width` (other features: false). */
function evaluate(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, side, value]) =>
    side === 'min' ? width >= Number(value) : width <= Number(value),
  );
}

function install(width: number): ViewportState {
  const installed: ViewportState = { width, listeners: new Map(), original: window.matchMedia };
  window.matchMedia = (query: string): MediaQueryList => {
    const listeners = installed.listeners.get(query) ?? new Set<Listener>();
    installed.listeners.set(query, listeners);
    const list: MediaQueryList = {
      get matches() {
        return evaluate(query, installed.width);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
        if (typeof listener === 'function') listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
        if (typeof listener === 'function') listeners.delete(listener);
      },
      addListener: (listener) => {
        if (listener) listeners.add(listener);
      },
      removeListener: (listener) => {
        if (listener) listeners.delete(listener);
      },
      dispatchEvent: () => false,
    };
    return list;
  };
  return installed;
}

/** Makes width media queries answer as at `width` px and notifies their listeners. */
export function setViewportWidth(width: number): void {
  if (!state) {
    state = install(width);
    return;
  }
  state.width = width;
  for (const [query, listeners] of state.listeners) {
    const event = new Event('change') as MediaQueryListEvent;
    Object.defineProperty(event, 'matches', { value: evaluate(query, width) });
    Object.defineProperty(event, 'media', { value: query });
    for (const listener of listeners) listener(event);
  }
}

/** Restores the matchMedia that was there before `setViewportWidth`. */
export function resetViewport(): void {
  if (!state) return;
  window.matchMedia = state.original;
  state = null;
}
