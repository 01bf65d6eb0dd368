import { sql } from 'kysely';
import { DATA_PROTECTION_OFFICER_GROUP } from 'shared-contracts/admin';
import { personalDataPermissionsMigration } from '../src/modules/permission-groups/migrations/2026_12_06_permission_groups_personal_data';
import { describeEachDatabase, TEST_ADMIN, type TestHarness } from './support/harness';

/** docs/personal-data.md: the two keys reach the super admin and the seeded group, old databases too. */
describeEachDatabase('personal-data permissions', (h: TestHarness) => {
  const admin = () =>
    h.db
      .selectFrom('employees')
      .select(['id', 'permissions'])
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
  const groups = () =>
    h.db
      .selectFrom('permission_groups')
      .select(['name', 'permissions'])
      .where('name', '=', DATA_PROTECTION_OFFICER_GROUP.name)
      .execute();

  test('a new database: the super admin holds both keys and the group is seeded', async () => {
    expect((await admin()).permissions).toEqual(
      expect.arrayContaining(['manage_personal_data', 'anonymise_families']),
    );
    const [group] = await groups();
    expect(group?.permissions).toEqual([...DATA_PROTECTION_OFFICER_GROUP.permissions]);
  });

  test('a database seeded before the keys: the migration grants them and adds the group once', async () => {
    const { id } = await admin();
    await h.db
      .updateTable('employees')
      .set({
        permissions: sql`array_remove(array_remove(permissions, 'manage_personal_data'), 'anonymise_families')`,
      })
      .where('id', '=', id)
      .execute();
    await h.db
      .deleteFrom('permission_groups')
      .where('name', '=', DATA_PROTECTION_OFFICER_GROUP.name)
      .execute();
    const plain = await h.createEmployee({ permissions: ['show_index'] });

    await personalDataPermissionsMigration.up(h.db);
    await personalDataPermissionsMigration.up(h.db);

    const permissions = (await admin()).permissions;
    expect(permissions.filter((key) => key === 'manage_personal_data')).toHaveLength(1);
    expect(permissions).toContain('anonymise_families');
    expect(await groups()).toHaveLength(1);
    const other = await h.db
      .selectFrom('employees')
      .select('permissions')
      .where('id', '=', plain.row.id)
      .executeTakeFirstOrThrow();
    expect(other.permissions).toEqual(['show_index']);
  });
});
