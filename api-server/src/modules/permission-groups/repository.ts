import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Transaction,
  type Updateable,
} from 'kysely';
import { normaliseArabic, PERMISSION_KEYS } from 'shared-contracts';
import {
  effectivePermissions,
  type PermissionGroup,
  type PermissionGroupInput,
  type PermissionGroupListQuery,
  type PermissionGroupMember,
} from 'shared-contracts/admin';
import { sqlState } from '../../db/errors';
import { countRows, orderTerm } from '../../db/query';
import { whereSearch } from '../../db/search';
import type { Database, Executor } from '../../db/tables';
import type { PermissionGroupRow, PermissionGroupsTable } from './tables';
import { pageWindow } from '../../http/pagination';

/**
 * Permission groups' SQL: the reads, the writes the commands make (commands.ts), and what the rest of the API needs to compute an employee's effective permissions (the
 * union of their own keys and their groups' keys).
 */

const FOREIGN_KEY_VIOLATION = '23503';
const iso = (value: Date) => value.toISOString();

/** The contract's order, unknown keys dropped (a stored list stays stable for diffs). */
export function orderedKeys(keys: readonly string[]): string[] {
  const held = new Set(keys);
  return PERMISSION_KEYS.filter((key) => held.has(key));
}

/**
 * The keys an employee holds through groups, as an SQL expression over `employeeIdColumn`: lets
 * the session lookup read the caller and their group keys in one round trip.
 */
export function groupPermissionsOf(employeeIdColumn: string): RawBuilder<string[]> {
  return sql<string[]>`array(
    select distinct k.key
    from employee_permission_groups m
    join permission_groups g on g.id = m.group_id
    cross join lateral unnest(g.permissions) as k(key)
    where m.employee_id = ${sql.ref(employeeIdColumn)}
  )`;
}

export interface EmployeeGroupRef {
  id: number;
  name: string;
  permissions: string[];
}

/** Each employee's groups (by name), for the employees pages and the effective permissions. */
export async function groupsOfEmployees(
  db: Executor,
  employeeIds: readonly number[],
): Promise<Map<number, EmployeeGroupRef[]>> {
  const result = new Map<number, EmployeeGroupRef[]>();
  if (employeeIds.length === 0) return result;
  const rows = await db
    .selectFrom('employee_permission_groups as m')
    .innerJoin('permission_groups as g', 'g.id', 'm.group_id')
    .select(['m.employee_id', 'g.id', 'g.name', 'g.permissions'])
    .where('m.employee_id', 'in', [...new Set(employeeIds)])
    .orderBy('g.name')
    .orderBy('g.id')
    .execute();
  for (const row of rows) {
    const list = result.get(row.employee_id) ?? [];
    list.push({ id: row.id, name: row.name, permissions: row.permissions });
    result.set(row.employee_id, list);
  }
  return result;
}

/** An employee record with `permissions` replaced by the effective union (login answer, profile). */
export async function withEffectivePermissions<T extends { id: number; permissions: string[] }>(
  db: Executor,
  row: T,
): Promise<T> {
  const groups = (await groupsOfEmployees(db, [row.id])).get(row.id) ?? [];
  return { ...row, permissions: effectivePermissions(row.permissions, groups) };
}

/** The groups with these ids (locked for share inside a transaction, so none changes meanwhile). */
export async function findGroups(
  trx: Transaction<Database>,
  ids: readonly number[],
): Promise<EmployeeGroupRef[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('permission_groups')
    .select(['id', 'name', 'permissions'])
    .where('id', 'in', [...ids])
    .orderBy('name')
    .orderBy('id')
    .forShare()
    .execute();
}

/** Replaces an employee's groups. */
export async function setEmployeeGroups(
  trx: Transaction<Database>,
  employeeId: number,
  groupIds: readonly number[],
): Promise<void> {
  await trx
    .deleteFrom('employee_permission_groups')
    .where('employee_id', '=', employeeId)
    .execute();
  if (groupIds.length > 0)
    await trx
      .insertInto('employee_permission_groups')
      .values(groupIds.map((groupId) => ({ employee_id: employeeId, group_id: groupId })))
      .execute();
}

