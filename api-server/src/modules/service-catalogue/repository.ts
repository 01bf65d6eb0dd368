import type { Kysely } from 'kysely';
import { normaliseArabic } from 'shared-contracts';
import {
  SERVICE_AXIS_MESSAGES,
  SERVICE_DEPARTMENT_MESSAGES,
  SERVICE_TYPE_MESSAGES,
  type NamedRef,
  type ServiceAxis,
  type ServiceAxisInput,
  type ServiceAxisListQuery,
  type ServiceDepartment,
  type ServiceDepartmentInput,
  type ServiceDepartmentListQuery,
  type ServiceType,
  type ServiceTypeInput,
  type ServiceTypeListQuery,
  type ServicesActivityEntityType,
} from 'shared-contracts/services';
import type { PersonRef } from 'shared-contracts';
import type { ServiceTypeRow } from './tables';
import {
  describedLookupAudited,
  describedLookupColumns,
  describedLookupItem,
  namedLookupCommands,
  namedLookupReads,
} from '../lookups';
import { countOf } from '../../db/query';
import type { Database, Executor } from '../../db/tables';
import { FieldErrors } from '../../http/errors';

/**
 * The services catalogue's SQL: departments, axes and service types — the reads (lists with
 * search, filters and counts; one record) and the commands, each write in one transaction with
 * its activity-log row. A name is unique once Arabic-normalised (409); an entry in use is never
 * deleted (409, deactivate it instead).
 */

/** What a catalogue search looks in: the given parts, Arabic-normalised. */
export function catalogueSearchText(...parts: readonly (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .map((part) => normaliseArabic(part))
    .join(' ');
}

const iso = (value: Date) => value.toISOString();
const personRef = (id: number | null, name: string | null): PersonRef | null =>
  id !== null && name !== null ? { id, name } : null;

/** An active employee (or the one the record already names), else a field error. */
async function checkEmployee(
  db: Executor,
  errors: FieldErrors,
  field: string,
  id: number | null | undefined,
  held: number | null,
  message: string,
) {
  if (id === null || id === undefined || id === held) return;
  const row = await db
    .selectFrom('employees')
    .select('id')
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!row) errors.add(field, message);
}

