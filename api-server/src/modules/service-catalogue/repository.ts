import { sql, type Kysely, type Transaction } from 'kysely';
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
import { sqlState } from '../../db/errors';
import { countRows, orderTerm } from '../../db/query';
import { whereSearch } from '../../db/search';
import type { Database, Executor } from '../../db/tables';
import { conflict, FieldErrors, withUniqueRecheck } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import type { ChangeAuthor } from '../../http/request-meta';
import { diffChanges, recordActivity } from '../activity-log';

/**
 * The services catalogue's SQL: departments, axes and service types — the reads (lists with
 * search, filters and counts; one record) and the commands, each write in one transaction with
 * its activity-log row. A name is unique once Arabic-normalised (409); an entry in use is never
 * deleted (409, deactivate it instead).
 */

type CatalogueTable = 'service_departments' | 'service_axes' | 'service_types';

const FOREIGN_KEY_VIOLATION = '23503';

/** What a catalogue search looks in: the given parts, Arabic-normalised. */
export function catalogueSearchText(...parts: readonly (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .map((part) => normaliseArabic(part))
    .join(' ');
}

const iso = (value: Date) => value.toISOString();
const personRef = (id: number | null, name: string | null): PersonRef | null => (id !== null && name !== null ? { id, name } : null);

/** 409 when another entry of `table` has this normalised name. */
async function assertUniqueName(db: Executor, table: CatalogueTable, nameNormalized: string, message: string, excludeId?: number): Promise<void> {
  let query = db.selectFrom(table).select('id').where('name_normalized', '=', nameNormalized);
  if (excludeId !== undefined) query = query.where('id', '<>', excludeId);
  if (await query.executeTakeFirst()) throw conflict(message, { name: [message] });
}

/** Deletes one entry, or answers the Arabic 409 when a row still refers to it (checked, and the foreign key as the backstop). */
async function deleteEntry(trx: Transaction<Database>, table: CatalogueTable, id: number, inUseMessage: string): Promise<void> {
  try {
    await trx.deleteFrom(table).where('id', '=', id).execute();
  } catch (error) {
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw conflict(inUseMessage);
    throw error;
  }
}

/** The activity row of a catalogue change. */
function logCatalogue(
  trx: Transaction<Database>,
  author: ChangeAuthor,
  action: 'create' | 'update' | 'delete',
  entityType: ServicesActivityEntityType,
  entity: { id: number; label: string },
  changes: Record<string, [unknown, unknown]>,
): Promise<void> {
  return recordActivity(trx, {
    employeeId: author.id,
    action,
    entityType,
    entityId: entity.id,
    entityLabel: entity.label,
    changes,
    meta: author.meta,
  });
}

/** `{ field: [old, null] }` for every audited field of a deleted entry. */
const deletedChanges = (audited: Record<string, unknown>): Record<string, [unknown, unknown]> =>
  Object.fromEntries(Object.entries(audited).map(([field, value]) => [field, [value ?? null, null]]));

/** An active employee (or the one the record already names), else a field error. */
async function checkEmployee(db: Executor, errors: FieldErrors, field: string, id: number | null | undefined, held: number | null, message: string) {
  if (id === null || id === undefined || id === held) return;
  const row = await db.selectFrom('employees').select('id').where('id', '=', id).where('active', '=', true).executeTakeFirst();
  if (!row) errors.add(field, message);
}

/** Active employees by name: who may manage a department. */
export function activeEmployees(db: Executor): Promise<PersonRef[]> {
  return db.selectFrom('employees').select(['id', 'name']).where('active', '=', true).orderBy('name').orderBy('id').execute();
}

// ---------------------------------------------------------------------------------------------
// Departments
// ---------------------------------------------------------------------------------------------

const DEPARTMENT_SORT = { name: 'd.name', active: 'd.active', created_at: 'd.created_at', updated_at: 'd.updated_at' } as const;

function departmentsQuery(db: Executor) {
  return db
    .selectFrom('service_departments as d')
    .leftJoin('employees as e', 'e.id', 'd.manager_id')
    .selectAll('d')
    .select((eb) => [
      'e.name as manager_name',
      eb.selectFrom('service_types as t').select(sql<number>`count(*)::int`.as('n')).whereRef('t.department_id', '=', 'd.id').as('service_types_count'),
    ]);
}

type DepartmentQueryRow = Awaited<ReturnType<ReturnType<typeof departmentsQuery>['executeTakeFirstOrThrow']>>;

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

export async function listDepartments(db: Kysely<Database>, query: ServiceDepartmentListQuery): Promise<{ rows: ServiceDepartment[]; total: number }> {
  let builder = whereSearch(departmentsQuery(db), 'd.search_text', query.search);
  if (query.filter.active !== undefined) builder = builder.where('d.active', '=', query.filter.active);
  if (query.filter.manager_id !== undefined) builder = builder.where('d.manager_id', '=', query.filter.manager_id);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    builder.orderBy(orderTerm(DEPARTMENT_SORT[query.sort ?? 'name'], query.order)).orderBy('d.id', query.order).limit(limit).offset(offset).execute(),
    countRows(builder),
  ]);
  return { rows: rows.map(toDepartment), total };
}

