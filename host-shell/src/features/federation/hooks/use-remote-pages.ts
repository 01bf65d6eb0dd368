import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { matchRoute, type RemoteName } from 'shared-contracts';
import { useRemoteRegistry } from '../components/remote-registry-provider';
import { toRemoteLoadError, type RemoteLoadError } from '../remote-load-error';
import type { RemotePagesMap, RemoteRegistry } from '../remote-registry';
import { UPDATE_NAVIGATION_MIN_GAP_MS } from './use-remote-updates';

export type RemotePagesState =
  | { status: 'loading' }
  | { status: 'ready'; pages: RemotePagesMap }
  | { status: 'error'; error: RemoteLoadError };

interface Settled {
  remote: RemoteName;
  generation: number;
  state: RemotePagesState;
}

/**
 * A remote's page map for rendering. `generation` counts retries: each one forgets the remote
 * in the registry and loads it again, and keys the error boundary so it resets too.
 */
export function useRemotePages(remote: RemoteName): {
  state: RemotePagesState;
  generation: number;
  retry: () => void;
} {
  const { registry } = useRemoteRegistry();
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    // No early return when the remote is loaded already: it may have finished loading (a preload)
    // between this render, which showed the loading panel, and this effect; nothing else would
    // render the page then. `load` answers at once for a loaded remote.
    let cancelled = false;
    registry.load(remote).then(
      (pages) => {
        if (!cancelled) setSettled({ remote, generation, state: { status: 'ready', pages } });
      },
      (error: unknown) => {
        if (!cancelled)
          setSettled({
            remote,
            generation,
            state: { status: 'error', error: toRemoteLoadError(remote, error) },
          });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [registry, remote, generation]);

  const retry = useCallback(() => {
    registry.invalidate(remote);
    setGeneration((value) => value + 1);
  }, [registry, remote]);

  const cached = registry.peek(remote);
  let state: RemotePagesState;
  if (cached) state = { status: 'ready', pages: cached };
  else if (settled && settled.remote === remote && settled.generation === generation)
    state = settled.state;
  else state = { status: 'loading' };
  return { state, generation, retry };
}

// ── preloading ──────────────────────────────────────────────────────────────────────────────────
// A remote's pages are React.lazy components. React renders a lazy that has not resolved by
// suspending, and reveals a Suspense boundary no sooner than 300 ms after its fallback showed (the
// "throttle" that made a first visit take ≈ 380 ms). Loading the remote and resolving the page's
// lazy *before* rendering it — on hover or focus of its link, at idle time, or in RemotePage
// while its own loading panel shows — lets React render the page at once, with no suspension.

/** The shape React.lazy returns (react's lazy payload: -1 not started, 0 pending, 1 done, 2 failed). */
interface LazyComponent {
  $$typeof: symbol;
  _payload: { _status: number; _result: unknown };
  _init(payload: unknown): unknown;
}

function asLazy(component: unknown): LazyComponent | null {
  if (typeof component !== 'object' || component === null) return null;
  const candidate = component as Partial<LazyComponent>;
  return typeof candidate._init === 'function' &&
    typeof candidate._payload === 'object' &&
    candidate._payload !== null &&
    typeof candidate._payload._status === 'number'
    ? (candidate as LazyComponent)
    : null;
}

/** True when rendering `component` now cannot suspend on its own code (loaded, failed, or not lazy). */
export function isPageSettled(component: ComponentType | undefined): boolean {
  const lazy = asLazy(component);
  return !lazy || lazy._payload._status === 1 || lazy._payload._status === 2;
}

/**
 * Starts loading a lazy page's chunk and resolves when it has loaded or failed (a failure shows
 * when the page renders, through RemotePage's error boundary). A plain component resolves at once.
 */
export function preloadPage(component: ComponentType | undefined): Promise<void> {
  const lazy = asLazy(component);
  if (!lazy || isPageSettled(component)) return Promise.resolve();
  try {
    // What React does on the first render: start the import; a pending lazy throws its promise.
    lazy._init(lazy._payload);
    return Promise.resolve();
  } catch (thrown) {
    const pending = thrown as { then?: unknown } | null;
    if (pending && typeof pending.then === 'function')
      return Promise.resolve(pending as PromiseLike<unknown>).then(
        () => undefined,
        () => undefined,
      );
    return Promise.resolve();
  }
}

/**
 * Loads the remote owning `path` (a route of the table) and its page's chunk. Never rejects: a
 * remote that cannot load shows its error panel when the page is visited, as before.
 */
export function preloadRoute(registry: RemoteRegistry, path: string): Promise<void> {
  const route = matchRoute(path);
  if (!route || route.owner === 'host') return Promise.resolve();
  return registry.load(route.owner).then(
    (pages) => preloadPage(pages[route.pageId]),
    () => undefined,
  );
}

/**
 * `preloadRoute` that first reads remotes.json again when its last read by this preloader is as
 * old as a navigation would allow (useRemoteUpdates): a remote not loaded yet is then preloaded at
 * the version its visit would get — never an older one that the next navigation would announce
 * as outdated.
 */
export function freshRoutePreloader(
  registry: RemoteRegistry,
  now: () => number = () => Date.now(),
): (path: string) => Promise<void> {
  let readAt = now();
  return (path) => {
    const route = matchRoute(path);
    if (!route || route.owner === 'host') return Promise.resolve();
    if (!registry.peek(route.owner) && now() - readAt >= UPDATE_NAVIGATION_MIN_GAP_MS) {
      registry.invalidate(route.owner);
      readAt = now();
    }
    return preloadRoute(registry, path);
  };
}

/**
 * A stable `(path) => void` for link hover and focus: starts loading that page's remote and chunk.
 * Repeated calls are cheap (the registry loads a remote once; a resolved page is left alone).
 */
export function useRoutePreloader(): (path: string) => void {
  const { registry } = useRemoteRegistry();
  const preload = useMemo(() => freshRoutePreloader(registry), [registry]);
  return useCallback((path: string) => void preload(path), [preload]);
}

/**
 * Whether `page` can render without suspending; while it cannot, its chunk is loaded here, so
 * RemotePage shows its own loading panel (no Suspense fallback, no reveal throttle).
 */
export function usePageReady(page: ComponentType | undefined): boolean {
  const [loaded, setLoaded] = useState<ComponentType | undefined>(undefined);
  const ready = isPageSettled(page) || loaded === page;
  useEffect(() => {
    if (ready || !page) return undefined;
    let cancelled = false;
    void preloadPage(page).then(() => {
      if (!cancelled) setLoaded(() => page);
    });
    return () => {
      cancelled = true;
    };
  }, [page, ready]);
  return ready;
}

/** Idle-time preloading starts once nothing has been fetched for this long (the page has settled)… */
export const IDLE_PRELOAD_QUIET_MS = 1500;
/**
 * …and the employee has done something on the page (moved the pointer, pressed a key, scrolled),
 * or has left it untouched this long. On a slow PC evaluating another section's code takes
 * hundreds of milliseconds of the main thread; a page someone has just opened and not yet touched
 * may still be finishing its own work, and the first thing they do must not wait behind it.
 */
export const IDLE_PRELOAD_UNATTENDED_MS = 10_000;
const INTERACTIONS = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart', 'focusin'];
/** …and waits for this much quiet between two sections, so a page the employee opens comes first. */
export const IDLE_PRELOAD_GAP_MS = 500;

type Cancelled = () => boolean;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}

