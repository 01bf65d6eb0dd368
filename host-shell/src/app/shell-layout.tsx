import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { PageFade } from 'shared-ui';
import { SkipLink } from '../components/skip-link';
import { useSessionExpiry } from '../lib/session/use-session-expiry';
import { RemoteNotices } from '../features/federation/components/remote-notices';
import { AppSidebar } from '../features/sidebar/components/app-sidebar';
import { SidebarInset } from '../features/sidebar/components/sidebar-inset';
import { SidebarProvider } from '../features/sidebar/components/sidebar-provider';
import { SidebarTrigger } from '../features/sidebar/components/sidebar-trigger';
import { ThemeSwitch } from '../features/theme/components/theme-switch';
import { TopBar } from '../features/topbar/components/top-bar';

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
 * The authenticated shell (spec §2): sidebar on the right, top bar, notices, and the main area
 * where the current page fades in (0.25 s) on every navigation.
 */
export function ShellLayout() {
  const { pathname } = useLocation();
  useSessionExpiry();
  return (
    <SidebarProvider>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <AppSidebar />
      <SidebarInset>
        <TopBar sidebarToggle={<SidebarTrigger />} themeSwitch={<ThemeSwitch />} />
        <RemoteNotices />
        <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <PageFade key={pathname}>
            <Outlet />
          </PageFade>
        </Main>
      </SidebarInset>
    </SidebarProvider>
  );
}