export async function loadDepartment(db: Executor, id: number): Promise<ServiceDepartment | undefined> {
  const row = await departmentsQuery(db).where('d.id', '=', id).executeTakeFirst();
  return row ? toDepartment(row) : undefined;
}

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
  return (await db.selectFrom('employees').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null;
}

async function auditedDepartment(db: Executor, row: { name: string; manager_id: number | null; active: boolean }) {
  return { name: row.name, manager: await managerName(db, row.manager_id), active: row.active };
}

async function checkDepartment(db: Executor, input: ServiceDepartmentInput, heldManager: number | null = null): Promise<void> {
  const errors = new FieldErrors();
  await checkEmployee(db, errors, 'manager_id', input.manager_id, heldManager, SERVICE_DEPARTMENT_MESSAGES.managerNotFound);
  errors.throwIfAny();
}

export async function createDepartment(db: Kysely<Database>, input: ServiceDepartmentInput, author: ChangeAuthor): Promise<number> {
  const columns = departmentColumns(input);
  await checkDepartment(db, input);
  const unique = () => assertUniqueName(db, 'service_departments', columns.name_normalized, SERVICE_DEPARTMENT_MESSAGES.duplicateName);
  await unique();
  return withUniqueRecheck(
    () =>
      db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('service_departments')
          .values({ ...columns, created_by: author.id, updated_by: author.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        await logCatalogue(trx, author, 'create', 'service_department', { id, label: columns.name }, diffChanges(null, await auditedDepartment(trx, columns)));
        return id;
      }),
    unique,
  );
}

/** False when there is no such department. */
export async function updateDepartment(db: Kysely<Database>, id: number, input: ServiceDepartmentInput, author: ChangeAuthor): Promise<boolean> {
  const columns = departmentColumns(input);
  const unique = () => assertUniqueName(db, 'service_departments', columns.name_normalized, SERVICE_DEPARTMENT_MESSAGES.duplicateName, id);
  return withUniqueRecheck(
    () =>
      db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('service_departments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!before) return false;
        await checkDepartment(trx, input, before.manager_id);
        await assertUniqueName(trx, 'service_departments', columns.name_normalized, SERVICE_DEPARTMENT_MESSAGES.duplicateName, id);
        const changes = diffChanges(await auditedDepartment(trx, before), await auditedDepartment(trx, columns));
        await trx.updateTable('service_departments').set({ ...columns, updated_at: new Date(), updated_by: author.id }).where('id', '=', id).execute();
        if (Object.keys(changes).length > 0) await logCatalogue(trx, author, 'update', 'service_department', { id, label: columns.name }, changes);
        return true;
      }),
    unique,
  );
}

/** False when there is no such department; 409 while a service type is filed under it. */
export async function deleteDepartment(db: Kysely<Database>, id: number, author: ChangeAuthor): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('service_departments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) return false;
    const used = await trx.selectFrom('service_types').select('id').where('department_id', '=', id).executeTakeFirst();
    if (used) throw conflict(SERVICE_DEPARTMENT_MESSAGES.inUse);
    const audited = await auditedDepartment(trx, before);
    await deleteEntry(trx, 'service_departments', id, SERVICE_DEPARTMENT_MESSAGES.inUse);
    await logCatalogue(trx, author, 'delete', 'service_department', { id, label: before.name }, deletedChanges(audited));
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Axes
// ---------------------------------------------------------------------------------------------

const AXIS_SORT = { name: 'x.name', active: 'x.active', created_at: 'x.created_at', updated_at: 'x.updated_at' } as const;

function axesQuery(db: Executor) {
  return db
    .selectFrom('service_axes as x')
    .selectAll('x')
    .select((eb) =>
      eb.selectFrom('service_types as t').select(sql<number>`count(*)::int`.as('n')).whereRef('t.axis_id', '=', 'x.id').as('service_types_count'),
    );
}

type AxisQueryRow = Awaited<ReturnType<ReturnType<typeof axesQuery>['executeTakeFirstOrThrow']>>;

function toAxis(row: AxisQueryRow): ServiceAxis {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    active: row.active,
    service_types_count: row.service_types_count ?? 0,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export async function listAxes(db: Kysely<Database>, query: ServiceAxisListQuery): Promise<{ rows: ServiceAxis[]; total: number }> {
  let builder = whereSearch(axesQuery(db), 'x.search_text', query.search);
  if (query.filter.active !== undefined) builder = builder.where('x.active', '=', query.filter.active);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    builder.orderBy(orderTerm(AXIS_SORT[query.sort ?? 'name'], query.order)).orderBy('x.id', query.order).limit(limit).offset(offset).execute(),
    countRows(builder),
  ]);
  return { rows: rows.map(toAxis), total };
}