/**
 * Resolves once the document has loaded and no resource has finished loading for `quietMs`: the
 * page the employee is looking at has what it needs. On a slow PC, preloading other sections any
 * earlier would compete with it for the CPU and the line.
 */
async function networkQuiet(quietMs: number, cancelled: Cancelled): Promise<void> {
  let last = performance.now();
  let observer: PerformanceObserver | null = null;
  if (typeof PerformanceObserver === 'function') {
    observer = new PerformanceObserver(() => {
      last = performance.now();
    });
    try {
      observer.observe({ type: 'resource' });
    } catch {
      observer = null;
    }
  }
  try {
    while (!cancelled()) {
      const waited = performance.now() - last;
      if (document.readyState === 'complete' && waited >= quietMs) return;
      await sleep(Math.max(100, quietMs - waited));
    }
  } finally {
    observer?.disconnect();
  }
}

/** Resolves at the first interaction with the page, or after `unattendedMs` without one. */
function firstInteraction(unattendedMs: number, cancelled: Cancelled): Promise<void> {
  return new Promise((resolve) => {
    if (cancelled()) return;
    const done = () => {
      window.clearTimeout(timer);
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      resolve();
    };
    const timer = window.setTimeout(done, unattendedMs);
    for (const type of INTERACTIONS)
      window.addEventListener(type, done, { capture: true, passive: true });
  });
}

/** The next moment the main thread has nothing to do (or a short pause where that is unknown). */
function idle(cancelled: Cancelled): Promise<void> {
  return new Promise((resolve) => {
    if (cancelled()) return;
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: 5000 });
    else window.setTimeout(resolve, 50);
  });
}

/** `navigator.connection.saveData`: the employee asked the browser to spare their data plan. */
function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * Once the page has settled after login and the employee has touched it (or left it alone for a
 * while), loads the remote and page chunk of each path in turn
 * (the sections this employee may open, in sidebar order), one per idle period, so a first visit
 * renders at once. Off when `paths` is empty or the browser asks to save data.
 */
export function useIdlePreload(paths: readonly string[]): void {
  const { registry } = useRemoteRegistry();
  const key = paths.join('\n');
  useEffect(() => {
    const queue = key ? key.split('\n') : [];
    if (queue.length === 0 || savesData()) return undefined;
    let stopped = false;
    const cancelled = () => stopped;
    const preload = freshRoutePreloader(registry);
    void (async () => {
      await networkQuiet(IDLE_PRELOAD_QUIET_MS, cancelled);
      await firstInteraction(IDLE_PRELOAD_UNATTENDED_MS, cancelled);
      for (const path of queue) {
        await idle(cancelled);
        if (stopped) return;
        await preload(path);
        await networkQuiet(IDLE_PRELOAD_GAP_MS, cancelled);
      }
    })();
    return () => {
      stopped = true;
    };
  }, [registry, key]);
}
