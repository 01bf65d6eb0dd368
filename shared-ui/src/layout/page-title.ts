import { ROUTES_BY_PAGE_ID, titleForPath, type PageId } from 'shared-contracts';

/** The header title of a page's route, from the route table (never retyped in a remote). */
export function pageTitle(pageId: PageId): string {
  const route = ROUTES_BY_PAGE_ID.get(pageId);
  if (!route) throw new Error(`Unknown page id ${pageId}`);
  return titleForPath(route.path);
}

/** A page header's words, ready for `PageHeader` or `ListPage`. */
export interface PageHeading {
  title: string;
  description: string;
}

/**
 * The header a page's route declares (`header` in the route table), its title defaulting to the
 * route's; undefined for a page without one. The shell draws it while the page's section loads.
 */
export function declaredPageHeader(pageId: string): PageHeading | undefined {
  const route = ROUTES_BY_PAGE_ID.get(pageId);
  if (!route?.header) return undefined;
  return {
    title: route.header.title ?? titleForPath(route.path),
    description: route.header.description,
  };
}

/**
 * The fixed header of a page whose route declares one: the page draws it, and the shell draws the
 * same while the page's section loads (declaredPageHeader), so both come from the route table.
 */
export function pageHeader(pageId: PageId): PageHeading {
  const heading = declaredPageHeader(pageId);
  if (!heading) throw new Error(`The route of ${pageId} declares no header`);
  return heading;
}
