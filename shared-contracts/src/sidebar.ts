import { isSuperAdmin, type AccessSubject } from './access';
import type { PermissionKey } from './permissions';
import {
  ROUTES,
  SIDEBAR_GROUPS,
  type RouteDefinition,
  type SidebarGroupId,
  type SidebarIcon,
} from './routes';

export type { SidebarIcon } from './routes';

/**
 * The sidebar table of docs/shell.md#screens-and-routes, derived from the route table's `sidebar`
 * placements: a link's visibility is its route's own access rule (plus "hidden while held"), never
 * restated. The host, its tests and the e2e suite read the same rules. A group shows when one of
 * its links does.
 */
export interface SidebarVisibility {
  /** every one of these keys is held */
  all?: readonly PermissionKey[];
  /** none of these keys is held (the two "show_services missing and … held" rows) */
  none?: readonly PermissionKey[];
  superAdmin?: true;
}

export interface SidebarLink {
  kind: 'link';
  path: string;
  label: string;
  icon: SidebarIcon;
  visible: SidebarVisibility;
}
export interface SidebarGroup {
  kind: 'group';
  id: string;
  label: string;
  icon: SidebarIcon;
  links: readonly SidebarLink[];
}
export type SidebarEntry = SidebarLink | SidebarGroup;

/**
 * The route table's sidebar placements as the sidebar table (docs/shell.md#screens-and-routes):
 * links in order, groups in place.
 */
function buildSidebar(): SidebarEntry[] {
  const placed = (ROUTES as readonly RouteDefinition[])
    .flatMap((route) => (route.sidebar ? [{ route, placement: route.sidebar }] : []))
    .sort((a, b) => a.placement.order - b.placement.order);
  const entries: SidebarEntry[] = [];
  const groups = new Map<SidebarGroupId, SidebarLink[]>();
  for (const { route, placement } of placed) {
    const item: SidebarLink = {
      kind: 'link',
      path: route.path,
      label: placement.label,
      icon: placement.icon,
      visible: {
        ...(route.permissions.length > 0 ? { all: route.permissions } : {}),
        ...(placement.hiddenWhenHeld ? { none: placement.hiddenWhenHeld } : {}),
        ...(route.superAdminOnly ? { superAdmin: true as const } : {}),
      },
    };
    if (!placement.group) {
      entries.push(item);
      continue;
    }
    const links = groups.get(placement.group);
    if (links) {
      links.push(item);
      continue;
    }
    const groupLinks = [item];
    groups.set(placement.group, groupLinks);
    entries.push({
      kind: 'group',
      id: placement.group,
      ...SIDEBAR_GROUPS[placement.group],
      links: groupLinks,
    });
  }
  return entries;
}

export const SIDEBAR: readonly SidebarEntry[] = buildSidebar();

export function isSidebarLinkVisible(subject: AccessSubject, rule: SidebarVisibility): boolean {
  if (!subject.active) return false;
  if (rule.superAdmin && !isSuperAdmin(subject)) return false;
  if (rule.all && !rule.all.every((key) => subject.permissions.includes(key))) return false;
  if (rule.none && rule.none.some((key) => subject.permissions.includes(key))) return false;
  return true;
}

/** The sidebar as one subject sees it: hidden links removed, empty groups dropped. */
export function visibleSidebar(subject: AccessSubject): SidebarEntry[] {
  const result: SidebarEntry[] = [];
  for (const entry of SIDEBAR) {
    if (entry.kind === 'link') {
      if (isSidebarLinkVisible(subject, entry.visible)) result.push(entry);
      continue;
    }
    const links = entry.links.filter((item) => isSidebarLinkVisible(subject, item.visible));
    if (links.length > 0) result.push({ ...entry, links });
  }
  return result;
}

/** A group opens by itself when the current path is one of its pages (or beneath one). */
export function groupContainsPath(group: SidebarGroup, pathname: string): boolean {
  return group.links.some((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));
}
