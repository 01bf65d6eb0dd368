import {
  countOf,
  declaredPermissionSections,
  PAGE_TITLES,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  pathTo,
  RESOURCES,
  ROUTES,
  SIDEBAR,
  type PageId,
  type ResourceDeclaration,
  type SidebarLink,
} from '../src';
import { ACTIVITY_ENTITY_LABELS, ACTIVITY_FIELD_LABELS, activityEntityLink } from '../src/admin';
import { SERVICES_ACTIVITY_ENTITY_LABELS } from '../src/services/common';
import { FINANCE_ACTIVITY_ENTITY_LABELS } from '../src/finance/activity-labels';
import { SEMINARS_ACTIVITY_ENTITY_LABELS } from '../src/engagement/seminars/activity-labels';
import { SURVEYS_ACTIVITY_ENTITY_LABELS } from '../src/engagement/surveys/activity-labels';
import { REPORTS_ACTIVITY_ENTITY_LABELS } from '../src/reports/report-archives';

const declarations: readonly ResourceDeclaration[] = RESOURCES;
const sidebarLinks: SidebarLink[] = SIDEBAR.flatMap((entry) =>
  entry.kind === 'link' ? [entry] : [...entry.links],
);

describe('resource declarations', () => {
  test('names and orders are unique, and the list is in order', () => {
    const names = declarations.map((resource) => resource.name);
    const orders = declarations.map((resource) => resource.order);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(orders).size).toBe(orders.length);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
  });

  describe.each(declarations.map((resource) => [resource.name, resource] as const))(
    '%s',
    (_, resource) => {
      test('its permission keys are in the permission list, with their Arabic meaning', () => {
        for (const [key, meaning] of Object.entries(resource.permissions.keys)) {
          expect(PERMISSION_KEYS).toContain(key);
          expect(PERMISSION_LABELS[key as keyof typeof PERMISSION_LABELS]).toBe(meaning);
          expect(meaning).toMatch(/[\u0600-\u06FF]/);
        }
      });

      test('its keys are in one checklist section, the one it names', () => {
        const sections = declaredPermissionSections();
        for (const key of Object.keys(resource.permissions.keys)) {
          const holding = sections.filter((section) =>
            (section.keys as readonly string[]).includes(key),
          );
          expect(holding.map((section) => section.title)).toEqual([resource.permissions.section]);
        }
      });

      test('its routes are in the route table, with titles and sidebar links', () => {
        // Only a resource without keys of its own may have no page: its records are shown on other
        // resources' pages (documents, on their family's, service's or financial record's).
        if (Object.keys(resource.permissions.keys).length > 0)
          expect(resource.routes.length).toBeGreaterThan(0);
        for (const route of resource.routes) {
          expect(ROUTES).toContainEqual(route);
          expect(route.owner).toBe(resource.owner);
          for (const key of route.permissions) expect(PERMISSION_KEYS).toContain(key);
          if (route.title) expect(Object.values(PAGE_TITLES)).toContain(route.title);
          if (route.sidebar) {
            expect(sidebarLinks).toContainEqual(
              expect.objectContaining({
                path: route.path,
                label: route.sidebar.label,
                icon: route.sidebar.icon,
              }),
            );
          }
        }
      });

      test('its activity entity types have their Arabic name and link to their page', () => {
        for (const [entityType, entity] of Object.entries(resource.activity)) {
          expect(ACTIVITY_ENTITY_LABELS[entityType]).toBe(entity.label);
          const link = activityEntityLink(entityType, '7');
          if (!entity.link) {
            expect(link).toBeUndefined();
            continue;
          }
          const pageId = entity.link.pageId as PageId;
          expect(link).toEqual({
            pageId,
            path: entity.link.withId ? pathTo(pageId, { id: 7 }) : pathTo(pageId),
          });
        }
      });

      test('its activity entity types name their fields, and the log reads those tables', () => {
        for (const [entityType, entity] of Object.entries(resource.activity)) {
          const fields = entity.fields ?? resource.fields;
          expect(fields).toBeDefined();
          expect(ACTIVITY_FIELD_LABELS[entityType]).toBe(fields);
          for (const label of Object.values(fields ?? {})) expect(label).toMatch(/[\u0600-\u06FF]/);
        }
      });

      test('its noun counts its records', () => {
        if (!resource.noun) return;
        expect(countOf(1, resource.noun)).toContain(resource.noun.one);
        expect(countOf(5, resource.noun)).toBe(`5 ${resource.noun.few}`);
      });

      test('a conventional resource has the four standard pages', () => {
        if (resource.pages !== 'conventional') return;
        const pageIds = resource.routes.map((route) => route.pageId);
        expect(pageIds).toEqual(
          expect.arrayContaining(
            ['list', 'create', 'edit', 'show'].map((page) => `${resource.name}.${page}`),
          ),
        );
      });
    },
  );

  test('every permission key, checklist key and route belongs to a declaration', () => {
    const declaredKeys = declarations.flatMap((resource) => Object.keys(resource.permissions.keys));
    expect([...PERMISSION_KEYS]).toEqual(declaredKeys);
    expect(
      declaredPermissionSections()
        .flatMap((section) => section.keys)
        .sort(),
    ).toEqual([...declaredKeys].sort());
    const declaredPages = new Set(
      declarations.flatMap((resource) => resource.routes.map((route) => route.pageId)),
    );
    const others = ROUTES.filter((route) => !declaredPages.has(route.pageId));
    expect(others.every((route) => route.owner === 'host')).toBe(true);
  });

  test('every entity type a domain writes is declared', () => {
    const domains = {
      ...SERVICES_ACTIVITY_ENTITY_LABELS,
      ...FINANCE_ACTIVITY_ENTITY_LABELS,
      ...SEMINARS_ACTIVITY_ENTITY_LABELS,
      ...SURVEYS_ACTIVITY_ENTITY_LABELS,
      ...REPORTS_ACTIVITY_ENTITY_LABELS,
    };
    for (const [entityType, label] of Object.entries(domains)) {
      expect(ACTIVITY_ENTITY_LABELS[entityType]).toBe(label);
    }
  });
});
