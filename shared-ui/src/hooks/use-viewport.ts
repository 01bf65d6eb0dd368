import { useSyncExternalStore } from 'react';

/**
 * The screen widths lists are designed for:
 * - `phone`: below 768 px — lists become cards, filters fold into one "تصفية" control;
 * - `laptop`: 768–1365 px — tables show their priority-1 columns;
 * - `desktop`: 1366–1919 px (the common office screen) — priority 1 and 2;
 * - `wide`: 1920 px and more — every column.
 */
export type ViewportTier = 'phone' | 'laptop' | 'desktop' | 'wide';

export const VIEWPORT_BREAKPOINTS = { laptop: 768, desktop: 1366, wide: 1920 } as const;

// `max-width` queries, so a browser (or a test DOM) that answers "no" to every query gets the
// widest layout, where nothing is hidden.
const BELOW = {
  laptop: `(max-width: ${VIEWPORT_BREAKPOINTS.laptop - 0.02}px)`,
  desktop: `(max-width: ${VIEWPORT_BREAKPOINTS.desktop - 0.02}px)`,
  wide: `(max-width: ${VIEWPORT_BREAKPOINTS.wide - 0.02}px)`,
} as const;

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : false;
}

function currentTier(): ViewportTier {
  if (matches(BELOW.laptop)) return 'phone';
  if (matches(BELOW.desktop)) return 'laptop';
  if (matches(BELOW.wide)) return 'desktop';
  return 'wide';
}

function serverTier(): ViewportTier {
  return 'wide';
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const lists = Object.values(BELOW).map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/** The live viewport tier (a resize re-renders at once). */
export function useViewportTier(): ViewportTier {
  return useSyncExternalStore(subscribe, currentTier, serverTier);
}

/** The highest column priority shown at a tier (1 = always; see `DataTableColumn.priority`). */
export function visiblePriority(tier: ViewportTier): 1 | 2 | 3 {
  if (tier === 'wide') return 3;
  if (tier === 'desktop') return 2;
  return 1;
}