export async function loadAxis(db: Executor, id: number): Promise<ServiceAxis | undefined> {
  const row = await axesQuery(db).where('x.id', '=', id).executeTakeFirst();
  return row ? toAxis(row) : undefined;
}

function axisColumns(input: ServiceAxisInput) {
  return {
    name: input.name,
    name_normalized: normaliseArabic(input.name),
    description: input.description ?? null,
    active: input.active,
    search_text: catalogueSearchText(input.name, input.description),
  };
}

const auditedAxis = (row: { name: string; description: string | null; active: boolean }) => ({ name: row.name, description: row.description, active: row.active });

export async function createAxis(db: Kysely<Database>, input: ServiceAxisInput, author: ChangeAuthor): Promise<number> {
  const columns = axisColumns(input);
  const unique = () => assertUniqueName(db, 'service_axes', columns.name_normalized, SERVICE_AXIS_MESSAGES.duplicateName);
  await unique();
  return withUniqueRecheck(
    () =>
      db.transaction().execute(async (trx) => {
        const { id } = await trx.insertInto('service_axes').values({ ...columns, created_by: author.id, updated_by: author.id }).returning('id').executeTakeFirstOrThrow();
        await logCatalogue(trx, author, 'create', 'service_axis', { id, label: columns.name }, diffChanges(null, auditedAxis(columns)));
        return id;
      }),
    unique,
  );
}

export async function updateAxis(db: Kysely<Database>, id: number, input: ServiceAxisInput, author: ChangeAuthor): Promise<boolean> {
  const columns = axisColumns(input);
  const unique = () => assertUniqueName(db, 'service_axes', columns.name_normalized, SERVICE_AXIS_MESSAGES.duplicateName, id);
  return withUniqueRecheck(
    () =>
      db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('service_axes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!before) return false;
        await assertUniqueName(trx, 'service_axes', columns.name_normalized, SERVICE_AXIS_MESSAGES.duplicateName, id);
        const changes = diffChanges(auditedAxis(before), auditedAxis(columns));
        await trx.updateTable('service_axes').set({ ...columns, updated_at: new Date(), updated_by: author.id }).where('id', '=', id).execute();
        if (Object.keys(changes).length > 0) await logCatalogue(trx, author, 'update', 'service_axis', { id, label: columns.name }, changes);
        return true;
      }),
    unique,
  );
}

export async function deleteAxis(db: Kysely<Database>, id: number, author: ChangeAuthor): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('service_axes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) return false;
    const used = await trx.selectFrom('service_types').select('id').where('axis_id', '=', id).executeTakeFirst();
    if (used) throw conflict(SERVICE_AXIS_MESSAGES.inUse);
    await deleteEntry(trx, 'service_axes', id, SERVICE_AXIS_MESSAGES.inUse);
    await logCatalogue(trx, author, 'delete', 'service_axis', { id, label: before.name }, deletedChanges(auditedAxis(before)));
    return true;
  });
}

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
      eb.selectFrom('services as s').select(sql<number>`count(*)::int`.as('n')).whereRef('s.service_type_id', '=', 't.id').as('services_count'),
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

export async function listServiceTypes(db: Kysely<Database>, query: ServiceTypeListQuery): Promise<{ rows: ServiceType[]; total: number }> {
  let builder = whereSearch(typesQuery(db), 't.search_text', query.search);
  const { department_id: departmentId, axis_id: axisId, is_medical: isMedical, active } = query.filter;
  if (departmentId !== undefined) builder = builder.where('t.department_id', '=', departmentId);
  if (axisId !== undefined) builder = builder.where('t.axis_id', '=', axisId);
  if (isMedical !== undefined) builder = builder.where('t.is_medical', '=', isMedical);
  if (active !== undefined) builder = builder.where('t.active', '=', active);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    builder
      .orderBy(orderTerm(TYPE_SORT[query.sort ?? 'name'], query.order, { nullsLast: true }))
      .orderBy('t.id', query.order)
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(builder),
  ]);
  return { rows: rows.map(toServiceType), total };
}

