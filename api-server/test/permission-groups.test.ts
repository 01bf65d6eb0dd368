import { sql } from 'kysely';
import { z } from 'zod';
import { employeeSchema, listMetaSchema, PERMISSION_KEYS } from 'shared-contracts';
import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_ENTITY_LABELS,
  EMPLOYEE_RULE_MESSAGES,
  PERMISSION_GROUP_MESSAGES as M,
  findActivityFieldLabel,
  SEEDED_PERMISSION_GROUPS,
  adminEmployeeSchema,
  keysNotHeldMessage,
  permissionGroupSchema,
} from 'shared-contracts/admin';
import { MESSAGES } from '../src/http/errors';
import { describeEachDatabase, TEST_ADMIN, type TestEmployee } from './support/harness';

const groupItem = z.object({ message: z.string().optional(), data: permissionGroupSchema });
const groupList = z.object({ data: z.array(permissionGroupSchema), meta: listMetaSchema });
const employeeItem = z.object({ message: z.string().optional(), data: adminEmployeeSchema });
const employeeList = z.object({ data: z.array(adminEmployeeSchema), meta: listMetaSchema });
const userItem = z.object({ data: employeeSchema });

/**
 * Permission groups, the effective permissions (own keys ∪ groups' keys) that every
 * check reads, the grant rules applied to groups, and the last-super-admin rule.
 */
