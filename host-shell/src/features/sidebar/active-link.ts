import { groupContainsPath, normalisePath, type SidebarEntry } from 'shared-contracts';

/**
 * The one link to highlight: the longest visible link that is the path or a parent of it, so
 * /families/show/7 lights up الأسر and /families/members lights up أفراد الأسر only.
 */
export function activeLinkPath(entries: readonly SidebarEntry[], pathname: string): string | null {
  const path = normalisePath(pathname);
  let best: string | null = null;
  for (const entry of entries) {
    const links = entry.kind === 'link' ? [entry] : entry.links;
    for (const item of links) {
      const matches = path === item.path || path.startsWith(`${item.path}/`);
      if (matches && (best === null || item.path.length > best.length)) best = item.path;
    }
  }
  return best;
}

/**
 * Ids of the groups that hold the current page (docs/shell.md#screens-and-routes: they open by
 * themselves).
 */
export function groupsForPath(entries: readonly SidebarEntry[], pathname: string): string[] {
  const path = normalisePath(pathname);
  return entries.flatMap((entry) =>
    entry.kind === 'group' && groupContainsPath(entry, path) ? [entry.id] : [],
  );
}
