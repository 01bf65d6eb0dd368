import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createPath, useLocation, useNavigate } from 'react-router-dom';

/**
 * Routes a click on an in-app anchor to `path`; leaves the click alone when the browser should have
 * it. `flushSync` renders the next page in the click's own task (the sidebar's links).
 */
export type FollowAppLink = (
  event: MouseEvent<HTMLAnchorElement>,
  path: string,
  options?: { readonly flushSync?: boolean },
) => void;

const AppLinkContext = createContext<FollowAppLink | null>(null);

/** A click the browser handles itself: a new tab or window, a download, another frame. */
export function isBrowsersOwnClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (target !== null && target !== '_self')
  );
}

/**
 * Why not react-router's `<Link>` for every link: a Link reads the location and the route matches
 * and runs about twenty hooks, three of them effects, and a list page draws two links a row (40 on
 * /families). Inside this provider a `PageLink` is a plain anchor and one `navigate` serves them
 * all, with the Link's rules: plain clicks only, the same address again replaces its entry.
 * The host's shell, the page test harness and a remote's standalone app provide it.
 */
export function AppLinkProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  // Read at the click, so the context value stays the same function across navigations.
  const here = useRef('');
  const current = createPath(location);
  useLayoutEffect(() => {
    here.current = current;
  }, [current]);
  const follow = useCallback<FollowAppLink>(
    (event, path, options) => {
      if (isBrowsersOwnClick(event)) return;
      event.preventDefault();
      void navigate(path, { replace: path === here.current, flushSync: options?.flushSync });
    },
    [navigate],
  );
  return <AppLinkContext.Provider value={follow}>{children}</AppLinkContext.Provider>;
}

/** The provider's click handler, or null outside one (a PageLink is then a react-router Link). */
export function useFollowAppLink(): FollowAppLink | null {
  return useContext(AppLinkContext);
}
