import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type Ref,
} from 'react';
import { useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { visibleSidebar, type SidebarGroup, type SidebarLink } from 'shared-contracts';
import { Icon, Tooltip, TooltipProvider, VisuallyHidden, useFollowAppLink } from 'shared-ui';
import { useCurrentEmployee } from '../../../lib/session/current-employee';
import { activeLinkPath, groupsForPath } from '../active-link';
import { useSidebar } from './sidebar-provider';

export const MAIN_NAV_LABEL = 'القائمة الرئيسية';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const SubList = styled(List)`
  margin-block-start: ${({ theme }) => theme.space.xxs};
  padding-inline-start: ${({ theme }) => theme.space.md};

  /* display: flex above would otherwise beat the hidden attribute. */
  &[hidden] {
    display: none;
  }
`;

const itemStyles = css<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  inline-size: 100%;
  min-block-size: 2.25rem;
  padding-block: ${({ theme }) => theme.space.xs};
  padding-inline: ${({ theme, $collapsed }) => ($collapsed ? '0' : theme.space.sm)};
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'flex-start')};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.sidebar.fg};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: start;
  text-decoration: none;
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.motion.fast} ease;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }

  svg {
    flex-shrink: 0;
  }
`;

// A plain anchor, not react-router's Link: a Link reads the location, so all of the sidebar's
// links rendered again on every navigation. Plain clicks are routed by `followLink`; other
// clicks (a new tab, a new window) are the browser's own, as they are for a Link.
const ItemLink = styled.a<{ $collapsed: boolean }>`
  ${itemStyles}

  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.sidebar.activeBg};
    color: ${({ theme }) => theme.colors.sidebar.activeFg};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
  }
`;

const GroupButton = styled.button<{ $collapsed: boolean; $holdsActive: boolean }>`
  ${itemStyles}
  ${({ $holdsActive, $collapsed, theme }) =>
    $holdsActive && $collapsed
      ? css`
          background: ${theme.colors.sidebar.activeBg};
          color: ${theme.colors.sidebar.activeFg};
        `
      : ''}
`;

const Label = styled.span`
  flex: 1 1 auto;
  min-inline-size: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/** A click on a link, with the path it leads to. */
type FollowLink = (event: MouseEvent<HTMLAnchorElement>, path: string) => void;

interface NavItemProps {
  link: SidebarLink;
  active: boolean;
  collapsed: boolean;
  activeRef: Ref<HTMLAnchorElement>;
  onNavigate: FollowLink;
}

// Memoised, with stable callbacks from SidebarNav: a navigation renders again only the two
// links whose active state changes.
const NavItem = memo(function NavItem({
  link,
  active,
  collapsed,
  activeRef,
  onNavigate,
}: NavItemProps) {
  const { onLinkIntent } = useSidebar();
  // Hover, keyboard focus or a touch start the page loading before the click arrives.
  const intent = () => onLinkIntent(link.path);
  return (
    <li>
      <Tooltip content={link.label} side="left" disabled={!collapsed}>
        <ItemLink
          href={link.path}
          ref={active ? activeRef : undefined}
          aria-current={active ? 'page' : undefined}
          onClick={(event) => onNavigate(event, link.path)}
          onMouseEnter={intent}
          onFocus={intent}
          onPointerDown={intent}
          $collapsed={collapsed}
        >
          <Icon name={link.icon} size={18} />
          {collapsed ? <VisuallyHidden>{link.label}</VisuallyHidden> : <Label>{link.label}</Label>}
        </ItemLink>
      </Tooltip>
    </li>
  );
});

interface NavGroupProps {
  group: SidebarGroup;
  open: boolean;
  collapsed: boolean;
  activePath: string | null;
  activeRef: Ref<HTMLAnchorElement>;
  onToggle: (id: string) => void;
  onNavigate: FollowLink;
}

const NavGroup = memo(function NavGroup({
  group,
  open,
  collapsed,
  activePath,
  activeRef,
  onToggle,
  onNavigate,
}: NavGroupProps) {
  const listId = useId();
  const holdsActive = group.links.some((item) => item.path === activePath);
  const showLinks = open && !collapsed;
  return (
    <li>
      <Tooltip content={group.label} side="left" disabled={!collapsed}>
        <GroupButton
          type="button"
          aria-expanded={showLinks}
          aria-controls={listId}
          onClick={() => onToggle(group.id)}
          $collapsed={collapsed}
          $holdsActive={holdsActive}
        >
          <Icon name={group.icon} size={18} />
          {collapsed ? (
            <VisuallyHidden>{group.label}</VisuallyHidden>
          ) : (
            <>
              <Label>{group.label}</Label>
              <Icon name={open ? 'chevron-up' : 'chevron-down'} size={16} />
            </>
          )}
        </GroupButton>
      </Tooltip>
      <SubList id={listId} hidden={!showLinks}>
        {group.links.map((item) => (
          <NavItem
            key={item.path}
            link={item}
            active={item.path === activePath}
            collapsed={false}
            activeRef={activeRef}
            onNavigate={onNavigate}
          />
        ))}
      </SubList>
    </li>
  );
});

