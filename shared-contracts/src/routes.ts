import type { PermissionKey } from './permissions';
import type { RemoteName } from './remotes';
import { standardRoutes, type PageHeaderText } from './core/resource';
import { DECLARED_ROUTES, type DeclaredSidebarIcon } from './resources';

/**
 * The sidebar groups (docs/shell.md#screens-and-routes); a group shows when one of its links does.
 */
export const SIDEBAR_GROUPS = {
  beneficiaries: { label: 'المستفيدون', icon: 'beneficiaries' },
  reports: { label: 'التقارير', icon: 'reports' },
  settings: { label: 'الإعدادات', icon: 'settings' },
} as const satisfies Record<string, { label: string; icon: string }>;
export type SidebarGroupId = keyof typeof SIDEBAR_GROUPS;

/**
 * The sidebar's icons: those the resource declarations' pages use and the groups' own. Derived,
 * so shared-ui's `ICON_PATHS` (a record over this union) fails to compile until a new one is drawn.
 */
export type SidebarIcon = DeclaredSidebarIcon | (typeof SIDEBAR_GROUPS)[SidebarGroupId]['icon'];

/** Where a route appears in the sidebar: who may see it is the route's own access rule. */
export interface SidebarPlacement {
  readonly label: string;
  readonly icon: SidebarIcon;
  readonly group?: SidebarGroupId;
  /** Position among all links (a group sits where its first link would). */
  readonly order: number;
  /** Hidden while the employee holds any of these (axes and sectors show only without show_services). */
  readonly hiddenWhenHeld?: readonly PermissionKey[];
}

/**
 * The route table (docs/shell.md#screens-and-routes, docs/shell.md#permissions): each route's page
 * id, owner, access, header title and sidebar placement in one record. The host builds its router,
 * guard, titles and sidebar from it; each remote's `./pages` map must cover exactly its own page
 * ids.
 */
export interface RouteDefinition {
  readonly pageId: string;
  /** react-router pattern, `:id` for a record id. */
  readonly path: string;
  /** Every key is required (docs/shell.md#permissions). */
  readonly permissions: readonly PermissionKey[];
  /** Activity tracking needs a super administrator instead of a key. */
  readonly superAdminOnly?: boolean;
  readonly owner: RemoteName | 'host';
  /**
   * The header title (docs/shell.md#screens-and-routes "Page title") of this route's path prefix —
   * the path up to its first `:param` — matched longest-prefix first; routes without one take their
   * parent's.
   */
  readonly title?: string;
  /**
   * The page's own header when its words are fixed (a section's list pages): its page draws it
   * (`pageHeader` in shared-ui), and the shell draws the same header while the section's code is
   * still loading, so the page's title and the line under it (the largest text of a list page)
   * are on screen before the section's code has arrived.
   */
  readonly header?: PageHeaderText;
  readonly sidebar?: SidebarPlacement;
}

const REPORT_KINDS = [
  'family-needs',
  'financial-services',
  'services',
  'medical',
  'survey',
  'seminar',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export { REPORT_KINDS };

/** Who may open each page of a resource: list and show pages take `show`. */
interface ResourceKeys {
  readonly show: PermissionKey;
  readonly create: PermissionKey;
  readonly edit: PermissionKey;
}

/** A route record whose page id, path and owner stay literal types (the page maps are typed by them). */
interface ResourceRoute<
  I extends string,
  Path extends string,
  O extends RemoteName,
> extends RouteDefinition {
  readonly pageId: I;
  readonly path: Path;
  readonly owner: O;
}

/**
 * The four pages of a resource in one route-table entry: `<prefix>.list` at `path` (with the
 * resource's title and sidebar placement), `.create` at `path/create`, `.edit` at
 * `path/edit/:id` and `.show` at `path/show/:id` (the shell's URL shape). A remote maps them with
 * shared-ui's `resourcePages`.
 */
export function resourceRoutes<
  const P extends string,
  const B extends string,
  const O extends RemoteName,
>(resource: {
  readonly pageIdPrefix: P;
  readonly path: B;
  readonly owner: O;
  readonly keys: ResourceKeys;
  readonly title: string;
  readonly sidebar?: SidebarPlacement;
}): readonly [
  ResourceRoute<`${P}.list`, B, O>,
  ResourceRoute<`${P}.create`, `${B}/create`, O>,
  ResourceRoute<`${P}.edit`, `${B}/edit/:id`, O>,
  ResourceRoute<`${P}.show`, `${B}/show/:id`, O>,
] {
  return standardRoutes(resource);
}

export const ROUTES = [
  // host-owned pages that need only a valid, active login
  { pageId: 'profile', path: '/profile', permissions: [], owner: 'host', title: 'الملف الشخصي' },
  {
    pageId: 'unauthorized',
    path: '/unauthorized',
    permissions: [],
    owner: 'host',
    title: 'غير مصرح',
  },

  // Every resource's pages, in the order of the declarations (`resources/registry.ts`).
  ...DECLARED_ROUTES,
] as const satisfies readonly RouteDefinition[];

export type AppRoute = (typeof ROUTES)[number];
export type PageId = AppRoute['pageId'];
/** The page ids a remote must expose: used to type each remote's `./pages` map. */
export type PageIdOf<R extends RemoteName | 'host'> = Extract<AppRoute, { owner: R }>['pageId'];

export const ROUTES_BY_PAGE_ID: ReadonlyMap<string, RouteDefinition> = new Map(
  ROUTES.map((route) => [route.pageId, route]),
);

export function routesOf(owner: RemoteName | 'host'): RouteDefinition[] {
  return ROUTES.filter((route) => route.owner === owner);
}

/** Fills `:param` segments, e.g. `pathTo('families.show', { id: 7 })` → `/families/show/7`. */
export function pathTo(pageId: PageId, params: Record<string, string | number> = {}): string {
  const route = ROUTES_BY_PAGE_ID.get(pageId);
  if (!route) throw new Error(`Unknown page id ${pageId}`);
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${pageId}`);
    return encodeURIComponent(String(value));
  });
}

/** Matches a concrete pathname against the table (exact pattern match, `:id` = one segment). */
export function matchRoute(pathname: string): RouteDefinition | undefined {
  const clean = normalisePath(pathname);
  let best: RouteDefinition | undefined;
  let bestStatic = -1;
  for (const route of ROUTES) {
    const pattern = route.path.split('/');
    const actual = clean.split('/');
    if (pattern.length !== actual.length) continue;
    let statics = 0;
    const matches = pattern.every((segment, i) => {
      if (segment.startsWith(':')) return (actual[i] ?? '') !== '';
      statics += 1;
      return segment === actual[i];
    });
    // Static segments outrank parameters (/survey/rates/show/1 over /survey/rates/:id/create).
    if (matches && statics > bestStatic) {
      best = route;
      bestStatic = statics;
    }
  }
  return best;
}

export function normalisePath(pathname: string): string {
  const withoutQuery = pathname.split(/[?#]/)[0] ?? '';
  const trimmed = withoutQuery.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
