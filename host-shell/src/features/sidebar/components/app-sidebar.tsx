import { useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { IconButton, VisuallyHidden } from 'shared-ui';
import { AtaaLogo } from '../../../components/ataa-logo';
import { useSlideOverFocus } from '../hooks/use-slide-over-focus';
import { MAIN_NAV_LABEL, SidebarNav } from './sidebar-nav';
import { SIDEBAR_ID, useSidebar } from './sidebar-provider';

export const SIDEBAR_VERSION_LABEL = 'الإصدار 1.0';
export const CLOSE_SIDEBAR_LABEL = 'إغلاق القائمة';

const Panel = styled.div<{ $width: 'expanded' | 'icon' | 'mobile' }>`
  position: fixed;
  inset-block: 0;
  /* inline start = the right edge in RTL (docs/shell.md#screens-and-routes) */
  inset-inline-start: 0;
  z-index: ${({ theme, $width }) => ($width === 'mobile' ? theme.zIndex.overlay : theme.zIndex.sidebar)};
  display: flex;
  flex-direction: column;
  inline-size: ${({ theme, $width }) =>
    $width === 'mobile'
      ? theme.layout.sidebarWidthMobile
      : $width === 'icon'
        ? theme.layout.sidebarWidthIcon
        : theme.layout.sidebarWidth};
  max-inline-size: 100vw;
  background: ${({ theme }) => theme.colors.sidebar.bg};
  color: ${({ theme }) => theme.colors.sidebar.fg};
  border-inline-end: 1px solid ${({ theme }) => theme.colors.sidebar.border};
  transition: inline-size 0.2s ease;
  outline: none;
`;

const slideIn = keyframes`
  from { transform: translateX(100%); }
  to { transform: translateX(0); }
`;

const MobilePanel = styled(Panel)`
  box-shadow: ${({ theme }) => theme.shadows.lg};
  animation: ${slideIn} 0.2s ease-out;

  /* The animation slides from the right edge, which is the start edge only in RTL. */
  [dir='ltr'] & {
    animation: none;
  }
`;

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  background: ${({ theme }) => theme.colors.overlay};
`;

const Header = styled.div<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'space-between')};
  gap: ${({ theme }) => theme.space.sm};
  min-block-size: ${({ theme }) => theme.layout.topBarHeight};
  padding-inline: ${({ theme, $collapsed }) => ($collapsed ? '0' : theme.space.md)};
  border-block-end: 1px solid ${({ theme }) => theme.colors.sidebar.border};
`;

const Body = styled.div<{ $collapsed: boolean }>`
  flex: 1 1 auto;
  overflow-y: auto;
  overflow-x: hidden;
  padding: ${({ theme, $collapsed }) => ($collapsed ? theme.space.xs : theme.space.sm)};
`;

const Footer = styled.div`
  padding: ${({ theme }) => theme.space.sm};
  border-block-start: 1px solid ${({ theme }) => theme.colors.sidebar.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  text-align: center;
  white-space: nowrap;
`;

function VersionFooter({ collapsed }: { collapsed: boolean }) {
  return (
    <Footer>
      {collapsed ? (
        <>
          <span aria-hidden="true">1.0</span>
          <VisuallyHidden>{SIDEBAR_VERSION_LABEL}</VisuallyHidden>
        </>
      ) : (
        SIDEBAR_VERSION_LABEL
      )}
    </Footer>
  );
}

function MobileSidebar() {
  const { setMobileOpen } = useSidebar();
  const panelRef = useRef<HTMLDivElement>(null);
  const close = () => setMobileOpen(false);
  const onKeyDown = useSlideOverFocus(panelRef, close);
  return (
    <>
      <Overlay data-testid="sidebar-overlay" aria-hidden="true" onClick={close} />
      <MobilePanel
        ref={panelRef}
        id={SIDEBAR_ID}
        role="dialog"
        aria-modal="true"
        aria-label={MAIN_NAV_LABEL}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        $width="mobile"
      >
        <Header $collapsed={false}>
          <AtaaLogo size={32} />
          <IconButton label={CLOSE_SIDEBAR_LABEL} icon="close" size="sm" onClick={close} />
        </Header>
        <Body $collapsed={false}>
          <SidebarNav collapsed={false} onNavigate={close} onExpandRequest={() => undefined} />
        </Body>
        <VersionFooter collapsed={false} />
      </MobilePanel>
    </>
  );
}

/**
 * The sidebar (docs/shell.md#screens-and-routes): on the right, logo on top, version in the footer;
 * 16rem or 3rem of icons on wide screens, an 18rem modal slide-over under 768 px.
 */
export function AppSidebar() {
  const { isMobile, expanded, mobileOpen, setExpanded } = useSidebar();
  if (isMobile) return mobileOpen ? <MobileSidebar /> : null;
  const collapsed = !expanded;
  return (
    <Panel
      id={SIDEBAR_ID}
      data-state={expanded ? 'expanded' : 'collapsed'}
      $width={collapsed ? 'icon' : 'expanded'}
    >
      <Header $collapsed={collapsed}>
        <AtaaLogo size={collapsed ? 28 : 32} wordmark={!collapsed} />
      </Header>
      <Body $collapsed={collapsed}>
        <SidebarNav
          collapsed={collapsed}
          onNavigate={() => undefined}
          onExpandRequest={() => setExpanded(true)}
        />
      </Body>
      <VersionFooter collapsed={collapsed} />
    </Panel>
  );
}