/** The ids of a group's members (whose cached sessions a change of the group must drop). */
export async function memberIdsOf(db: Executor, groupId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('employee_permission_groups')
    .select('employee_id')
    .where('group_id', '=', groupId)
    .execute();
  return rows.map((row) => row.employee_id);
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

function groupsQuery(db: Executor) {
  return db
    .selectFrom('permission_groups as g')
    .leftJoin('employees as u', 'u.id', 'g.updated_by')
    .selectAll('g')
    .select((eb) => [
      'u.name as updated_by_name',
      eb
        .selectFrom('employee_permission_groups as m')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('m.group_id', '=', 'g.id')
        .as('members_count'),
    ]);
}

type GroupQueryRow = Awaited<ReturnType<ReturnType<typeof groupsQuery>['executeTakeFirstOrThrow']>>;

function toGroup(row: GroupQueryRow, members?: PermissionGroupMember[]): PermissionGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: orderedKeys(row.permissions),
    members_count: row.members_count ?? 0,
    ...(members ? { members } : {}),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    updated_by:
      row.updated_by !== null && row.updated_by_name !== null
        ? { id: row.updated_by, name: row.updated_by_name }
        : null,
  };
}

const SORT = { name: 'g.name', created_at: 'g.created_at', updated_at: 'g.updated_at' } as const;

export async function listGroups(
  db: Kysely<Database>,
  query: PermissionGroupListQuery,
): Promise<{ rows: PermissionGroup[]; total: number }> {
  const builder = whereSearch(groupsQuery(db), 'g.search_text', query.search);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    builder
      .orderBy(orderTerm(SORT[query.sort ?? 'name'], query.order))
      .orderBy('g.id', query.order)
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(builder),
  ]);
  return { rows: rows.map((row) => toGroup(row)), total };
}

export async function loadGroup(db: Executor, id: number): Promise<PermissionGroup | undefined> {
  const row = await groupsQuery(db).where('g.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const members = await db
    .selectFrom('employee_permission_groups as m')
    .innerJoin('employees as e', 'e.id', 'm.employee_id')
    .select(['e.id', 'e.name', 'e.active', 'e.role'])
    .where('m.group_id', '=', id)
    .orderBy('e.name')
    .orderBy('e.id')
    .execute();
  return toGroup(row, members);
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

/** The stored columns of a group as an input gives them. */
export function groupColumns(input: PermissionGroupInput, permissions: string[]) {
  return {
    name: input.name,
    name_normalized: normaliseArabic(input.name),
    description: input.description ?? null,
    permissions,
    search_text: [input.name, input.description ?? '']
      .map((part) => normaliseArabic(part))
      .join(' ')
      .trim(),
  };
}

/** Whether another group has this name once normalised. */
export async function groupNameTaken(
  db: Executor,
  name: string,
  excludeId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('permission_groups')
    .select('id')
    .where('name_normalized', '=', normaliseArabic(name));
  if (excludeId !== undefined) query = query.where('id', '<>', excludeId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function isMember(
  db: Executor,
  groupId: number,
  employeeId: number,
): Promise<boolean> {
  return (
    (await db
      .selectFrom('employee_permission_groups')
      .select('group_id')
      .where('group_id', '=', groupId)
      .where('employee_id', '=', employeeId)
      .executeTakeFirst()) !== undefined
  );
}

export function insertGroup(
  trx: Transaction<Database>,
  values: Insertable<PermissionGroupsTable>,
): Promise<{ id: number; name: string }> {
  return trx
    .insertInto('permission_groups')
    .values(values)
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export function lockGroup(
  trx: Transaction<Database>,
  id: number,
): Promise<PermissionGroupRow | undefined> {
  return trx
    .selectFrom('permission_groups')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateGroupRow(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<PermissionGroupsTable>,
): Promise<void> {
  await trx.updateTable('permission_groups').set(values).where('id', '=', id).execute();
}

/** Deletes a group; false when a membership refers to it (the foreign key refused). */
export async function deleteGroupRow(trx: Transaction<Database>, id: number): Promise<boolean> {
  try {
    await trx.deleteFrom('permission_groups').where('id', '=', id).execute();
    return true;
  } catch (error) {
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) return false;
    throw error;
  }
}
