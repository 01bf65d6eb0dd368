import { normalisePath, ROUTES, type RouteDefinition } from './routes';

/**
 * The header's title table (docs/shell.md#screens-and-routes "Page title"), derived from the route
 * table's titles: the longest matching prefix wins, matched on whole path segments so
 * `/families/members` beats `/families` and `/familiesx` matches nothing.
 */
/** The title table's key of a route: its path up to the first `:param` segment. */
export function titlePrefixOf(path: string): string {
  const index = path.indexOf('/:');
  return index === -1 ? path : path.slice(0, index);
}

export const PAGE_TITLES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    (ROUTES as readonly RouteDefinition[]).flatMap((route) =>
      route.title ? [[titlePrefixOf(route.path), route.title]] : [],
    ),
  ),
};

export const UNKNOWN_PAGE_TITLE = 'صفحة غير معروفة';

export function titleForPath(pathname: string): string {
  const path = normalisePath(pathname);
  let best: string | undefined;
  for (const prefix of Object.keys(PAGE_TITLES)) {
    const matches = path === prefix || path.startsWith(`${prefix}/`);
    if (matches && (best === undefined || prefix.length > best.length)) best = prefix;
  }
  return best === undefined ? UNKNOWN_PAGE_TITLE : (PAGE_TITLES[best] ?? UNKNOWN_PAGE_TITLE);
}
