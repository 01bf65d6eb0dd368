import type { ArabicNoun } from './plural';
import type { RemoteName } from '../remotes';

/** A page header's words: its title (the route's `title` when left out) and the line under it. */
export interface PageHeaderText {
  readonly title?: string;
  readonly description: string;
}

/**
 * One declaration per resource (docs/architecture.md#shared-contracts): its names, permission
 * keys, pages, sidebar entry and activity-log entity types in one record. The permission list,
 * the administrators' checklist, the route table, the sidebar, the icon set and the activity
 * log's names and links are all derived from the registered declarations
 * (`resources/registry.ts`), so a resource is added in one place and cannot be half-registered.
 *
 * The shapes here are deliberately loose (`string` keys, `string` page ids): the lists derived
 * from the declarations (`PermissionKey`, `PageId`, `SidebarIcon`) are what checks them, where
 * they are used — the route table `satisfies RouteDefinition[]` (a route needing an undeclared key
 * or a sidebar group that does not exist fails there), and an activity link to a page that is not
 * in the route table fails in `admin/activity-links.ts`. Typing a declaration by the lists derived
 * from it would make the types circular.
 */

/** Where a route appears in the sidebar (the route table's `SidebarPlacement`, loosely typed). */
export interface ResourceSidebarPlacement {
  readonly label: string;
  /** An icon shared-ui draws (`ICON_PATHS`): a new name is a compile error there until drawn. */
  readonly icon: string;
  readonly group?: string;
  readonly order: number;
  readonly hiddenWhenHeld?: readonly string[];
}

/** One record of the route table (its `RouteDefinition`, loosely typed). */
export interface ResourceRoute {
  readonly pageId: string;
  readonly path: string;
  readonly permissions: readonly string[];
  readonly superAdminOnly?: boolean;
  readonly owner: RemoteName | 'host';
  readonly title?: string;
  readonly sidebar?: ResourceSidebarPlacement;
}

/** The page an activity row about this entity type links to (`withId`: `:id` is the row's entity id). */
export interface ResourceRecordLink {
  readonly pageId: string;
  readonly withId: boolean;
}

/** One activity-log entity type a resource writes: its Arabic name and the page that shows it. */
export interface ResourceActivityEntity {
  readonly label: string;
  /** `null`: the entity has no page of its own (its rows get no link). */
  readonly link: ResourceRecordLink | null;
  /**
   * The Arabic names of the fields its rows record (`changes`), the only table of them (the
   * activity page and the family timeline read it through `admin/activity-format.ts`). Absent:
   * its rows record the resource's own record, labelled by the resource's `fields`.
   */
  readonly fields?: Readonly<Record<string, string>>;
}

/**
 * The Arabic names of what an export's activity row records (api-server `exportLogChanges`): the
 * list's filters with its search, sort and order, the row count and the file format. An entity
 * whose list exports spreads them into its `fields`.
 */
export const EXPORT_ACTIVITY_FIELDS = {
  filters: 'عوامل التصفية',
  rows: 'عدد الصفوف',
  format: 'صيغة الملف',
  search: 'البحث',
  sort: 'الترتيب حسب',
  order: 'اتجاه الترتيب',
} as const satisfies Record<string, string>;

