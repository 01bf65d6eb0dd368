import { useContext, useMemo } from 'react';
import { ScrollRestoration } from 'react-router-dom';
import styled from 'styled-components';
import { visibleSidebar } from 'shared-contracts';
import { AppLinkProvider } from 'shared-ui';
import { SkipLink } from '../components/skip-link';
import { useCurrentEmployee } from '../lib/session/current-employee';
import { useSessionExpiry } from '../lib/session/use-session-expiry';
import { RemoteNotices } from '../features/federation/components/remote-notices';
import { useIdlePreload, useRoutePreloader } from '../features/federation/hooks/use-remote-pages';
import { AppSidebar } from '../features/sidebar/components/app-sidebar';
import { SidebarInset } from '../features/sidebar/components/sidebar-inset';
import { SidebarProvider } from '../features/sidebar/components/sidebar-provider';
import { SidebarTrigger } from '../features/sidebar/components/sidebar-trigger';
import { ThemeSwitch } from '../features/theme/components/theme-switch';
import { TopBar } from '../features/topbar/components/top-bar';
import { KeptPages } from './kept-pages';
import { SectionPreloadContext, sidebarPagePaths } from './section-preload';

const NO_SECTIONS: readonly string[] = [];

export const MAIN_CONTENT_ID = 'main-content';

const Main = styled.main`
  flex: 1 1 auto;
  inline-size: 100%;
  max-inline-size: ${({ theme }) => theme.layout.contentMaxWidth};
  margin-inline: auto;
  padding: ${({ theme }) => theme.space.md};
  outline: none;

  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space.lg};
  }
`;

/**
 * The authenticated shell (docs/shell.md#screens-and-routes): sidebar on the right, top bar,
 * notices, and the main area where the current page fades in (0.25 s) on every navigation, and the
 * sections' pages stay mounted for the employee's return (KeptPages). A sidebar link starts loading
 * its section when hovered or focused, and idle time after login loads the sections this employee
 * may open, so a first visit shows its page at once.
 */
export function ShellLayout() {
  const employee = useCurrentEmployee();
  const preloadSections = useContext(SectionPreloadContext);
  const preloadRoute = useRoutePreloader();
  const sections = useMemo(() => sidebarPagePaths(visibleSidebar(employee)), [employee]);
  const keptSections = useMemo(() => new Set(sections), [sections]);
  useIdlePreload(preloadSections ? sections : NO_SECTIONS);
  useSessionExpiry();
  return (
    <AppLinkProvider>
      <SidebarProvider onLinkIntent={preloadRoute}>
        {/* A new page opens at its top (after saving a long form the record page used to open
          scrolled to its end); back and forward return to where the employee was. */}
        <ScrollRestoration />
        <SkipLink targetId={MAIN_CONTENT_ID} />
        <AppSidebar />
        <SidebarInset>
          <TopBar sidebarToggle={<SidebarTrigger />} themeSwitch={<ThemeSwitch />} />
          <RemoteNotices />
          <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
            {/* The only part of the layout that reads the location (with the sidebar's links and
              the top bar's title), so a navigation does not render the sidebar's panel, logo
              and footer again. */}
            <KeptPages sections={keptSections} />
          </Main>
        </SidebarInset>
      </SidebarProvider>
    </AppLinkProvider>
  );
}
