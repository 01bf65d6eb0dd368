import {
  ACTIVITY_ENTITY_LABELS,
  EMPLOYEE_RULE_MESSAGES,
  PERMISSION_GROUP_MESSAGES,
  SEED_CALORIE_SETTINGS,
  activityEntityLink,
  calorieCoverageProblems,
  calorieSettingsInputSchema,
  dailyCalorieNeed,
  effectivePermissions,
  findActivityFieldLabel,
  groupMembershipRefusals,
  keysNotHeldMessage,
  pagesOpenedBy,
  permissionGroupChangeRefusals,
  permissionGroupInputSchema,
  type CalorieBand,
} from '../../src/admin';
import { PERMISSION_KEYS } from '../../src/permissions';
import { ROUTES } from '../../src/routes';

const superAdmin = { id: 1, role: 'Super Admin', permissions: [...PERMISSION_KEYS] };
const manager = {
  id: 2,
  role: null,
  permissions: ['show_index', 'show_families', 'show_permissions_employees'],
};

describe('permission groups', () => {
  test('the pages a key opens come from the route table', () => {
    const families = pagesOpenedBy('show_families');
    expect(families.map((page) => page.pageId)).toContain('families.list');
    expect(
      families.every((page) =>
        ROUTES.some(
          (route) =>
            route.pageId === page.pageId &&
            (route.permissions as readonly string[]).includes('show_families'),
        ),
      ),
    ).toBe(true);
    expect(pagesOpenedBy('show_calorie_settings').map((page) => page.title)).toEqual([
      'السعرات الحرارية',
    ]);
  });

  test('effective permissions are the union, in contract order', () => {
    expect(
      effectivePermissions(
        ['show_reports'],
        [{ permissions: ['show_index', 'show_reports'] }, { permissions: ['show_families'] }],
      ),
    ).toEqual(['show_index', 'show_families', 'show_reports']);
  });

  test('grant rules apply to groups: only held keys, the administrator key for super admins, never one’s own group', () => {
    expect(
      permissionGroupChangeRefusals(superAdmin, null, ['show_permissions_employees'], false),
    ).toEqual([]);
    expect(permissionGroupChangeRefusals(manager, null, ['show_families'], false)).toEqual([]);
    expect(permissionGroupChangeRefusals(manager, null, ['show_financial'], false)).toEqual([
      { status: 403, field: 'permissions', message: keysNotHeldMessage(['show_financial']) },
    ]);
    expect(
      permissionGroupChangeRefusals(manager, null, ['show_permissions_employees'], false)[0]
        ?.message,
    ).toBe(EMPLOYEE_RULE_MESSAGES.adminPermissionSuperAdminOnly);
    // Removing a key one lacks is refused like granting it.
    expect(
      permissionGroupChangeRefusals(
        manager,
        ['show_reports', 'show_families'],
        ['show_families'],
        false,
      ),
    ).toHaveLength(1);
    expect(
      permissionGroupChangeRefusals(superAdmin, ['show_index'], ['show_reports'], true),
    ).toEqual([{ status: 422, field: 'permissions', message: PERMISSION_GROUP_MESSAGES.ownGroup }]);
  });

  test('joining a group is granting its keys (only those not already held)', () => {
    expect(
      groupMembershipRefusals(
        manager,
        false,
        ['show_index'],
        ['show_index', 'show_families'],
        true,
      ),
    ).toEqual([]);
    expect(
      groupMembershipRefusals(
        manager,
        false,
        ['show_index'],
        ['show_index', 'show_reports'],
        true,
      )[0],
    ).toMatchObject({
      status: 403,
      field: 'group_ids',
    });
    expect(groupMembershipRefusals(manager, true, [], [], true)).toEqual([
      { status: 422, field: 'group_ids', message: PERMISSION_GROUP_MESSAGES.ownGroups },
    ]);
    expect(groupMembershipRefusals(manager, false, [], ['show_reports'], false)).toEqual([]);
  });

  test('a group needs a name and at least one key, in Arabic', () => {
    const parsed = permissionGroupInputSchema.safeParse({ name: 'مجموعة', permissions: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(PERMISSION_GROUP_MESSAGES.noKeys);
  });

  test('new entity types have Arabic names, field labels and links', () => {
    expect(ACTIVITY_ENTITY_LABELS.permission_group).toBe('مجموعة صلاحيات');
    expect(findActivityFieldLabel('permission_group', 'permissions')).toBe('الصلاحيات');
    expect(findActivityFieldLabel('calorie_settings', 'bands')).toBe('الفئات العمرية');
    expect(findActivityFieldLabel('employee', 'groups')).toBe('مجموعات الصلاحيات');
    expect(activityEntityLink('permission_group', '3')?.path).toBe(
      '/employee-permissions/permissions/edit/3',
    );
    expect(activityEntityLink('calorie_settings', '2')?.path).toBe('/calories');
    expect(activityEntityLink('employee', '2')).toBeUndefined();
    expect(activityEntityLink('family', 'abc')).toBeUndefined();
  });
});

describe('calorie settings', () => {
  const withBand = (change: (band: CalorieBand) => CalorieBand) =>
    SEED_CALORIE_SETTINGS.bands.map(change);

  test('the seed covers 0–120 for both sexes and reproduces the published table', () => {
    expect(calorieCoverageProblems(SEED_CALORIE_SETTINGS.bands)).toEqual([]);
    expect(calorieSettingsInputSchema.safeParse(SEED_CALORIE_SETTINGS).success).toBe(true);
    const version = { ...SEED_CALORIE_SETTINGS };
    expect(dailyCalorieNeed(version, { sex: 'female', ageYears: 38, lactating: true })).toBe(2490);
    expect(dailyCalorieNeed(version, { sex: 'female', ageYears: 25, pregnant: true })).toBe(2275);
    expect(dailyCalorieNeed(version, { sex: 'male', ageYears: 130 })).toBe(2010);
  });

  test('gaps and overlaps are named with their ages', () => {
    expect(
      calorieCoverageProblems(
        withBand((band) =>
          band.sex === 'male' && band.age_from === 15 ? { ...band, age_to: 17 } : band,
        ),
      ),
    ).toEqual(['الفئات العمرية للذكور لا تغطي الأعمار من 18 إلى 19']);
    expect(
      calorieCoverageProblems(
        withBand((band) =>
          band.sex === 'female' && band.age_from === 10 ? { ...band, age_to: 16 } : band,
        ),
      ),
    ).toEqual(['الفئات العمرية للإناث متداخلة في الأعمار من 15 إلى 16']);
    expect(
      calorieCoverageProblems(SEED_CALORIE_SETTINGS.bands.filter((band) => band.age_from !== 0)),
    ).toEqual([
      'الفئات العمرية للذكور لا تغطي الأعمار من 0 إلى 0',
      'الفئات العمرية للإناث لا تغطي الأعمار من 0 إلى 0',
    ]);
  });

  test('negative values and ages over 120 are refused in Arabic', () => {
    const parsed = calorieSettingsInputSchema.safeParse({
      ...SEED_CALORIE_SETTINGS,
      lactation_addition: -1,
      bands: withBand((band) => (band.age_to === 120 ? { ...band, age_to: 121 } : band)),
    });
    expect(parsed.success).toBe(false);
    const messages =
      parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
    expect(messages).toContain('lactation_addition: الزيادة بين 0 و2000 سعرة');
    expect(messages).toContain('bands.18.age_to: العمر يجب ألا يزيد على 120 سنة');
  });
});