export async function loadServiceType(db: Executor, id: number): Promise<ServiceType | undefined> {
  const row = await typesQuery(db).where('t.id', '=', id).executeTakeFirst();
  return row ? toServiceType(row) : undefined;
}

/** A type's id and name, whether it may be requested (active) and what a service of it costs by default. */
export interface ServiceTypeFacts extends NamedRef {
  active: boolean;
  default_cost: number | null;
}

/** What the services module needs to know about a type; undefined when there is none. */
export function serviceTypeFacts(db: Executor, id: number): Promise<ServiceTypeFacts | undefined> {
  return db.selectFrom('service_types').select(['id', 'name', 'active', 'default_cost']).where('id', '=', id).executeTakeFirst();
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

async function auditedType(db: Executor, row: ReturnType<typeof typeColumns> | { name: string; department_id: number; axis_id: number; default_cost: number | null; unit: string | null; is_medical: boolean; active: boolean }) {
  const [department, axis] = await Promise.all([
    db.selectFrom('service_departments').select('name').where('id', '=', row.department_id).executeTakeFirst(),
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
async function checkType(db: Executor, input: ServiceTypeInput, held?: { department_id: number; axis_id: number }): Promise<void> {
  const errors = new FieldErrors();
  const usable = async (table: 'service_departments' | 'service_axes', id: number, heldId: number | undefined) =>
    id === heldId || (await db.selectFrom(table).select('id').where('id', '=', id).where('active', '=', true).forKeyShare().executeTakeFirst()) !== undefined;
  if (!(await usable('service_departments', input.department_id, held?.department_id))) errors.add('department_id', SERVICE_TYPE_MESSAGES.departmentInactive);
  if (!(await usable('service_axes', input.axis_id, held?.axis_id))) errors.add('axis_id', SERVICE_TYPE_MESSAGES.axisInactive);
  errors.throwIfAny();
}

export async function createServiceType(db: Kysely<Database>, input: ServiceTypeInput, author: ChangeAuthor): Promise<number> {
  const columns = typeColumns(input);
  const unique = () => assertUniqueName(db, 'service_types', columns.name_normalized, SERVICE_TYPE_MESSAGES.duplicateName);
  return withUniqueRecheck(
    () =>
      db.transaction().execute(async (trx) => {
        await checkType(trx, input);
        await assertUniqueName(trx, 'service_types', columns.name_normalized, SERVICE_TYPE_MESSAGES.duplicateName);
        const { id } = await trx.insertInto('service_types').values({ ...columns, created_by: author.id, updated_by: author.id }).returning('id').executeTakeFirstOrThrow();
        await logCatalogue(trx, author, 'create', 'service_type', { id, label: columns.name }, diffChanges(null, await auditedType(trx, columns)));
        return id;
      }),
    unique,
  );
}

export async function updateServiceType(db: Kysely<Database>, id: number, input: ServiceTypeInput, author: ChangeAuthor): Promise<boolean> {
  const columns = typeColumns(input);
  const unique = () => assertUniqueName(db, 'service_types', columns.name_normalized, SERVICE_TYPE_MESSAGES.duplicateName, id);
  return withUniqueRecheck(
    () =>
      db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('service_types').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!before) return false;
        await checkType(trx, input, before);
        await assertUniqueName(trx, 'service_types', columns.name_normalized, SERVICE_TYPE_MESSAGES.duplicateName, id);
        const changes = diffChanges(await auditedType(trx, before), await auditedType(trx, columns));
        await trx.updateTable('service_types').set({ ...columns, updated_at: new Date(), updated_by: author.id }).where('id', '=', id).execute();
        if (Object.keys(changes).length > 0) await logCatalogue(trx, author, 'update', 'service_type', { id, label: columns.name }, changes);
        return true;
      }),
    unique,
  );
}

export async function deleteServiceType(db: Kysely<Database>, id: number, author: ChangeAuthor): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('service_types').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) return false;
    const used = await trx.selectFrom('services').select('id').where('service_type_id', '=', id).executeTakeFirst();
    if (used) throw conflict(SERVICE_TYPE_MESSAGES.inUse);
    const audited = await auditedType(trx, before);
    await deleteEntry(trx, 'service_types', id, SERVICE_TYPE_MESSAGES.inUse);
    await logCatalogue(trx, author, 'delete', 'service_type', { id, label: before.name }, deletedChanges(audited));
    return true;
  });
}
