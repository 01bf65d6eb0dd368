import {
  activityFieldsOf,
  type ResourceActivityEntity,
  type ResourceDeclaration,
  type ResourceRecordLink,
} from '../core/resource';
import * as REGISTRY from './registry';

/** Every registered declaration's type (a union: the derived lists keep their literal types). */
export type RegisteredResource = (typeof REGISTRY)[keyof typeof REGISTRY];

/** The registered resources in their `order` (permission keys, route records, checklist sections). */
export const RESOURCES: readonly RegisteredResource[] = (
  Object.values(REGISTRY) as RegisteredResource[]
).sort((a, b) => a.order - b.order);

/** The same list, read through the declaration shape (no literal types needed). */
const DECLARATIONS: readonly ResourceDeclaration[] = RESOURCES;

type KeysOf<R> = R extends { readonly permissions: { readonly keys: infer K } }
  ? Extract<keyof K, string>
  : never;
type RoutesOf<R> = R extends { readonly routes: readonly (infer T)[] } ? T : never;
type IconsOf<R> = R extends { readonly sidebar?: infer S }
  ? S extends { readonly icon: infer I extends string }
    ? I
    : never
  : never;

/** The permission keys the declarations name. */
export type DeclaredPermissionKey = KeysOf<RegisteredResource>;
/** The route records the declarations hold, with their literal page ids, paths and owners. */
export type DeclaredRoute = RoutesOf<RegisteredResource>;
/** The sidebar icons the declarations' pages use. */
export type DeclaredSidebarIcon = IconsOf<DeclaredRoute>;

type LinkPageIdsOf<R> = R extends { readonly activity: infer A }
  ? {
      [K in keyof A]: A[K] extends { readonly link: { readonly pageId: infer P } } ? P : never;
    }[keyof A]
  : never;
/** The page ids the declarations' activity entities link to (checked against the route table). */
export type DeclaredLinkPageId = LinkPageIdsOf<RegisteredResource>;

/** The permission keys in resource order, each with its Arabic meaning. */
export const DECLARED_PERMISSIONS: ReadonlyArray<readonly [DeclaredPermissionKey, string]> =
  DECLARATIONS.flatMap(
    (resource) => Object.entries(resource.permissions.keys) as [DeclaredPermissionKey, string][],
  );

/** The route records in resource order. */
export const DECLARED_ROUTES: readonly DeclaredRoute[] = DECLARATIONS.flatMap(
  (resource) => resource.routes as readonly DeclaredRoute[],
);

/**
 * The administrators' checklist sections: resources naming the same section share it, in the
 * order of the first resource naming it; sections without keys are dropped.
 */
export function declaredPermissionSections(): { title: string; keys: DeclaredPermissionKey[] }[] {
  const sections = new Map<string, DeclaredPermissionKey[]>();
  for (const [key, resource] of DECLARATIONS.flatMap((r) =>
    Object.keys(r.permissions.keys).map((k) => [k as DeclaredPermissionKey, r] as const),
  )) {
    const keys = sections.get(resource.permissions.section) ?? [];
    keys.push(key);
    sections.set(resource.permissions.section, keys);
  }
  return [...sections].map(([title, keys]) => ({ title, keys }));
}

/**
 * Each activity-log entity type the declarations write, with its Arabic name, its link and its
 * field labels (the one table of them: `admin/activity-format.ts` reads it), and its resource.
 */
export const DECLARED_ACTIVITY_ENTITIES: ReadonlyArray<{
  readonly entityType: string;
  readonly label: string;
  readonly link: ResourceRecordLink | null;
  readonly fields: Readonly<Record<string, string>> | undefined;
  readonly resource: ResourceDeclaration;
}> = DECLARATIONS.flatMap((resource) =>
  Object.entries(resource.activity).map(
    ([entityType, entity]: [string, ResourceActivityEntity]) => ({
      entityType,
      label: entity.label,
      link: entity.link,
      // Its own field names, else its record's.
      fields: activityFieldsOf(resource, entity),
      resource,
    }),
  ),
);

/** The page ids of a remote's conventional resources (mapped by shared-ui `declaredResourcePages`). */
export type ConventionalPageIdOf<O extends string> = RegisteredResource extends infer R
  ? R extends {
      readonly owner: O;
      readonly pages: 'conventional';
      readonly name: infer N extends string;
    }
    ? `${N}.list` | `${N}.create` | `${N}.edit` | `${N}.show`
    : never
  : never;

/** The names of a remote's conventional resources. */
export function conventionalResourcesOf(owner: string): string[] {
  return DECLARATIONS.filter(
    (resource) => resource.owner === owner && resource.pages === 'conventional',
  ).map((resource) => resource.name);
}
