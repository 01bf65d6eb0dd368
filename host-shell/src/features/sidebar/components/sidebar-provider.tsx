import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useMediaQuery } from '../../../lib/use-media-query';
import { readSidebarCookie, sidebarCookie } from '../sidebar-cookie';

/** docs/shell.md#constants: under 768 px the sidebar is a slide-over. */
export const MOBILE_MEDIA_QUERY = '(max-width: 767.98px)';
export const SIDEBAR_ID = 'app-sidebar';

export interface SidebarContextValue {
  isMobile: boolean;
  /** wide screens: expanded (16rem) or icon mode (3rem) */
  expanded: boolean;
  setExpanded(expanded: boolean): void;
  /** narrow screens: the slide-over is showing */
  mobileOpen: boolean;
  setMobileOpen(open: boolean): void;
  /** What the trigger and Ctrl/Cmd+B do on the current screen. */
  toggle(): void;
  /** A link is about to be chosen (hovered, focused, pressed): its page can start loading. */
  onLinkIntent(path: string): void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

function initialExpanded(): boolean {
  // Open by default on wide screens (docs/shell.md#screens-and-routes), unless the employee
  // collapsed it before.
  return typeof document === 'undefined' ? true : (readSidebarCookie(document.cookie) ?? true);
}

const NO_INTENT = () => undefined;

export function SidebarProvider({
  children,
  onLinkIntent = NO_INTENT,
}: {
  children: ReactNode;
  /** Told when a link is hovered, focused or pressed, before any click (the shell preloads it). */
  onLinkIntent?: (path: string) => void;
}) {
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [expanded, setExpandedState] = useState(initialExpanded);
  const [mobileOpen, setMobileOpen] = useState(false);

  const setExpanded = useCallback((value: boolean) => {
    setExpandedState(value);
    document.cookie = sidebarCookie(value);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setMobileOpen((open) => !open);
    else setExpanded(!expanded);
  }, [isMobile, expanded, setExpanded]);

  // Leaving the narrow layout must not leave an invisible modal slide-over behind (adjusted while
  // rendering: state that follows a value, not an effect).
  const [wasMobile, setWasMobile] = useState(isMobile);
  if (wasMobile !== isMobile) {
    setWasMobile(isMobile);
    if (!isMobile) setMobileOpen(false);
  }

  // docs/shell.md#screens-and-routes: Ctrl+B (Cmd+B on a Mac). `code` as well as `key`, so an
  // Arabic keyboard layout (where B types 'لا') still toggles.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const isB = event.key.toLowerCase() === 'b' || event.code === 'KeyB';
      if (isB && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo<SidebarContextValue>(
    () => ({ isMobile, expanded, setExpanded, mobileOpen, setMobileOpen, toggle, onLinkIntent }),
    [isMobile, expanded, setExpanded, mobileOpen, toggle, onLinkIntent],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return context;
}
