import { matchRoute, pathTo, ROUTES, routesOf } from '../src/routes';
import { PAGE_TITLES, titleForPath, UNKNOWN_PAGE_TITLE } from '../src/titles';
import { PERMISSION_KEYS } from '../src/permissions';
import { REMOTE_NAMES } from '../src/remotes';
import { RESOURCES } from '../src/resources';
import type { ResourceDeclaration } from '../src/core/resource';

const concrete = (path: string) => path.replace(/:id/g, '42');

describe('route table', () => {
  test('covers every route, and the pages finance and engagement added', () => {
    // Generated resources (`pages: 'conventional'`) are checked by resources.test.ts.
    const generated = new Set(
      (RESOURCES as readonly ResourceDeclaration[]).flatMap((resource) =>
        resource.pages === 'conventional' ? resource.routes.map((route) => route.pageId) : [],
      ),
    );
    const paths = ROUTES.filter((route) => !generated.has(route.pageId)).map((route) => route.path);
    const expected = [
      '/dashboard',
      '/families',
      '/families/create',
      '/families/edit/:id',
      '/families/show/:id',
      '/families/members',
      '/families/import',
      '/families/import/:id',
      '/orgs',
      '/orgs/create',
      '/orgs/edit/:id',
      '/orgs/show/:id',
      '/seasons',
      '/seasons/create',
      '/seasons/edit/:id',
      '/seasons/show/:id',
      '/services',
      '/services/create',
      '/services/edit/:id',
      '/services/show/:id',
      '/services/service-types',
      '/services/service-departments',
      '/services/service-axises',
      '/financial',
      '/financial/report',
      '/seminar',
      '/seminar/create',
      '/seminar/edit/:id',
      '/seminar/show/:id',
      '/seminar/audience/:id',
      '/survey',
      '/survey/create',
      '/survey/edit/:id',
      '/survey/show/:id',
      '/survey/templates',
      '/survey/templates/create',
      '/survey/templates/edit/:id',
      '/survey/rates/:id',
      '/survey/rates/:id/create',
      '/survey/rates/show/:id',
      '/reports',
      '/employee-permissions',
      '/employee-permissions/permissions',
      '/employee-permissions/permissions/create',
      '/employee-permissions/permissions/edit/:id',
      '/activity-tracking',
      '/calories',
      '/profile',
      '/unauthorized',
      '/releases',
      // Finance: record create/edit/show and the category list; engagement: the two type lists
      '/financial/create',
      '/financial/edit/:id',
      '/financial/show/:id',
      '/financial/categories',
      '/seminar/types',
      '/survey/types',
      // Field visits: the list and a researcher's route sheet
      '/visits',
      '/visits/route-sheet',
      // «مهامي»: every signed-in employee's tasks
      '/tasks',
      // «حماية البيانات»: retention and the families due for anonymisation
      '/privacy',
    ];
    for (const kind of [
      'family-needs',
      'financial-services',
      'services',
      'medical',
      'survey',
      'seminar',
    ]) {
      expected.push(`/reports/${kind}`, `/reports/${kind}/archive`, `/reports/${kind}/archive/:id`);
    }
    expect([...paths].sort()).toEqual([...expected].sort());
  });

  test('page ids and paths are unique', () => {
    expect(new Set(ROUTES.map((r) => r.pageId)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  test('every permission is a contract key and every remote owns pages', () => {
    for (const route of ROUTES) {
      for (const key of route.permissions) expect(PERMISSION_KEYS).toContain(key);
    }
    for (const remote of REMOTE_NAMES) expect(routesOf(remote).length).toBeGreaterThan(0);
  });

  test('the permissions per section', () => {
    const keysOf = (path: string) => matchRoute(concrete(path))?.permissions;
    expect(keysOf('/families/create')).toEqual(['create_families']);
    expect(keysOf('/families/edit/:id')).toEqual(['edit_families']);
    expect(keysOf('/orgs/edit/:id')).toEqual(['edit_orgs']);
    expect(keysOf('/seasons/create')).toEqual(['create_seasonal']);
    expect(keysOf('/services/service-types')).toEqual(['show_services']);
    expect(keysOf('/services/service-departments')).toEqual(['show_departments']);
    expect(keysOf('/services/service-axises')).toEqual(['show_axise']);
    expect(keysOf('/survey/templates/edit/:id')).toEqual(['show_survey_templates']);
    expect(keysOf('/reports/medical/archive/:id')).toEqual(['show_reports']);
    expect(keysOf('/employee-permissions/permissions/create')).toEqual([
      'show_permissions_employees',
    ]);
    expect(keysOf('/calories')).toEqual(['show_calorie_settings']);
    expect(matchRoute('/activity-tracking')?.superAdminOnly).toBe(true);
    expect(keysOf('/profile')).toEqual([]);
    expect(keysOf('/tasks')).toEqual([]);
    expect(keysOf('/privacy')).toEqual(['show_families', 'manage_personal_data']);
  });

  test('matchRoute prefers static segments and rejects unknown paths', () => {
    expect(matchRoute('/survey/rates/show/5')?.pageId).toBe('surveys.rates.show');
    expect(matchRoute('/survey/rates/5')?.pageId).toBe('surveys.rates');
    expect(matchRoute('/survey/rates/5/create')?.pageId).toBe('surveys.rates.create');
    expect(matchRoute('/families/')?.pageId).toBe('families.list');
    expect(matchRoute('/families?page=2')?.pageId).toBe('families.list');
    expect(matchRoute('/seminar/types')?.pageId).toBe('seminars.types');
    expect(matchRoute('/nope')).toBeUndefined();
    expect(matchRoute('/families/show/')).toBeUndefined();
  });

  test('pathTo fills parameters', () => {
    expect(pathTo('families.show', { id: 7 })).toBe('/families/show/7');
    expect(pathTo('surveys.rates.create', { id: 3 })).toBe('/survey/rates/3/create');
    expect(() => pathTo('families.show')).toThrow();
  });
});

describe('title lookup (longest prefix)', () => {
  test.each(ROUTES.map((route) => [route.path]))('%s has an Arabic title', (path) => {
    const title = titleForPath(concrete(path));
    expect(title).not.toBe(UNKNOWN_PAGE_TITLE);
    expect(title).toMatch(/[\u0600-\u06FF]/);
  });

  test('the title examples', () => {
    expect(titleForPath('/dashboard')).toBe('لوحة التحكم');
    expect(titleForPath('/families/edit/3')).toBe('الأسر');
    expect(titleForPath('/families/members')).toBe('أفراد الأسر');
    expect(titleForPath('/employee-permissions')).toBe('الموظفون والصلاحيات');
    expect(titleForPath('/employee-permissions/permissions/edit/2')).toBe('الصلاحيات');
    expect(titleForPath('/activity-tracking')).toBe('تتبع نشاط الموظفين');
    expect(titleForPath('/calories')).toBe('السعرات الحرارية');
    expect(titleForPath('/reports')).toBe('التقارير العامة');
    expect(titleForPath('/seminar/types')).toBe('أنواع الندوات');
    expect(titleForPath('/survey/types')).toBe('أنواع الاستبيانات');
  });

  test.each([['/'], ['/unknown'], ['/familiesx'], ['/dash'], ['']])('unknown path %p', (path) => {
    expect(titleForPath(path)).toBe('صفحة غير معروفة');
  });

  test('every title-table prefix is reachable from itself', () => {
    for (const [prefix, title] of Object.entries(PAGE_TITLES))
      expect(titleForPath(prefix)).toBe(title);
  });
});
