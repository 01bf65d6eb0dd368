import { pathTo, type PageId } from '../routes';

/**
 * The page that shows each entity type of the activity log (route table page ids; `:id` filled
 * with the row's entity id). Entity types without a page of their own get no link.
 */
const ENTITY_PAGES: Readonly<Record<string, { pageId: PageId; withId: boolean }>> = {
  family: { pageId: 'families.show', withId: true },
  organisation: { pageId: 'orgs.show', withId: true },
  season: { pageId: 'seasons.show', withId: true },
  service: { pageId: 'services.show', withId: true },
  financial_record: { pageId: 'financial.show', withId: true },
  financial_category: { pageId: 'financial.categories', withId: false },
  seminar: { pageId: 'seminars.show', withId: true },
  seminar_type: { pageId: 'seminars.types', withId: false },
  survey: { pageId: 'surveys.show', withId: true },
  survey_template: { pageId: 'surveys.templates.edit', withId: true },
  survey_response: { pageId: 'surveys.rates.show', withId: true },
  survey_type: { pageId: 'surveys.types', withId: false },
  permission_group: { pageId: 'permissions.edit', withId: true },
  calorie_settings: { pageId: 'calories', withId: false },
};

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
