import type { PermissionKey } from './permissions';
import type { RemoteName } from './remotes';

export type SidebarIcon =
  | 'dashboard'
  | 'families'
  | 'members'
  | 'orgs'
  | 'seasons'
  | 'services'
  | 'axes'
  | 'departments'
  | 'finance'
  | 'seminars'
  | 'surveys'
  | 'reports'
  | 'employees'
  | 'activity'
  | 'settings'
  | 'templates'
  | 'calories'
  | 'beneficiaries';

/**
 * The sidebar groups (docs/shell.md#screens-and-routes); a group shows when one of its links does.
 */
export const SIDEBAR_GROUPS = {
  beneficiaries: { label: 'المستفيدون', icon: 'beneficiaries' },
  reports: { label: 'التقارير', icon: 'reports' },
  settings: { label: 'الإعدادات', icon: 'settings' },
} as const satisfies Record<string, { label: string; icon: SidebarIcon }>;
export type SidebarGroupId = keyof typeof SIDEBAR_GROUPS;

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
interface ResourceRoute<I extends string, Path extends string, O extends RemoteName> extends RouteDefinition {
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
export function resourceRoutes<const P extends string, const B extends string, const O extends RemoteName>(resource: {
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
  const { pageIdPrefix: prefix, path, owner, keys, title, sidebar } = resource;
  return [
    { pageId: `${prefix}.list`, path, permissions: [keys.show], owner, title, ...(sidebar ? { sidebar } : {}) },
    { pageId: `${prefix}.create`, path: `${path}/create`, permissions: [keys.create], owner },
    { pageId: `${prefix}.edit`, path: `${path}/edit/:id`, permissions: [keys.edit], owner },
    { pageId: `${prefix}.show`, path: `${path}/show/:id`, permissions: [keys.show], owner },
  ];
}

export const ROUTES = [
  // host-owned pages that need only a valid, active login
  { pageId: 'profile', path: '/profile', permissions: [], owner: 'host', title: 'الملف الشخصي' },
  { pageId: 'unauthorized', path: '/unauthorized', permissions: [], owner: 'host', title: 'غير مصرح' },

  { pageId: 'dashboard', path: '/dashboard', permissions: ['show_index'], owner: 'mf-reports', title: 'لوحة التحكم', sidebar: { label: 'نظرة عامة', icon: 'dashboard', order: 10 } },

  { pageId: 'families.list', path: '/families', permissions: ['show_families'], owner: 'mf-beneficiaries', title: 'الأسر', sidebar: { label: 'الأسر', icon: 'families', group: 'beneficiaries', order: 20 } },
  { pageId: 'families.create', path: '/families/create', permissions: ['create_families'], owner: 'mf-beneficiaries', title: 'تسجيل أسرة' },
  { pageId: 'families.edit', path: '/families/edit/:id', permissions: ['edit_families'], owner: 'mf-beneficiaries' },
  { pageId: 'families.show', path: '/families/show/:id', permissions: ['show_families'], owner: 'mf-beneficiaries' },
  { pageId: 'families.members', path: '/families/members', permissions: ['show_families'], owner: 'mf-beneficiaries', title: 'أفراد الأسر', sidebar: { label: 'أفراد الأسر', icon: 'members', group: 'beneficiaries', order: 21 } },
  ...resourceRoutes({ pageIdPrefix: 'orgs', path: '/orgs', owner: 'mf-beneficiaries', keys: { show: 'show_orgs', create: 'create_orgs', edit: 'edit_orgs' }, title: 'الجهات', sidebar: { label: 'الجهات', icon: 'orgs', group: 'beneficiaries', order: 22 } }),
  ...resourceRoutes({ pageIdPrefix: 'seasons', path: '/seasons', owner: 'mf-beneficiaries', keys: { show: 'show_seasonal', create: 'create_seasonal', edit: 'edit_seasonal' }, title: 'الموسميون', sidebar: { label: 'الموسميون', icon: 'seasons', group: 'beneficiaries', order: 23 } }),

  ...resourceRoutes({ pageIdPrefix: 'services', path: '/services', owner: 'mf-services', keys: { show: 'show_services', create: 'show_services', edit: 'show_services' }, title: 'الخدمات', sidebar: { label: 'الخدمات', icon: 'services', order: 30 } }),
  { pageId: 'services.types', path: '/services/service-types', permissions: ['show_services'], owner: 'mf-services', title: 'أنواع الخدمات' },
  { pageId: 'services.departments', path: '/services/service-departments', permissions: ['show_departments'], owner: 'mf-services', title: 'القطاعات', sidebar: { label: 'القطاعات', icon: 'departments', order: 32, hiddenWhenHeld: ['show_services'] } },
  { pageId: 'services.axes', path: '/services/service-axises', permissions: ['show_axise'], owner: 'mf-services', title: 'المحاور', sidebar: { label: 'المحاور', icon: 'axes', order: 31, hiddenWhenHeld: ['show_services'] } },

  // Create, edit, show and the category list were not in the first route list; finance needs them
  // (one key, show_financial, for all of finance).
  ...resourceRoutes({ pageIdPrefix: 'financial', path: '/financial', owner: 'mf-finance', keys: { show: 'show_financial', create: 'show_financial', edit: 'show_financial' }, title: 'المالية', sidebar: { label: 'المالية', icon: 'finance', order: 40 } }),
  { pageId: 'financial.report', path: '/financial/report', permissions: ['show_financial'], owner: 'mf-finance', title: 'التقرير المالي' },
  { pageId: 'financial.categories', path: '/financial/categories', permissions: ['show_financial'], owner: 'mf-finance', title: 'التصنيفات المالية' },

  { pageId: 'seminars.list', path: '/seminar', permissions: ['show_seminars'], owner: 'mf-engagement', title: 'الندوات', sidebar: { label: 'الندوات', icon: 'seminars', order: 50 } },
  { pageId: 'seminars.create', path: '/seminar/create', permissions: ['show_seminars'], owner: 'mf-engagement' },
  { pageId: 'seminars.edit', path: '/seminar/edit/:id', permissions: ['show_seminars'], owner: 'mf-engagement' },
  { pageId: 'seminars.show', path: '/seminar/show/:id', permissions: ['show_seminars'], owner: 'mf-engagement' },
  { pageId: 'seminars.audience', path: '/seminar/audience/:id', permissions: ['show_seminars'], owner: 'mf-engagement', title: 'جمهور الندوة' },
  // The first route list had /seminar/types and /survey/types as titles only; engagement builds
  // them as pages.
  { pageId: 'seminars.types', path: '/seminar/types', permissions: ['show_seminars'], owner: 'mf-engagement', title: 'أنواع الندوات' },
  { pageId: 'surveys.list', path: '/survey', permissions: ['show_surveys'], owner: 'mf-engagement', title: 'الاستبيانات', sidebar: { label: 'الاستبيانات', icon: 'surveys', order: 51 } },
  { pageId: 'surveys.create', path: '/survey/create', permissions: ['show_surveys'], owner: 'mf-engagement' },
  { pageId: 'surveys.edit', path: '/survey/edit/:id', permissions: ['show_surveys'], owner: 'mf-engagement' },
  { pageId: 'surveys.show', path: '/survey/show/:id', permissions: ['show_surveys'], owner: 'mf-engagement' },
  { pageId: 'surveys.templates', path: '/survey/templates', permissions: ['show_survey_templates'], owner: 'mf-engagement', title: 'قوالب الاستبيانات', sidebar: { label: 'قوالب الاستبيانات', icon: 'templates', group: 'settings', order: 80 } },
  { pageId: 'surveys.templates.create', path: '/survey/templates/create', permissions: ['show_survey_templates'], owner: 'mf-engagement' },
  { pageId: 'surveys.templates.edit', path: '/survey/templates/edit/:id', permissions: ['show_survey_templates'], owner: 'mf-engagement' },
  { pageId: 'surveys.rates', path: '/survey/rates/:id', permissions: ['show_surveys'], owner: 'mf-engagement', title: 'تقييمات الاستبيان' },
  { pageId: 'surveys.rates.create', path: '/survey/rates/:id/create', permissions: ['show_surveys'], owner: 'mf-engagement' },
  { pageId: 'surveys.rates.show', path: '/survey/rates/show/:id', permissions: ['show_surveys'], owner: 'mf-engagement' },
  { pageId: 'surveys.types', path: '/survey/types', permissions: ['show_surveys'], owner: 'mf-engagement', title: 'أنواع الاستبيانات' },

  { pageId: 'reports.general', path: '/reports', permissions: ['show_reports'], owner: 'mf-reports', title: 'التقارير العامة', sidebar: { label: 'التقارير العامة', icon: 'reports', group: 'reports', order: 60 } },
  { pageId: 'reports.family-needs', path: '/reports/family-needs', permissions: ['show_reports'], owner: 'mf-reports', title: 'تقرير احتياجات الأسر', sidebar: { label: 'احتياجات الأسر', icon: 'reports', group: 'reports', order: 61 } },
  { pageId: 'reports.family-needs.archive', path: '/reports/family-needs/archive', permissions: ['show_reports'], owner: 'mf-reports' },
  { pageId: 'reports.family-needs.archive-show', path: '/reports/family-needs/archive/:id', permissions: ['show_reports'], owner: 'mf-reports' },
  { pageId: 'reports.financial-services', path: '/reports/financial-services', permissions: ['show_reports'], owner: 'mf-reports', title: 'تقرير الخدمات المالية', sidebar: { label: 'الخدمات المالية', icon: 'reports', group: 'reports', order: 62 } },
  { pageId: 'reports.financial-services.archive', path: '/reports/financial-services/archive', permissions: ['show_reports'], owner: 'mf-reports' },
  { pageId: 'reports.financial-services.archive-show', path: '/reports/financial-services/archive/:id', permissions: ['show_reports'], owner: 'mf-reports' },
  { pageId: 'reports.services', path: '/reports/services', permissions: ['show_reports'], owner: 'mf-reports', title: 'تقرير الخدمات', sidebar: { label: 'الخدمات', icon: 'reports', group: 'reports', order: 65 } },
  { pageId: 'reports.services.archive', path: '/reports/services/archive', permissions: ['show_reports'], owner: 'mf-reports' },
  { pageId: 'reports.services.archive-show', path: '/reports/services/archive/:id', permissions: ['show_reports'], owner: 'mf-reports' },
  { pageId: 'reports.medical', path: '/reports/medical', permissions: ['show_reports'], owner: 'mf-reports', title: 'التقرير الطبي', sidebar: { label: 'التقرير الطبي', icon: 'reports', group: 'reports', order: 63 } },
  { pageId: 'reports.medical.archive', path: '/reports/medical/archive', permissions: ['show_reports'], owner: 'mf-reports' },
  { pageId: 'reports.medical.archive-show', path: '/reports/medical/archive/:id', permissions: ['show_reports'], owner: 'mf-reports' },
  { pageId: 'reports.survey', path: '/reports/survey', permissions: ['show_reports'], owner: 'mf-reports', title: 'تقرير الاستبيانات', sidebar: { label: 'الاستبيانات', icon: 'reports', group: 'reports', order: 64 } },
  { pageId: 'reports.survey.archive', path: '/reports/survey/archive', permissions: ['show_reports'], owner: 'mf-reports' },
  { pageId: 'reports.survey.archive-show', path: '/reports/survey/archive/:id', permissions: ['show_reports'], owner: 'mf-reports' },
  { pageId: 'reports.seminar', path: '/reports/seminar', permissions: ['show_reports'], owner: 'mf-reports', title: 'تقرير الندوات', sidebar: { label: 'الندوات', icon: 'reports', group: 'reports', order: 66 } },
  { pageId: 'reports.seminar.archive', path: '/reports/seminar/archive', permissions: ['show_reports'], owner: 'mf-reports' },
  { pageId: 'reports.seminar.archive-show', path: '/reports/seminar/archive/:id', permissions: ['show_reports'], owner: 'mf-reports' },

  { pageId: 'employees.list', path: '/employee-permissions', permissions: ['show_permissions_employees'], owner: 'mf-admin', title: 'الموظفون والصلاحيات', sidebar: { label: 'الموظفون والصلاحيات', icon: 'employees', order: 70 } },
  { pageId: 'permissions.list', path: '/employee-permissions/permissions', permissions: ['show_permissions_employees'], owner: 'mf-admin', title: 'الصلاحيات' },
  { pageId: 'permissions.create', path: '/employee-permissions/permissions/create', permissions: ['show_permissions_employees'], owner: 'mf-admin' },
  { pageId: 'permissions.edit', path: '/employee-permissions/permissions/edit/:id', permissions: ['show_permissions_employees'], owner: 'mf-admin' },
  { pageId: 'activity-tracking', path: '/activity-tracking', permissions: [], superAdminOnly: true, owner: 'mf-admin', title: 'تتبع نشاط الموظفين', sidebar: { label: 'تتبع نشاط الموظفين', icon: 'activity', order: 71 } },
  { pageId: 'calories', path: '/calories', permissions: ['show_calorie_settings'], owner: 'mf-admin', title: 'السعرات الحرارية', sidebar: { label: 'إعدادات السعرات الحرارية', icon: 'calories', group: 'settings', order: 81 } },
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
