import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { titleForPath } from 'shared-contracts';
import { PRODUCT_NAME } from '../../../components/ataa-logo';
import { AccountMenu } from './account-menu';
import { LogoDialogButton } from './logo-dialog';
import { TasksBell } from './tasks-bell';

const Bar = styled.header`
  position: sticky;
  inset-block-start: 0;
  z-index: ${({ theme }) => theme.zIndex.topBar};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-block-size: ${({ theme }) => theme.layout.topBarHeight};
  padding-inline: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};
`;

/* Not a heading: each page's own <h1> lives in <main>; this is the running title of the shell. */
const Title = styled.p`
  flex: 1 1 auto;
  min-inline-size: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

interface TopBarProps {
  /** The sidebar toggle (the sidebar feature's), placed at the inline start. */
  sidebarToggle: ReactNode;
  /** The theme switch (the theme feature's). */
  themeSwitch: ReactNode;
}

/** The running title, and the window's: the only part of the bar a navigation renders again. */
function PageTitle() {
  const { pathname } = useLocation();
  const title = titleForPath(pathname);

  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);

  return <Title data-testid="page-title">{title}</Title>;
}

/**
 * docs/shell.md#top-bar-and-theme: sidebar toggle, page title, the open tasks' bell (docs/tasks.md),
 * logo (opens a large-image dialog), account menu, theme.
 */
export function TopBar({ sidebarToggle, themeSwitch }: TopBarProps) {
  return (
    <Bar>
      {sidebarToggle}
      <PageTitle />
      <Actions>
        <TasksBell />
        {themeSwitch}
        <LogoDialogButton />
        <AccountMenu />
      </Actions>
    </Bar>
  );
}
