import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import { normaliseArabic, type Employee, type PermissionKey } from 'shared-contracts';
import {
  effectivePermissions,
  type AdminEmployee,
  type EmployeeSortField,
} from 'shared-contracts/admin';
import { likeContains } from '../../db/search';
import type { Database, Executor } from '../../db/tables';
import { groupsOfEmployees, type EmployeeGroupRef } from '../permission-groups';
import type { EmployeeAccount, EmployeeRow, EmployeesTable } from './tables';

export interface EmployeeListFilters {
  active?: boolean;
  groupId?: number;
  role?: string;
}

/**
 * `role: 'Super Admin'` → `roles: [{ slug: 'super-admin', name: 'Super Admin' }]`
 * (docs/shell.md#the-employee allows either).
 */
export function rolesOf(role: string | null): { slug: string; name: string }[] {
  if (!role) return [];
  return [{ slug: role.trim().toLowerCase().replace(/\s+/g, '-'), name: role }];
}

/** The employee as the API returns it: never the password hash. */
export function toEmployeeResource(row: EmployeeAccount): Employee {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    active: row.active,
    permissions: [...row.permissions],
    role: row.role,
    roles: rolesOf(row.role),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_login_at: row.last_login_at ? row.last_login_at.toISOString() : null,
  };
}

/**
 * An employee as the employees pages read it: the individual keys, the groups, and the
 * effective union with where each key comes from.
 */
export function toAdminEmployee(
  row: EmployeeRow,
  groups: readonly EmployeeGroupRef[],
): AdminEmployee {
  const effective = effectivePermissions(row.permissions, groups);
  const own = new Set(row.permissions);
  return {
    ...toEmployeeResource(row),
    group_ids: groups.map((group) => group.id),
    groups: groups.map((group) => ({ id: group.id, name: group.name })),
    effective_permissions: effective,
    permission_sources: effective.map((key) => ({
      key,
      individual: own.has(key),
      groups: groups
        .filter((group) => group.permissions.includes(key))
        .map((group) => ({ id: group.id, name: group.name })),
    })),
  };
}

/** The employees with their groups, as the pages read them. */
export async function adminEmployees(
  db: Executor,
  rows: readonly EmployeeRow[],
): Promise<AdminEmployee[]> {
  const groups = await groupsOfEmployees(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAdminEmployee(row, groups.get(row.id) ?? []));
}

/** One employee with its groups, or undefined. */
export async function loadAdminEmployee(
  db: Executor,
  id: number,
): Promise<AdminEmployee | undefined> {
  const row = await findEmployeeById(db, id);
  if (!row) return undefined;
  const [employee] = await adminEmployees(db, [row]);
  return employee ?? toAdminEmployee(row, []);
}

export function searchKeyFor(name: string, email: string): string {
  return normaliseArabic(`${name} ${email}`);
}

/** Emails are compared and stored lower-case; the column has a check constraint to match. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Keeps the contract's order so stored arrays (and diffs of them) are stable. */
export function sortPermissions(
  keys: readonly PermissionKey[],
  order: readonly string[],
): PermissionKey[] {
  return [...new Set(keys)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

export function findEmployeeById(db: Executor, id: number): Promise<EmployeeRow | undefined> {
  return db.selectFrom('employees').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findEmployeeByEmail(db: Executor, email: string): Promise<EmployeeRow | undefined> {
  return db
    .selectFrom('employees')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
}

/** Same as above but locks the row, for read-modify-write inside a transaction. */
export function lockEmployeeById(
  trx: Transaction<Database>,
  id: number,
): Promise<EmployeeRow | undefined> {
  return trx
    .selectFrom('employees')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export interface NewEmployee {
  name: string;
  email: string;
  passwordHash: string;
  active: boolean;
  role: string | null;
  permissions: string[];
}

export function insertEmployee(db: Executor, employee: NewEmployee): Promise<EmployeeRow> {
  const email = normaliseEmail(employee.email);
  return db
    .insertInto('employees')
    .values({
      name: employee.name,
      email,
      search_key: searchKeyFor(employee.name, email),
      password_hash: employee.passwordHash,
      active: employee.active,
      role: employee.role,
      permissions: employee.permissions,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateEmployee(
  db: Executor,
  id: number,
  changes: Updateable<EmployeesTable>,
): Promise<EmployeeRow> {
  return db
    .updateTable('employees')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Stamps a successful sign-in. Not `updateEmployee`: signing in is not an edit of the record, so
 * `updated_at` stays.
 */
export function markSignedIn(db: Executor, id: number, at: Date): Promise<EmployeeRow> {
  return db
    .updateTable('employees')
    .set({ last_login_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface EmployeeListOptions {
  page: number;
  perPage: number;
  search?: string;
  sort: EmployeeSortField;
  order: 'asc' | 'desc';
  filters: EmployeeListFilters;
}

export async function listEmployees(
  db: Kysely<Database>,
  options: EmployeeListOptions,
): Promise<{ rows: EmployeeRow[]; total: number }> {
  let query = db.selectFrom('employees');
  const term = options.search ? normaliseArabic(options.search) : '';
  if (term !== '') query = query.where('search_key', 'like', likeContains(term));
  if (options.filters.active !== undefined)
    query = query.where('active', '=', options.filters.active);
  if (options.filters.role !== undefined) query = query.where('role', '=', options.filters.role);
  const groupId = options.filters.groupId;
  if (groupId !== undefined)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('employee_permission_groups as m')
          .select('m.group_id')
          .whereRef('m.employee_id', '=', 'employees.id')
          .where('m.group_id', '=', groupId),
      ),
    );

  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy(options.sort, options.order)
      .orderBy('id', options.order)
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

/**
 * The super-admin rule (`isSuperAdmin`, docs/shell.md#permissions), in SQL: the role without
 * spaces, any case.
 */
const SUPER_ADMIN_ROLE_SQL = sql<boolean>`lower(regexp_replace(coalesce(role, ''), '[[:space:]]', '', 'g')) = 'superadmin'`;

/**
 * The other active super admins, locked until the transaction ends: two super admins demoting
 * each other at once cannot both pass the "last super admin" check.
 */
export async function lockOtherActiveSuperAdmins(
  trx: Transaction<Database>,
  exceptId: number,
): Promise<number[]> {
  const rows = await trx
    .selectFrom('employees')
    .select('id')
    .where('active', '=', true)
    .where('id', '!=', exceptId)
    .where(SUPER_ADMIN_ROLE_SQL)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

export function countEmployees(db: Kysely<Database>): Promise<number> {
  return db
    .selectFrom('employees')
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow()
    .then((row) => row.total);
}