/** Active employees by name: who may manage a department. */
export function activeEmployees(db: Executor): Promise<PersonRef[]> {
  return db
    .selectFrom('employees')
    .select(['id', 'name'])
    .where('active', '=', true)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Departments
// ---------------------------------------------------------------------------------------------

const DEPARTMENT_SORT = {
  name: 'd.name',
  active: 'd.active',
  created_at: 'd.created_at',
  updated_at: 'd.updated_at',
} as const;

function departmentsQuery(db: Executor) {
  return db
    .selectFrom('service_departments as d')
    .leftJoin('employees as e', 'e.id', 'd.manager_id')
    .selectAll('d')
    .select((eb) => [
      'e.name as manager_name',
      countOf(eb.selectFrom('service_types as t').whereRef('t.department_id', '=', 'd.id')).as(
        'service_types_count',
      ),
    ]);
}

type DepartmentQueryRow = Awaited<
  ReturnType<ReturnType<typeof departmentsQuery>['executeTakeFirstOrThrow']>
>;

function toDepartment(row: DepartmentQueryRow): ServiceDepartment {
  return {
    id: row.id,
    name: row.name,
    manager: personRef(row.manager_id, row.manager_name),
    active: row.active,
    service_types_count: row.service_types_count ?? 0,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const departmentReads = namedLookupReads({
  rows: departmentsQuery,
  alias: 'd',
  search: 'd.search_text',
  sort: DEPARTMENT_SORT,
  defaultSort: 'name',
  filter: (builder, query: ServiceDepartmentListQuery) =>
    query.filter.manager_id === undefined
      ? builder
      : builder.where('d.manager_id', '=', query.filter.manager_id),
  toItem: toDepartment,
});

export const listDepartments = departmentReads.list;
export const loadDepartment = departmentReads.load;

function departmentColumns(input: ServiceDepartmentInput) {
  return {
    name: input.name,
    name_normalized: normaliseArabic(input.name),
    manager_id: input.manager_id ?? null,
    active: input.active,
    search_text: catalogueSearchText(input.name),
  };
}

async function managerName(db: Executor, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return (
    (await db.selectFrom('employees').select('name').where('id', '=', id).executeTakeFirst())
      ?.name ?? null
  );
}

async function auditedDepartment(
  db: Executor,
  row: { name: string; manager_id: number | null; active: boolean },
) {
  return { name: row.name, manager: await managerName(db, row.manager_id), active: row.active };
}

async function checkDepartment(
  db: Executor,
  input: ServiceDepartmentInput,
  heldManager: number | null = null,
): Promise<void> {
  const errors = new FieldErrors();
  await checkEmployee(
    db,
    errors,
    'manager_id',
    input.manager_id,
    heldManager,
    SERVICE_DEPARTMENT_MESSAGES.managerNotFound,
  );
  errors.throwIfAny();
}

const departmentCommands = namedLookupCommands({
  table: 'service_departments',
  entityType: 'service_department' satisfies ServicesActivityEntityType,
  messages: SERVICE_DEPARTMENT_MESSAGES,
  columns: departmentColumns,
  audited: (row: { name: string; manager_id: number | null; active: boolean }, db: Executor) =>
    auditedDepartment(db, row),
  check: (db, input, held) => checkDepartment(db, input, held?.manager_id),
  lock: (trx, id) =>
    trx
      .selectFrom('service_departments')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst(),
  insert: async (trx, values) =>
    (
      await trx
        .insertInto('service_departments')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  update: async (trx, id, values) => {
    await trx.updateTable('service_departments').set(values).where('id', '=', id).execute();
  },
  inUse: async (trx, id) =>
    (await trx
      .selectFrom('service_types')
      .select('id')
      .where('department_id', '=', id)
      .executeTakeFirst()) !== undefined,
});

export const createDepartment = departmentCommands.create;
/** False when there is no such department. */
export const updateDepartment = departmentCommands.update;
/** False when there is no such department; 409 while a service type is filed under it. */
export const deleteDepartment = departmentCommands.remove;

// ---------------------------------------------------------------------------------------------
// Axes
// ---------------------------------------------------------------------------------------------

const AXIS_SORT = {
  name: 'x.name',
  active: 'x.active',
  created_at: 'x.created_at',
  updated_at: 'x.updated_at',
} as const;

const axisReads = namedLookupReads({
  rows: (db) =>
    db
      .selectFrom('service_axes as x')
      .selectAll('x')
      .select((eb) =>
        countOf(eb.selectFrom('service_types as t').whereRef('t.axis_id', '=', 'x.id')).as(
          'usage_count',
        ),
      ),
  alias: 'x',
  search: 'x.search_text',
  sort: AXIS_SORT,
  defaultSort: 'name',
  toItem: (row): ServiceAxis => describedLookupItem(row, 'service_types_count'),
});

export const listAxes = (db: Kysely<Database>, query: ServiceAxisListQuery) =>
  axisReads.list(db, query);
export const loadAxis = axisReads.load;

const axisColumns = (input: ServiceAxisInput) => ({
  ...describedLookupColumns(input),
  search_text: catalogueSearchText(input.name, input.description),
});

const axisCommands = namedLookupCommands({
  table: 'service_axes',
  entityType: 'service_axis' satisfies ServicesActivityEntityType,
  messages: SERVICE_AXIS_MESSAGES,
  columns: axisColumns,
  audited: describedLookupAudited,
  lock: (trx, id) =>
    trx.selectFrom('service_axes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
  insert: async (trx, values) =>
    (await trx.insertInto('service_axes').values(values).returning('id').executeTakeFirstOrThrow())
      .id,
  update: async (trx, id, values) => {
    await trx.updateTable('service_axes').set(values).where('id', '=', id).execute();
  },
  inUse: async (trx, id) =>
    (await trx
      .selectFrom('service_types')
      .select('id')
      .where('axis_id', '=', id)
      .executeTakeFirst()) !== undefined,
});

export const createAxis = axisCommands.create;
export const updateAxis = axisCommands.update;
export const deleteAxis = axisCommands.remove;

// ---------------------------------------------------------------------------------------------
// Service types
// ---------------------------------------------------------------------------------------------

const TYPE_SORT = {
  name: 't.name',
  department: 'd.name',
  axis: 'x.name',
  default_cost: 't.default_cost',
  active: 't.active',
  created_at: 't.created_at',
  updated_at: 't.updated_at',
} as const;

function typesQuery(db: Executor) {
  return db
    .selectFrom('service_types as t')
    .innerJoin('service_departments as d', 'd.id', 't.department_id')
    .innerJoin('service_axes as x', 'x.id', 't.axis_id')
    .selectAll('t')
    .select((eb) => [
      'd.name as department_name',
      'x.name as axis_name',
      // The services module's table (its migration runs after this module's): how many services use the type.
      countOf(eb.selectFrom('services as s').whereRef('s.service_type_id', '=', 't.id')).as(
        'services_count',
      ),
    ]);
}

type TypeQueryRow = Awaited<ReturnType<ReturnType<typeof typesQuery>['executeTakeFirstOrThrow']>>;

function toServiceType(row: TypeQueryRow): ServiceType {
  return {
    id: row.id,
    name: row.name,
    department: { id: row.department_id, name: row.department_name },
    axis: { id: row.axis_id, name: row.axis_name },
    default_cost: row.default_cost,
    unit: row.unit,
    is_medical: row.is_medical,
    active: row.active,
    services_count: row.services_count ?? 0,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const typeReads = namedLookupReads({
  rows: typesQuery,
  alias: 't',
  search: 't.search_text',
  sort: TYPE_SORT,
  defaultSort: 'name',
  nullsLast: true,
  filter: (builder, { filter }: ServiceTypeListQuery) => {
    let filtered = builder;
    if (filter.department_id !== undefined)
      filtered = filtered.where('t.department_id', '=', filter.department_id);
    if (filter.axis_id !== undefined) filtered = filtered.where('t.axis_id', '=', filter.axis_id);
    if (filter.is_medical !== undefined)
      filtered = filtered.where('t.is_medical', '=', filter.is_medical);
    return filtered;
  },
  toItem: toServiceType,
});

export const listServiceTypes = typeReads.list;
export const loadServiceType = typeReads.load;

/** A type's id and name, whether it may be requested (active) and what a service of it costs by default. */
export interface ServiceTypeFacts extends NamedRef {
  active: boolean;
  default_cost: number | null;
}

/** What the services module needs to know about a type; undefined when there is none. */
export function serviceTypeFacts(db: Executor, id: number): Promise<ServiceTypeFacts | undefined> {
  return db
    .selectFrom('service_types')
    .select(['id', 'name', 'active', 'default_cost'])
    .where('id', '=', id)
    .executeTakeFirst();
}

function typeColumns(input: ServiceTypeInput) {
  return {
    name: input.name,
    name_normalized: normaliseArabic(input.name),
    department_id: input.department_id,
    axis_id: input.axis_id,
    default_cost: input.default_cost ?? null,
    unit: input.unit ?? null,
    is_medical: input.is_medical,
    active: input.active,
    search_text: catalogueSearchText(input.name, input.unit),
  };
}

/** What a service type's activity rows record: its own fields and the names of its department and axis. */
interface AuditedTypeRow {
  name: string;
  department_id: number;
  axis_id: number;
  default_cost: number | string | null;
  unit: string | null;
  is_medical: boolean;
  active: boolean;
}

async function auditedType(db: Executor, row: AuditedTypeRow) {
  const [department, axis] = await Promise.all([
    db
      .selectFrom('service_departments')
      .select('name')
      .where('id', '=', row.department_id)
      .executeTakeFirst(),
    db.selectFrom('service_axes').select('name').where('id', '=', row.axis_id).executeTakeFirst(),
  ]);
  return {
    name: row.name,
    department: department?.name ?? null,
    axis: axis?.name ?? null,
    default_cost: row.default_cost === null ? null : Number(row.default_cost),
    unit: row.unit,
    is_medical: row.is_medical,
    active: row.active,
  };
}

/**
 * The department and the axis exist and are active (the ones the type already holds stay
 * accepted). Their rows stay key-share locked until the transaction ends, so a concurrent delete
 * waits and then sees the new type.
 */
async function checkType(
  db: Executor,
  input: ServiceTypeInput,
  held?: { department_id: number; axis_id: number },
): Promise<void> {
  const errors = new FieldErrors();
  const usable = async (
    table: 'service_departments' | 'service_axes',
    id: number,
    heldId: number | undefined,
  ) =>
    id === heldId ||
    (await db
      .selectFrom(table)
      .select('id')
      .where('id', '=', id)
      .where('active', '=', true)
      .forKeyShare()
      .executeTakeFirst()) !== undefined;
  if (!(await usable('service_departments', input.department_id, held?.department_id)))
    errors.add('department_id', SERVICE_TYPE_MESSAGES.departmentInactive);
  if (!(await usable('service_axes', input.axis_id, held?.axis_id)))
    errors.add('axis_id', SERVICE_TYPE_MESSAGES.axisInactive);
  errors.throwIfAny();
}

const serviceTypeCommands = namedLookupCommands({
  table: 'service_types',
  entityType: 'service_type' satisfies ServicesActivityEntityType,
  messages: SERVICE_TYPE_MESSAGES,
  columns: typeColumns,
  audited: (row: AuditedTypeRow, db: Executor) => auditedType(db, row),
  check: (db: Executor, input: ServiceTypeInput, held?: ServiceTypeRow) =>
    checkType(db, input, held),
  // The checks key-share lock the department and the axis, so they run in the write's transaction.
  checkInTransaction: true,
  lock: (trx, id) =>
    trx.selectFrom('service_types').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
  insert: async (trx, values) =>
    (await trx.insertInto('service_types').values(values).returning('id').executeTakeFirstOrThrow())
      .id,
  update: async (trx, id, values) => {
    await trx.updateTable('service_types').set(values).where('id', '=', id).execute();
  },
  inUse: async (trx, id) =>
    (await trx
      .selectFrom('services')
      .select('id')
      .where('service_type_id', '=', id)
      .executeTakeFirst()) !== undefined,
});

export const createServiceType = serviceTypeCommands.create;
export const updateServiceType = serviceTypeCommands.update;
export const deleteServiceType = serviceTypeCommands.remove;