export interface ResourceDeclaration {
  /**
   * The resource's one internal name, the same as its API module's and its remote feature
   * folder's (docs/names.md). For `pages: 'conventional'` it is also the page-id prefix and the
   * page files' name; a `listed` resource's page ids are in its `routes` and may keep an older
   * spelling (`orgs.list` for `organisations`), because page ids are a contract between
   * separately deployed builds and are never renamed.
   */
  readonly name: string;
  /**
   * Its place among resources: the order of its permission keys, of its records in the route
   * table and of its checklist section (the sidebar has its own `order` per link).
   */
  readonly order: number;
  /**
   * Singular, dual, plural and gender for `countOf` (core/plural.ts); `null` for a page that
   * counts no records (the dashboard, a settings page).
   */
  readonly noun: ArabicNoun | null;
  readonly owner: RemoteName;
  /** Its permission keys with their Arabic meaning, and the checklist section they appear in. */
  readonly permissions: {
    /** The title of the administrators' checklist section (resources may share one). */
    readonly section: string;
    readonly keys: Readonly<Record<string, string>>;
  };
  /** Its records of the route table, sidebar placements included. */
  readonly routes: readonly ResourceRoute[];
  /**
   * `conventional`: its remote maps `<name>.list/.create/.edit/.show` to
   * `features/<name>/pages/<name>-{list,form,show}-page` by itself (shared-ui `declaredResourcePages`);
   * `listed`: the remote's `pages.ts` names each page.
   */
  readonly pages: 'conventional' | 'listed';
  /** The activity-log entity types it writes. */
  readonly activity: Readonly<Record<string, ResourceActivityEntity>>;
  /**
   * The Arabic labels of its main record's fields: its forms and show page, and the activity rows
   * of its entity types that name no `fields` of their own. Absent only for a resource without a
   * record of its own to label: a page of figures (the dashboard), the activity log (it labels
   * what its export records on its entity type) and the releases page.
   */
  readonly fields?: Readonly<Record<string, string>>;
}

/** The field labels of one of a resource's activity entity types: its own, else its record's. */
export function activityFieldsOf(
  resource: Pick<ResourceDeclaration, 'fields'>,
  entity: ResourceActivityEntity,
): Readonly<Record<string, string>> | undefined {
  return entity.fields ?? resource.fields;
}

/** Declares a resource (a typed identity keeping literal types, so the derived unions are exact). */
export function defineResource<const R extends ResourceDeclaration>(resource: R): R {
  return resource;
}

/** Who may open each page of a standard resource: list and show pages take `show`. */
export interface StandardResourceKeys<K extends string = string> {
  readonly show: K;
  readonly create: K;
  readonly edit: K;
}

/** A route record whose page id, path, keys and owner stay literal types (the page maps are typed by them). */
export interface StandardRoute<
  I extends string,
  Path extends string,
  O extends RemoteName,
  K extends string,
> {
  readonly pageId: I;
  readonly path: Path;
  readonly permissions: readonly [K];
  readonly owner: O;
}

/**
 * The four pages of a resource: `<prefix>.list` at `path` (with the resource's title and sidebar
 * placement), `.create` at `path/create`, `.edit` at `path/edit/:id` and `.show` at
 * `path/show/:id` (the shell's URL shape). The route table's `resourceRoutes` is this function.
 */
export function standardRoutes<
  const P extends string,
  const B extends string,
  const O extends RemoteName,
  const K extends string,
  const S extends ResourceSidebarPlacement | undefined = undefined,
>(resource: {
  readonly pageIdPrefix: P;
  readonly path: B;
  readonly owner: O;
  readonly keys: StandardResourceKeys<K>;
  readonly title: string;
  /** The list page's fixed header (RouteDefinition.header). */
  readonly header?: PageHeaderText;
  readonly sidebar?: S;
}): readonly [
  StandardRoute<`${P}.list`, B, O, K> & {
    readonly title: string;
    readonly header?: PageHeaderText;
    readonly sidebar?: S;
  },
  StandardRoute<`${P}.create`, `${B}/create`, O, K>,
  StandardRoute<`${P}.edit`, `${B}/edit/:id`, O, K>,
  StandardRoute<`${P}.show`, `${B}/show/:id`, O, K>,
] {
  const { pageIdPrefix: prefix, path, owner, keys, title, header, sidebar } = resource;
  return [
    {
      pageId: `${prefix}.list`,
      path,
      permissions: [keys.show],
      owner,
      title,
      ...(header ? { header } : {}),
      ...(sidebar ? { sidebar } : {}),
    },
    { pageId: `${prefix}.create`, path: `${path}/create`, permissions: [keys.create], owner },
    { pageId: `${prefix}.edit`, path: `${path}/edit/:id`, permissions: [keys.edit], owner },
    { pageId: `${prefix}.show`, path: `${path}/show/:id`, permissions: [keys.show], owner },
  ];
}