describeEachDatabase('permission groups and effective permissions', (h) => {
  let adminToken = '';
  let adminId = 0;
  let manager: TestEmployee;
  let plain: TestEmployee;

  beforeAll(async () => {
    const login = await h.login(TEST_ADMIN.email, TEST_ADMIN.password, '10.40.0.1');
    const data = login.json<{ data: { token: string; employee: { id: number } } }>().data;
    adminToken = data.token;
    adminId = data.employee.id;
    manager = await h.createEmployee({
      name: 'مسؤول الموظفين',
      permissions: ['show_index', 'show_families', 'show_permissions_employees'],
    });
    plain = await h.createEmployee({ name: 'موظف عادي', permissions: ['show_index'] });
  });

  const groupCount = async () =>
    (await h.db.selectFrom('permission_groups').select('id').execute()).length;
  const logCount = async () => (await h.activityRows()).length;
  const createGroup = (token: string, body: Record<string, unknown>) =>
    h.request('POST', '/api/permission-groups', { token, body });
  const userPermissions = async (token: string) => {
    const response = await h.request('GET', '/api/user', { token });
    expect(response.statusCode).toBe(200);
    return userItem.parse(response.json()).data.permissions;
  };

  describe('the group resource', () => {
    test('the four seeded groups are listed with their keys and member counts', async () => {
      const response = await h.request('GET', '/api/permission-groups', {
        token: adminToken,
        query: { per_page: '50' },
      });
      expect(response.statusCode).toBe(200);
      const names = groupList.parse(response.json()).data.map((group) => group.name);
      for (const seeded of SEEDED_PERMISSION_GROUPS) expect(names).toContain(seeded.name);
    });

    test('401 without a session, 403 without show_permissions_employees, 404 for a missing group', async () => {
      expect((await h.request('GET', '/api/permission-groups')).statusCode).toBe(401);
      expect(
        (await h.request('GET', '/api/permission-groups', { token: plain.token })).statusCode,
      ).toBe(403);
      expect(
        (await createGroup(plain.token, { name: 'مجموعة', permissions: ['show_index'] }))
          .statusCode,
      ).toBe(403);
      const missing = await h.request('GET', '/api/permission-groups/999999', {
        token: adminToken,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: M.notFound });
      expect(
        (
          await h.request('PUT', '/api/permission-groups/999999', {
            token: adminToken,
            body: { name: 'ابب', permissions: ['show_index'] },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await h.request('DELETE', '/api/permission-groups/999999', { token: adminToken }))
          .statusCode,
      ).toBe(404);
    });

    test('create (201) logs the keys with their Arabic labels; show lists members', async () => {
      const response = await createGroup(adminToken, {
        name: 'فريق الزيارات',
        description: 'زيارات ميدانية',
        permissions: ['show_families', 'show_index'],
      });
      expect(response.statusCode).toBe(201);
      const created = groupItem.parse(response.json());
      expect(created.message).toBe(M.created);
      expect(created.data).toMatchObject({
        name: 'فريق الزيارات',
        permissions: ['show_index', 'show_families'],
        members_count: 0,
        members: [],
      });
      const row = (await h.activityRows('create')).find(
        (log) =>
          log.entity_type === 'permission_group' && log.entity_id === String(created.data.id),
      );
      expect(row?.changes).toEqual({
        name: [null, 'فريق الزيارات'],
        description: [null, 'زيارات ميدانية'],
        permissions: [null, ['show_index', 'show_families']],
      });
    });

    test('422 in Arabic (no keys, short name, unknown key) and nothing written', async () => {
      const [groups, logs] = [await groupCount(), await logCount()];
      const response = await createGroup(adminToken, { name: 'ا', permissions: [] });
      expect(response.statusCode).toBe(422);
      const body = response.json<{ message: string; errors: Record<string, string[]> }>();
      expect(body.message).toBe(MESSAGES.validation);
      expect(body.errors.permissions).toEqual([M.noKeys]);
      expect(body.errors.name?.[0]).toMatch(/[\u0600-\u06FF]/);
      const unknown = await createGroup(adminToken, {
        name: 'مجموعة جديدة',
        permissions: ['fly_planes'],
      });
      expect(unknown.statusCode).toBe(422);
      expect([await groupCount(), await logCount()]).toEqual([groups, logs]);
    });

    test('409 on a duplicate name (Arabic-normalised), nothing written', async () => {
      expect(
        (await createGroup(adminToken, { name: 'فريق الإحصاء', permissions: ['show_index'] }))
          .statusCode,
      ).toBe(201);
      const [groups, logs] = [await groupCount(), await logCount()];
      const duplicate = await createGroup(adminToken, {
        name: 'فريق الاحصاء',
        permissions: ['show_index'],
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({
        message: M.duplicateName,
        errors: { name: [M.duplicateName] },
      });
      expect([await groupCount(), await logCount()]).toEqual([groups, logs]);
    });

    test('grant rules: a non-super-admin puts in only keys they hold, never the administrator key', async () => {
      const groups = await groupCount();
      const notHeld = await createGroup(manager.token, {
        name: 'مجموعة المالية',
        permissions: ['show_financial'],
      });
      expect(notHeld.statusCode).toBe(403);
      expect(notHeld.json()).toEqual({ message: keysNotHeldMessage(['show_financial']) });
      const adminKey = await createGroup(manager.token, {
        name: 'مجموعة الإدارة',
        permissions: ['show_permissions_employees'],
      });
      expect(adminKey.statusCode).toBe(403);
      expect(adminKey.json()).toEqual({
        message: EMPLOYEE_RULE_MESSAGES.adminPermissionSuperAdminOnly,
      });
      expect(await groupCount()).toBe(groups);
      const held = await createGroup(manager.token, {
        name: 'مجموعة الأسر',
        permissions: ['show_families'],
      });
      expect(held.statusCode).toBe(201);
      // Editing: taking out or putting in a key the manager lacks is refused the same way.
      const id = groupItem.parse(held.json()).data.id;
      const edit = await h.request('PUT', `/api/permission-groups/${id}`, {
        token: manager.token,
        body: { name: 'مجموعة الأسر', permissions: ['show_families', 'show_reports'] },
      });
      expect(edit.statusCode).toBe(403);
      // The super admin may.
      const byAdmin = await h.request('PUT', `/api/permission-groups/${id}`, {
        token: adminToken,
        body: {
          name: 'مجموعة الأسر',
          permissions: ['show_families', 'show_permissions_employees'],
        },
      });
      expect(byAdmin.statusCode).toBe(200);
    });
  });

  describe('effective permissions', () => {
    let groupId = 0;
    let member: TestEmployee;

    beforeAll(async () => {
      const group = await createGroup(adminToken, {
        name: 'مجموعة الاتحاد',
        permissions: ['show_families', 'show_orgs'],
      });
      groupId = groupItem.parse(group.json()).data.id;
      const created = await h.request('POST', '/api/employees', {
        token: adminToken,
        body: {
          name: 'عضو المجموعة',
          email: 'group.member@ataa.test',
          password: 'Str0ngPass!',
          permissions: ['show_index', 'show_orgs'],
          group_ids: [groupId],
        },
      });
      expect(created.statusCode).toBe(201);
      const login = await h.login('group.member@ataa.test', 'Str0ngPass!', '10.40.0.9');
      expect(login.statusCode).toBe(200);
      const data = login.json<{
        data: { token: string; employee: { id: number; permissions: string[] } };
      }>().data;
      // The login answer already carries the union.
      expect(data.employee.permissions).toEqual(['show_index', 'show_families', 'show_orgs']);
      const row = await h.db
        .selectFrom('employees')
        .selectAll()
        .where('email', '=', 'group.member@ataa.test')
        .executeTakeFirstOrThrow();
      member = { row, token: data.token, password: 'Str0ngPass!' };
    });

    test('GET /user, the employees record and API checks read the union of own and group keys', async () => {
      expect(await userPermissions(member.token)).toEqual([
        'show_index',
        'show_families',
        'show_orgs',
      ]);
      expect((await h.request('GET', '/api/families', { token: member.token })).statusCode).toBe(
        200,
      );
      const record = employeeItem.parse(
        (await h.request('GET', `/api/employees/${member.row.id}`, { token: adminToken })).json(),
      ).data;
      expect(record.permissions).toEqual(['show_index', 'show_orgs']);
      expect(record.group_ids).toEqual([groupId]);
      expect(record.effective_permissions).toEqual(['show_index', 'show_families', 'show_orgs']);
      expect(record.permission_sources).toEqual([
        { key: 'show_index', individual: true, groups: [] },
        {
          key: 'show_families',
          individual: false,
          groups: [{ id: groupId, name: 'مجموعة الاتحاد' }],
        },
        { key: 'show_orgs', individual: true, groups: [{ id: groupId, name: 'مجموعة الاتحاد' }] },
      ]);
    });

    test('the group page lists its members; the employees list filters by group and role', async () => {
      const shown = groupItem.parse(
        (await h.request('GET', `/api/permission-groups/${groupId}`, { token: adminToken })).json(),
      ).data;
      expect(shown.members_count).toBe(1);
      expect(shown.members?.map((item) => item.name)).toEqual(['عضو المجموعة']);
      const filtered = employeeList.parse(
        (
          await h.request('GET', '/api/employees', {
            token: adminToken,
            query: { 'filter[group_id]': String(groupId) },
          })
        ).json(),
      );
      expect(filtered.data.map((item) => item.id)).toEqual([member.row.id]);
      const byRole = employeeList.parse(
        (
          await h.request('GET', '/api/employees', {
            token: adminToken,
            query: { 'filter[role]': 'Super Admin' },
          })
        ).json(),
      );
      expect(byRole.data.map((item) => item.id)).toContain(adminId);
      expect(byRole.data.every((item) => item.role === 'Super Admin')).toBe(true);
    });

    test('a group change counts at the members’ next request (their cached session is dropped)', async () => {
      // Warm the session cache, then take show_families out of the group.
      expect((await h.request('GET', '/api/families', { token: member.token })).statusCode).toBe(
        200,
      );
      const edit = await h.request('PUT', `/api/permission-groups/${groupId}`, {
        token: adminToken,
        body: { name: 'مجموعة الاتحاد', permissions: ['show_orgs'] },
      });
      expect(edit.statusCode).toBe(200);
      expect((await h.request('GET', '/api/families', { token: member.token })).statusCode).toBe(
        403,
      );
      expect(await userPermissions(member.token)).toEqual(['show_index', 'show_orgs']);
      // And back.
      await h.request('PUT', `/api/permission-groups/${groupId}`, {
        token: adminToken,
        body: { name: 'مجموعة الاتحاد', permissions: ['show_orgs', 'show_families'] },
      });
      expect((await h.request('GET', '/api/families', { token: member.token })).statusCode).toBe(
        200,
      );
      const log = (await h.activityRows('update')).filter(
        (row) => row.entity_type === 'permission_group' && row.entity_id === String(groupId),
      );
      expect(log[0]?.changes).toEqual({
        permissions: [['show_families', 'show_orgs'], ['show_orgs']],
      });
    });

    test('leaving the group and joining again are logged by group name and count at once', async () => {
      const out = await h.request('PUT', `/api/employees/${member.row.id}`, {
        token: adminToken,
        body: { group_ids: [] },
      });
      expect(out.statusCode).toBe(200);
      expect((await h.request('GET', '/api/families', { token: member.token })).statusCode).toBe(
        403,
      );
      const log = (await h.activityRows('update'))
        .filter((row) => row.entity_type === 'employee' && row.entity_id === String(member.row.id))
        .at(-1);
      expect(log?.changes).toEqual({ groups: [['مجموعة الاتحاد'], []] });
      expect(
        (
          await h.request('PUT', `/api/employees/${member.row.id}`, {
            token: adminToken,
            body: { group_ids: [groupId] },
          })
        ).statusCode,
      ).toBe(200);
      expect((await h.request('GET', '/api/families', { token: member.token })).statusCode).toBe(
        200,
      );
    });

    test('an unknown group is 422 on group_ids; a manager cannot add someone to a group with keys they lack', async () => {
      const logs = await logCount();
      const unknown = await h.request('PUT', `/api/employees/${plain.row.id}`, {
        token: adminToken,
        body: { group_ids: [999999] },
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toEqual({
        message: M.unknownGroup,
        errors: { group_ids: [M.unknownGroup] },
      });
      const accountant = SEEDED_PERMISSION_GROUPS.find((group) => group.name === 'محاسب');
      const accountantId = (
        await h.db
          .selectFrom('permission_groups')
          .select('id')
          .where('name', '=', accountant?.name ?? '')
          .executeTakeFirstOrThrow()
      ).id;
      const refused = await h.request('PUT', `/api/employees/${plain.row.id}`, {
        token: manager.token,
        body: { group_ids: [accountantId] },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(
        keysNotHeldMessage(['show_financial', 'show_reports']),
      );
      const created = await h.request('POST', '/api/employees', {
        token: manager.token,
        body: {
          name: 'محاسب جديد',
          email: 'new.accountant@ataa.test',
          password: 'Str0ngPass!',
          group_ids: [accountantId],
        },
      });
      expect(created.statusCode).toBe(403);
      expect(await logCount()).toBe(logs);
      // Nobody changes their own groups.
      const own = await h.request('PUT', `/api/employees/${manager.row.id}`, {
        token: manager.token,
        body: { group_ids: [groupId] },
      });
      expect(own.statusCode).toBe(422);
      expect(own.json<{ errors: Record<string, string[]> }>().errors.group_ids).toEqual([
        M.ownGroups,
      ]);
    });

    test('a group in use cannot be deleted (409, nothing written); an unused one can', async () => {
      const logs = await logCount();
      const refused = await h.request('DELETE', `/api/permission-groups/${groupId}`, {
        token: adminToken,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: M.inUse });
      expect(await logCount()).toBe(logs);
      const spare = groupItem.parse(
        (
          await createGroup(adminToken, { name: 'مجموعة مؤقتة', permissions: ['show_index'] })
        ).json(),
      ).data.id;
      const deleted = await h.request('DELETE', `/api/permission-groups/${spare}`, {
        token: adminToken,
      });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: M.deleted });
      const row = (await h.activityRows('delete')).find(
        (log) => log.entity_type === 'permission_group' && log.entity_id === String(spare),
      );
      expect(row?.changes).toMatchObject({ name: ['مجموعة مؤقتة', null] });
    });

    test('deactivation ends an open session at its next request', async () => {
      expect((await h.request('GET', '/api/user', { token: member.token })).statusCode).toBe(200);
      expect(
        (
          await h.request('PUT', `/api/employees/${member.row.id}`, {
            token: adminToken,
            body: { active: false },
          })
        ).statusCode,
      ).toBe(200);
      expect((await h.request('GET', '/api/user', { token: member.token })).statusCode).toBe(401);
    });
  });

  describe('the last active super admin', () => {
    test('cannot be deactivated or demoted (409 in Arabic), even by a super admin whose own role just went', async () => {
      const second = await h.createEmployee({
        name: 'مدير نظام ثان',
        role: 'Super Admin',
        permissions: [...PERMISSION_KEYS],
      });
      // The second super admin's session is cached as a super admin…
      expect((await h.request('GET', '/api/user', { token: second.token })).statusCode).toBe(200);
      // …while their role is taken away behind the API's back: the admin is now the last one.
      await sql`update employees set role = null where id = ${second.row.id}`.execute(h.db);
      const logs = await logCount();
      const deactivate = await h.request('PUT', `/api/employees/${adminId}`, {
        token: second.token,
        body: { active: false },
      });
      expect(deactivate.statusCode).toBe(409);
      expect(deactivate.json()).toEqual({
        message: EMPLOYEE_RULE_MESSAGES.lastSuperAdmin,
        errors: { active: [EMPLOYEE_RULE_MESSAGES.lastSuperAdmin] },
      });
      const demote = await h.request('PUT', `/api/employees/${adminId}`, {
        token: second.token,
        body: { role: 'محاسب' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json<{ errors: Record<string, string[]> }>().errors.role).toEqual([
        EMPLOYEE_RULE_MESSAGES.lastSuperAdmin,
      ]);
      expect(await logCount()).toBe(logs);
      const admin = await h.db
        .selectFrom('employees')
        .select(['active', 'role'])
        .where('id', '=', adminId)
        .executeTakeFirstOrThrow();
      expect(admin).toEqual({ active: true, role: 'Super Admin' });
    });

    test('with another active super admin, one of them may be deactivated', async () => {
      const third = await h.createEmployee({
        name: 'مدير نظام ثالث',
        role: 'superadmin',
        permissions: ['show_index'],
      });
      const response = await h.request('PUT', `/api/employees/${third.row.id}`, {
        token: adminToken,
        body: { active: false },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  test('every field these changes logged has an Arabic label, every action and entity type a name', async () => {
    const rows = await sql<{ entity_type: string | null; field: string }>`
      select distinct entity_type, jsonb_object_keys(changes::jsonb) as field
      from activity_log where changes is not null`.execute(h.db);
    expect(rows.rows.some((row) => row.entity_type === 'permission_group')).toBe(true);
    expect(rows.rows.some((row) => row.entity_type === 'employee' && row.field === 'groups')).toBe(
      true,
    );
    expect(
      rows.rows.filter((row) => findActivityFieldLabel(row.entity_type, row.field) === undefined),
    ).toEqual([]);
    const kinds = await sql<{
      action: string;
      entity_type: string | null;
    }>`select distinct action, entity_type from activity_log`.execute(h.db);
    expect(
      kinds.rows.filter(
        (row) =>
          !(row.action in ACTIVITY_ACTION_LABELS) ||
          (row.entity_type !== null && !(row.entity_type in ACTIVITY_ENTITY_LABELS)),
      ),
    ).toEqual([]);
  });
});
