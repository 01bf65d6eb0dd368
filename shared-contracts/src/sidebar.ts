import { isSuperAdmin, type AccessSubject } from './access';
import type { PermissionKey } from './permissions';

/**
 * The sidebar table of spec §2. Visibility is data, not code, so the host, its tests and the
 * e2e suite read the same rules. A group shows when at least one of its links does.
 */
export interface SidebarVisibility {
  /** every one of these keys is held */
  all?: readonly PermissionKey[];
  /** none of these keys is held (the two "show_services missing and … held" rows) */
  none?: readonly PermissionKey[];
  superAdmin?: true;
}

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

export interface SidebarLink {
  kind: 'link';
  path: string;
  label: string;
  icon: SidebarIcon;
  visible: SidebarVisibility;
}
export interface SidebarGroup {
  kind: 'group';
  id: string;
  label: string;
  icon: SidebarIcon;
  links: readonly SidebarLink[];
}
export type SidebarEntry = SidebarLink | SidebarGroup;

const link = (path: string, label: string, icon: SidebarIcon, visible: SidebarVisibility): SidebarLink => ({
  kind: 'link',
  path,
  label,
  icon,
  visible,
});

export const SIDEBAR: readonly SidebarEntry[] = [
  link('/dashboard', 'نظرة عامة', 'dashboard', { all: ['show_index'] }),
  {
    kind: 'group',
    id: 'beneficiaries',
    label: 'المستفيدون',
    icon: 'beneficiaries',
    links: [
      link('/families', 'الأسر', 'families', { all: ['show_families'] }),
      link('/families/members', 'أفراد الأسر', 'members', { all: ['show_families'] }),
      link('/orgs', 'الجهات', 'orgs', { all: ['show_orgs'] }),
      link('/seasons', 'الموسميون', 'seasons', { all: ['show_seasonal'] }),
    ],
  },
  link('/services', 'الخدمات', 'services', { all: ['show_services'] }),
  link('/services/service-axises', 'المحاور', 'axes', { all: ['show_axise'], none: ['show_services'] }),
  link('/services/service-departments', 'القطاعات', 'departments', {
    all: ['show_departments'],
    none: ['show_services'],
  }),
  link('/financial', 'المالية', 'finance', { all: ['show_financial'] }),
  link('/seminar', 'الندوات', 'seminars', { all: ['show_seminars'] }),
  link('/survey', 'الاستبيانات', 'surveys', { all: ['show_surveys'] }),
  {
    kind: 'group',
    id: 'reports',
    label: 'التقارير',
    icon: 'reports',
    links: [
      link('/reports', 'التقارير العامة', 'reports', { all: ['show_reports'] }),
      link('/reports/family-needs', 'احتياجات الأسر', 'reports', { all: ['show_reports'] }),
      link('/reports/financial-services', 'الخدمات المالية', 'reports', { all: ['show_reports'] }),
      link('/reports/medical', 'التقرير الطبي', 'reports', { all: ['show_reports'] }),
      link('/reports/survey', 'الاستبيانات', 'reports', { all: ['show_reports'] }),
      link('/reports/services', 'الخدمات', 'reports', { all: ['show_reports'] }),
      link('/reports/seminar', 'الندوات', 'reports', { all: ['show_reports'] }),
    ],
  },
  link('/employee-permissions', 'الموظفون والصلاحيات', 'employees', {
    all: ['show_permissions_employees'],
  }),
  link('/activity-tracking', 'تتبع نشاط الموظفين', 'activity', { superAdmin: true }),
  {
    kind: 'group',
    id: 'settings',
    label: 'الإعدادات',
    icon: 'settings',
    links: [
      link('/survey/templates', 'قوالب الاستبيانات', 'templates', { all: ['show_survey_templates'] }),
      link('/calories', 'إعدادات السعرات الحرارية', 'calories', { all: ['show_calorie_settings'] }),
    ],
  },
];

export function isSidebarLinkVisible(subject: AccessSubject, rule: SidebarVisibility): boolean {
  if (!subject.active) return false;
  if (rule.superAdmin && !isSuperAdmin(subject)) return false;
  if (rule.all && !rule.all.every((key) => subject.permissions.includes(key))) return false;
  if (rule.none && rule.none.some((key) => subject.permissions.includes(key))) return false;
  return true;
}

/** The sidebar as one subject sees it: hidden links removed, empty groups dropped. */
export function visibleSidebar(subject: AccessSubject): SidebarEntry[] {
  const result: SidebarEntry[] = [];
  for (const entry of SIDEBAR) {
    if (entry.kind === 'link') {
      if (isSidebarLinkVisible(subject, entry.visible)) result.push(entry);
      continue;
    }
    const links = entry.links.filter((item) => isSidebarLinkVisible(subject, item.visible));
    if (links.length > 0) result.push({ ...entry, links });
  }
  return result;
}

/** A group opens by itself when the current path is one of its pages (or beneath one). */
export function groupContainsPath(group: SidebarGroup, pathname: string): boolean {
  return group.links.some((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));
}
