import type { Kysely, Transaction } from 'kysely';
import { normaliseArabic } from 'shared-contracts';
import type { Database, Executor } from '../../db/tables';
import { conflict, withUniqueRecheck } from '../../http/errors';
import type { ChangeAuthor } from '../../http/request-meta';
import { diffChanges, recordActivity } from '../activity-log';
import { deleteNamedEntry, namedEntryTaken, type NamedTable } from './repository';

/**
 * The commands of an editable named lookup (seminar types, survey types, the services
 * catalogue's departments, axes and service types): a name unique once Arabic-normalised (409,
 * checked before the write and again when the unique index refuses it), an entry in use never
 * deleted (409, checked and the foreign key as the backstop), and each write in one transaction
 * with its activity-log row. The table-specific SQL (lock, insert, update, the usage check) stays
 * in the module, where Kysely types it against the one table.
 */

/** The columns a write of a named entry always sets. */
export interface NamedColumns {
  name: string;
  name_normalized: string;
}

/** The activity row's audited fields: `{ field: value }`. */
export type AuditedFields = Record<string, unknown>;

export interface NamedLookupSpec<
  Input,
  Columns extends NamedColumns,
  Row extends { name: string },
> {
  table: NamedTable;
  /** The activity log's `entity_type`. */
  entityType: string;
  messages: { duplicateName: string; inUse: string };
  /** The stored columns of an input. */
  columns(input: Input): Columns;
  /** The fields an activity row records, of a stored row or of new columns. */
  audited(row: Row | Columns, db: Executor): AuditedFields | Promise<AuditedFields>;
  /** Checks of the other fields (related rows exist and are active); `held` is the row an update changes. */
  check?(db: Executor, input: Input, held?: Row): Promise<void>;
  /** A create checks inside its transaction (the checks lock what they read) rather than before it. */
  checkInTransaction?: boolean;
  /** The row, locked for the change; undefined when there is none. */
  lock(trx: Transaction<Database>, id: number): Promise<Row | undefined>;
  /** Inserts the row; its id. */
  insert(
    trx: Transaction<Database>,
    values: Columns & { created_by: number; updated_by: number },
  ): Promise<number>;
  update(
    trx: Transaction<Database>,
    id: number,
    values: Columns & { updated_at: Date; updated_by: number },
  ): Promise<void>;
  /** Whether a row elsewhere still refers to the entry. */
  inUse(trx: Transaction<Database>, id: number): Promise<boolean>;
}

export interface NamedLookupCommands<Input> {
  create(db: Kysely<Database>, input: Input, author: ChangeAuthor): Promise<number>;
  /** False when there is no such entry. */
  update(db: Kysely<Database>, id: number, input: Input, author: ChangeAuthor): Promise<boolean>;
  /** False when there is no such entry; 409 while it is in use. */
  remove(db: Kysely<Database>, id: number, author: ChangeAuthor): Promise<boolean>;
}

/** 409 (with the message on `name`) when another entry of `table` has this normalised name. */
export async function assertUniqueName(
  db: Executor,
  table: NamedTable,
  nameNormalized: string,
  message: string,
  excludeId?: number,
): Promise<void> {
  if (await namedEntryTaken(db, table, nameNormalized, excludeId))
    throw conflict(message, { name: [message] });
}

/** `{ field: [old, null] }` for every audited field of a deleted entry. */
export function deletedChanges(audited: AuditedFields): Record<string, [unknown, unknown]> {
  return Object.fromEntries(
    Object.entries(audited).map(([field, value]) => [field, [value ?? null, null]]),
  );
}

/** Create, update and delete of one named lookup, from its table-specific parts. */
export function namedLookupCommands<
  Input,
  Columns extends NamedColumns,
  Row extends { name: string },
