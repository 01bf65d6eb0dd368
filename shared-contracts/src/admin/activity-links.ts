import { pathTo, type PageId } from '../routes';
import { DECLARED_ACTIVITY_ENTITIES, type DeclaredLinkPageId } from '../resources';

/** Compile-time check that every declared record link names a page of the route table. */
const routePageOf = (pageId: DeclaredLinkPageId): PageId => pageId;

/**
 * The page that shows each entity type of the activity log (route table page ids; `:id` filled
 * with the row's entity id), from the resource declarations' record links. Entity types without a
 * page of their own get no link. `routePageOf` makes a link to a page the route table does not have a
 * compile error.
 */
const ENTITY_PAGES: Readonly<Record<string, { pageId: PageId; withId: boolean }>> =
  Object.fromEntries(
    DECLARED_ACTIVITY_ENTITIES.flatMap(({ entityType, link }) =>
      link
        ? [
            [
              entityType,
              { pageId: routePageOf(link.pageId as DeclaredLinkPageId), withId: link.withId },
            ],
          ]
        : [],
    ),
  );

/** The link of an activity row's record: page id and path, or `undefined` when it has none. */
export function activityEntityLink(
  entityType: string | null,
  entityId: string | null,
): { pageId: PageId; path: string } | undefined {
  if (!entityType || !Object.hasOwn(ENTITY_PAGES, entityType)) return undefined;
  const page = ENTITY_PAGES[entityType];
  if (!page) return undefined;
  if (!page.withId) return { pageId: page.pageId, path: pathTo(page.pageId) };
  if (!entityId || !/^\d+$/.test(entityId)) return undefined;
  return { pageId: page.pageId, path: pathTo(page.pageId, { id: entityId }) };
}
