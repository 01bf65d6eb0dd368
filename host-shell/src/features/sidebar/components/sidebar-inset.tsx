import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useSidebar } from './sidebar-provider';

const Inset = styled.div<{ $offset: 'none' | 'expanded' | 'icon' }>`
  display: flex;
  flex-direction: column;
  min-block-size: 100vh;
  min-inline-size: 0;
  /*
   * docs/shell.md#screens-and-routes: the open sidebar narrows the main area by its own width
   * (16rem, or 3rem icons).
   */
  margin-inline-start: ${({ theme, $offset }) =>
    $offset === 'expanded'
      ? theme.layout.sidebarWidth
      : $offset === 'icon'
        ? theme.layout.sidebarWidthIcon
        : '0'};
  transition: margin-inline-start 0.2s ease;
`;

/** Everything beside the sidebar: top bar, notices and the main area. */
export function SidebarInset({ children }: { children: ReactNode }) {
  const { isMobile, expanded } = useSidebar();
  return <Inset $offset={isMobile ? 'none' : expanded ? 'expanded' : 'icon'}>{children}</Inset>;
}