interface SidebarNavProps {
  /**
   * icon mode: icons only, labels in tooltips (opening at once: delay 0, docs/shell.md#constants)
   */
  collapsed: boolean;
  /** A link was chosen (the slide-over closes). */
  onNavigate: () => void;
  /** A group was clicked in icon mode: the sidebar expands so its links can show. */
  onExpandRequest: () => void;
}

/**
 * The links of the docs/shell.md#screens-and-routes sidebar table that this employee may see, built
 * from shared-contracts.
 */
export function SidebarNav({ collapsed, onNavigate, onExpandRequest }: SidebarNavProps) {
  const employee = useCurrentEmployee();
  const { pathname } = useLocation();
  const followAppLink = useFollowAppLink();
  if (!followAppLink) throw new Error("SidebarNav is rendered inside the shell's AppLinkProvider");
  const entries = useMemo(() => visibleSidebar(employee), [employee]);
  const activePath = activeLinkPath(entries, pathname);
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(
    () => new Set(groupsForPath(entries, pathname)),
  );
  const activeRef = useRef<HTMLAnchorElement>(null);

  // A group opens by itself when navigation lands on one of its pages; the employee's own
  // toggles of the other groups are kept. (Adjusted while rendering, as React recommends for
  // state that follows a prop, rather than in an effect.)
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    const holding = groupsForPath(entries, pathname);
    if (holding.some((id) => !openGroups.has(id)))
      setOpenGroups(new Set([...openGroups, ...holding]));
  }

  // The active link is brought into view once the new page has been painted: asked for in the
  // commit, the link's place forced the layout of the whole new page inside the click's task
  // (about a third of a warm /families visit), and the frame then laid it out again.
  // (jsdom has no scrollIntoView; browsers do.)
  useEffect(() => {
    const link = activeRef.current;
    if (!link?.scrollIntoView) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => link.scrollIntoView({ block: 'nearest' }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [activePath, collapsed]);

  // A plain click renders the next page in the click's own task (flushSync), not as a transition:
  // after a click Chromium renders a frame before it runs other tasks (about a frame's wait), and
  // a transition then yields every 5 ms, so a list page showed three or four frames after the
  // click instead of one. Sections load outside the render (RemotePage), so nothing suspends
  // here and the old page is never swapped for a fallback. Other clicks (a new tab, a new
  // window) stay the link's own.
  // The callbacks through a ref, so followLink and toggleGroup stay the same functions and the
  // memoised items are not rendered again for them. The shell's AppLinkProvider routes the click
  // (the same address again replaces the history entry, as a link would).
  const latest = useRef({ collapsed, onNavigate, onExpandRequest });
  useLayoutEffect(() => {
    latest.current = { collapsed, onNavigate, onExpandRequest };
  });

  const followLink = useCallback<FollowLink>(
    (event, path) => {
      latest.current.onNavigate();
      followAppLink(event, path, { flushSync: true });
    },
    [followAppLink],
  );

  const toggleGroup = useCallback((id: string) => {
    if (latest.current.collapsed) {
      latest.current.onExpandRequest();
      setOpenGroups((previous) => new Set([...previous, id]));
      return;
    }
    setOpenGroups((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  return (
    <TooltipProvider delayDuration={0}>
      <nav aria-label={MAIN_NAV_LABEL}>
        <List>
          {entries.map((entry) =>
            entry.kind === 'link' ? (
              <NavItem
                key={entry.path}
                link={entry}
                active={entry.path === activePath}
                collapsed={collapsed}
                activeRef={activeRef}
                onNavigate={followLink}
              />
            ) : (
              <NavGroup
                key={entry.id}
                group={entry}
                open={openGroups.has(entry.id)}
                collapsed={collapsed}
                activePath={activePath}
                activeRef={activeRef}
                onToggle={toggleGroup}
                onNavigate={followLink}
              />
            ),
          )}
        </List>
      </nav>
    </TooltipProvider>
  );
}