>(spec: NamedLookupSpec<Input, Columns, Row>): NamedLookupCommands<Input> {
  const assertUnique = (db: Executor, nameNormalized: string, excludeId?: number) =>
    assertUniqueName(db, spec.table, nameNormalized, spec.messages.duplicateName, excludeId);
  const log = (
    trx: Transaction<Database>,
    author: ChangeAuthor,
    action: 'create' | 'update' | 'delete',
    entity: { id: number; label: string },
    changes: Record<string, [unknown, unknown]>,
  ) =>
    recordActivity(trx, {
      employeeId: author.id,
      action,
      entityType: spec.entityType,
      entityId: entity.id,
      entityLabel: entity.label,
      changes,
      meta: author.meta,
    });

  return {
    async create(db, input, author) {
      const columns = spec.columns(input);
      const unique = () => assertUnique(db, columns.name_normalized);
      if (!spec.checkInTransaction) {
        await spec.check?.(db, input);
        await unique();
      }
      return withUniqueRecheck(
        () =>
          db.transaction().execute(async (trx) => {
            if (spec.checkInTransaction) {
              await spec.check?.(trx, input);
              await assertUnique(trx, columns.name_normalized);
            }
            const id = await spec.insert(trx, {
              ...columns,
              created_by: author.id,
              updated_by: author.id,
            });
            await log(
              trx,
              author,
              'create',
              { id, label: columns.name },
              diffChanges(null, await spec.audited(columns, trx)),
            );
            return id;
          }),
        unique,
      );
    },

    async update(db, id, input, author) {
      const columns = spec.columns(input);
      const unique = () => assertUnique(db, columns.name_normalized, id);
      return withUniqueRecheck(
        () =>
          db.transaction().execute(async (trx) => {
            const before = await spec.lock(trx, id);
            if (!before) return false;
            await spec.check?.(trx, input, before);
            await assertUnique(trx, columns.name_normalized, id);
            const changes = diffChanges(
              await spec.audited(before, trx),
              await spec.audited(columns, trx),
            );
            await spec.update(trx, id, {
              ...columns,
              updated_at: new Date(),
              updated_by: author.id,
            });
            if (Object.keys(changes).length > 0)
              await log(trx, author, 'update', { id, label: columns.name }, changes);
            return true;
          }),
        unique,
      );
    },

    async remove(db, id, author) {
      return db.transaction().execute(async (trx) => {
        const before = await spec.lock(trx, id);
        if (!before) return false;
        if (await spec.inUse(trx, id)) throw conflict(spec.messages.inUse);
        const audited = await spec.audited(before, trx);
        if (!(await deleteNamedEntry(trx, spec.table, id))) throw conflict(spec.messages.inUse);
        await log(trx, author, 'delete', { id, label: before.name }, deletedChanges(audited));
        return true;
      });
    },
  };
}

/** What a described lookup (seminar types, survey types, service axes) stores and counts. */
export interface DescribedLookupRow {
  id: number;
  name: string;
  description: string | null;
  active: boolean;
  usage_count: number | null;
  created_at: Date;
  updated_at: Date;
}

/** What a described lookup's form sends. */
export interface DescribedLookupInput {
  name: string;
  description?: string | null;
  active: boolean;
}

/** A described lookup's stored columns (a table with a `search_text` adds it). */
export function describedLookupColumns(input: DescribedLookupInput) {
  return {
    name: input.name,
    name_normalized: normaliseArabic(input.name),
    description: input.description ?? null,
    active: input.active,
  };
}

/** A described lookup's audited fields. */
export function describedLookupAudited(row: {
  name: string;
  description: string | null;
  active: boolean;
}) {
  return { name: row.name, description: row.description, active: row.active };
}

/** `{ [key]: count }`, typed by its one key. */
function countField<K extends string>(key: K, count: number): Record<K, number> {
  // A computed key widens to `string` in TypeScript; the object has exactly the key K.
  return { [key]: count } as Record<K, number>;
}

/** A described lookup as the API answers it, its usage count under `countKey`. */
export function describedLookupItem<K extends string>(row: DescribedLookupRow, countKey: K) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    active: row.active,
    ...countField(countKey, row.usage_count ?? 0),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
