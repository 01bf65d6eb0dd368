import {
  ROUTES_BY_PAGE_ID,
  titleForPath,
  type PageId,
  type RouteDefinition,
} from 'shared-contracts';

function routeOf(pageId: PageId): RouteDefinition {
  const route = ROUTES_BY_PAGE_ID.get(pageId);
  if (!route) throw new Error(`Unknown page id ${pageId}`);
  return route;
}

/** The header title of a page's route, from the route table (never retyped in a remote). */
export function pageTitle(pageId: PageId): string {
  return titleForPath(routeOf(pageId).path);
}

/** A page header's words, ready for `PageHeader` or `ListPage`. */
export interface PageHeading {
  title: string;
  description: string;
}

/**
 * The fixed header of a page whose route declares one (`header` in the route table): the page
 * draws it and the shell draws the same while the page's section loads (routeHeading), so both
 * must come from here.
 */
export function pageHeader(pageId: PageId): PageHeading {
  const heading = routeHeading(routeOf(pageId));
  if (!heading) throw new Error(`The route of ${pageId} declares no header`);
  return heading;
}

/** A route's declared header, its title defaulting to the route's; undefined without one. */
export function routeHeading(route: RouteDefinition): PageHeading | undefined {
  if (!route.header) return undefined;
  return {
    title: route.header.title ?? titleForPath(route.path),
    description: route.header.description,
  };
}
