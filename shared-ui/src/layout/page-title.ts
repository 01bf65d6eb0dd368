import { ROUTES_BY_PAGE_ID, titleForPath, type PageId } from 'shared-contracts';

/** The header title of a page's route, from the route table (never retyped in a remote). */
export function pageTitle(pageId: PageId): string {
  const route = ROUTES_BY_PAGE_ID.get(pageId);
  if (!route) throw new Error(`Unknown page id ${pageId}`);
  return titleForPath(route.path);
}
