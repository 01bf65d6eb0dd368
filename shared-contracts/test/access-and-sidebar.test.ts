import { decideAccess, isSuperAdmin } from '../src/access';
import { PERMISSION_KEYS, type PermissionKey } from '../src/permissions';
import { groupContainsPath, SIDEBAR, visibleSidebar, type SidebarGroup } from '../src/sidebar';

const subject = (
  permissions: PermissionKey[],
  extra: Partial<{ active: boolean; role: string }> = {},
) => ({
  active: true,
  permissions,
  ...extra,
});
const visiblePaths = (s: ReturnType<typeof subject>) =>
  visibleSidebar(s).flatMap((entry) =>
    entry.kind === 'link' ? [entry.path] : entry.links.map((l) => l.path),
  );

describe('super-admin rule', () => {
  test.each([
    [{ role: 'Super Admin' }, true],
    [{ role: 'superadmin' }, true],
    [{ role: ' SUPER  ADMIN ' }, true],
    [{ role: 'super_admin' }, false],
    [{ role: 'Admin' }, false],
    [{ roles: [{ slug: 'super-admin' }] }, false],
    [{ roles: [{ slug: 'superAdmin' }] }, true],
    [{ roles: [{ name: 'Super Admin' }] }, true],
    [{ roles: [{ name: 'Editor' }, { slug: 'SuperAdmin' }] }, true],
    [{ roles: [] }, false],
    [{}, false],
    [{ role: null }, false],
  ])('%j → %s', (input, expected) => {
    expect(isSuperAdmin(input)).toBe(expected);
  });
});

describe('decideAccess', () => {
  test('needs every key', () => {
    const route = { permissions: ['show_families', 'edit_families'] as PermissionKey[] };
    expect(decideAccess(subject(['show_families']), route)).toBe('forbidden');
    expect(decideAccess(subject(['show_families', 'edit_families']), route)).toBe('allowed');
  });
  test('inactive is always forbidden', () => {
    expect(
      decideAccess(subject([...PERMISSION_KEYS], { active: false, role: 'Super Admin' }), {
        permissions: [],
      }),
    ).toBe('forbidden');
  });
  test('super-admin-only route', () => {
    const route = { permissions: [] as PermissionKey[], superAdminOnly: true };
    expect(decideAccess(subject([...PERMISSION_KEYS]), route)).toBe('forbidden');
    expect(decideAccess(subject([], { role: 'Super Admin' }), route)).toBe('allowed');
  });
});

describe('sidebar visibility', () => {
  const rows: [string, PermissionKey][] = [
    ['/dashboard', 'show_index'],
    ['/families', 'show_families'],
    ['/families/members', 'show_families'],
    ['/families/import', 'import_families'],
    ['/orgs', 'show_orgs'],
    ['/seasons', 'show_seasonal'],
    ['/services', 'show_services'],
    ['/financial', 'show_financial'],
    ['/seminar', 'show_seminars'],
    ['/survey', 'show_surveys'],
    ['/reports', 'show_reports'],
    ['/reports/medical', 'show_reports'],
    ['/employee-permissions', 'show_permissions_employees'],
    ['/survey/templates', 'show_survey_templates'],
    ['/calories', 'show_calorie_settings'],
  ];
  test.each(rows)('%s shows with %s and hides without it', (path, key) => {
    expect(visiblePaths(subject([key]))).toContain(path);
    const others = PERMISSION_KEYS.filter((k) => k !== key);
    expect(visiblePaths(subject(others))).not.toContain(path);
  });

  test('axes and sectors show only when show_services is missing', () => {
    expect(visiblePaths(subject(['show_axise']))).toContain('/services/service-axises');
    expect(visiblePaths(subject(['show_departments']))).toContain('/services/service-departments');
    expect(visiblePaths(subject(['show_axise', 'show_services']))).not.toContain(
      '/services/service-axises',
    );
    expect(visiblePaths(subject(['show_departments', 'show_services']))).not.toContain(
      '/services/service-departments',
    );
    expect(visiblePaths(subject(['show_services']))).not.toContain('/services/service-axises');
  });

  test('activity tracking is for a super admin only', () => {
    expect(visiblePaths(subject([...PERMISSION_KEYS]))).not.toContain('/activity-tracking');
    expect(visiblePaths(subject([...PERMISSION_KEYS]))).not.toContain('/releases');
    // «مهامي» is every signed-in employee's, first.
    expect(visiblePaths(subject([], { role: 'Super Admin' }))).toEqual([
      '/tasks',
      '/activity-tracking',
      '/releases',
    ]);
  });

  test('groups with no visible link are dropped; reports group has seven links', () => {
    const [tasks, ...entries] = visibleSidebar(subject(['show_orgs']));
    expect(tasks).toMatchObject({ kind: 'link', path: '/tasks', label: 'مهامي' });
    expect(entries).toHaveLength(1);
    const group = entries[0] as SidebarGroup;
    expect(group.kind).toBe('group');
    expect(group.links.map((l) => l.path)).toEqual(['/orgs']);
    const reports = SIDEBAR.find((e) => e.kind === 'group' && e.id === 'reports') as SidebarGroup;
    expect(reports.links).toHaveLength(7);
  });

  test('an inactive employee sees nothing', () => {
    expect(visibleSidebar(subject([...PERMISSION_KEYS], { active: false }))).toEqual([]);
  });

  test('groupContainsPath opens the group of the current page', () => {
    const beneficiaries = SIDEBAR.find(
      (e) => e.kind === 'group' && e.id === 'beneficiaries',
    ) as SidebarGroup;
    expect(groupContainsPath(beneficiaries, '/families/show/3')).toBe(true);
    expect(groupContainsPath(beneficiaries, '/seasons')).toBe(true);
    expect(groupContainsPath(beneficiaries, '/services')).toBe(false);
  });
});
