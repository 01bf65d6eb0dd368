import { sql, type Kysely } from 'kysely';
import {
  hiddenFieldsFor,
  isSuperAdmin,
  withoutFields,
  type FieldReader,
  type FieldVisibility,
} from 'shared-contracts';
import { SECRET_CHANGED_MARKER, type ActivityLogEntry } from 'shared-contracts/admin';
import { BENEFICIARY_ACTIVITY_FIELD_VISIBILITY } from 'shared-contracts/beneficiaries';
import { SERVICES_ACTIVITY_ENTITY_ACCESS } from 'shared-contracts/services';
import { VISITS_ACTIVITY_FIELD_VISIBILITY } from 'shared-contracts/resources/visits-contracts';
import { FINANCE_ACTIVITY_ENTITY_ACCESS } from 'shared-contracts/finance';
import { REPORTS_ACTIVITY_ENTITY_ACCESS } from 'shared-contracts/reports';
import {
  SEMINARS_ACTIVITY_ENTITY_ACCESS,
  SURVEYS_ACTIVITY_ENTITY_ACCESS,
} from 'shared-contracts/engagement';
import type { Database, Executor } from '../../db/tables';
import { whereSearch } from '../../db/search';
import type { ActivityChanges } from './tables';
import { exportLogChanges, type ExportFormat } from '../../http/export';
import type { ChangeAuthor, RequestMeta } from '../../http/request-meta';

export interface ActivityEntry {
  employeeId: number | null;
  action: string;
  entityType?: string | null;
  entityId?: string | number | null;
  entityLabel?: string | null;
  changes?: ActivityChanges | null;
  meta: RequestMeta;
  /** The family whose timeline shows this row (beneficiaries changes). */
  familyId?: number | null;
  /** When it happened; now unless given (demo data dates its history). */
  at?: Date;
}

function activityRow(entry: ActivityEntry) {
  const changes = entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null;
  return {
    ...(entry.at ? { occurred_at: entry.at } : {}),
    employee_id: entry.employeeId,
    action: entry.action,
    entity_type: entry.entityType ?? null,
    entity_id:
      entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    entity_label: entry.meta.via
      ? `${entry.entityLabel ?? ''} (${entry.meta.via})`.trim()
      : (entry.entityLabel ?? null),
    changes: changes ? JSON.stringify(changes) : null,
    ip: entry.meta.ip,
    user_agent: entry.meta.userAgent,
    family_id: entry.familyId ?? null,
  };
}

/**
 * Appends one row. Call it with the transaction that makes the change, so the change and its
 * record commit or fail together (docs/architecture.md#the-api).
 */
export async function recordActivity(db: Executor, entry: ActivityEntry): Promise<void> {
  await db.insertInto('activity_log').values(activityRow(entry)).execute();
}

/** `recordActivity` for a change `author` made: their id, address and user agent go on the row. */
export async function recordChange(
  db: Executor,
  author: ChangeAuthor,
  entry: Omit<ActivityEntry, 'employeeId' | 'meta'>,
): Promise<void> {
  await changeRecord(db, author, entry).execute();
}

/** `recordChange` not yet sent, for `executeTogether` with the change's own writes. */
export function changeRecord(
  db: Executor,
  author: ChangeAuthor,
  entry: Omit<ActivityEntry, 'employeeId' | 'meta'>,
) {
  return db
    .insertInto('activity_log')
    .values(activityRow({ ...entry, employeeId: author.id, meta: author.meta }));
}

/** An update's row, only when something changed: saving a form unchanged logs nothing. */
export async function recordUpdate(
  db: Executor,
  author: ChangeAuthor,
  entry: Omit<ActivityEntry, 'employeeId' | 'meta' | 'action' | 'changes'> & {
    changes: ActivityChanges;
  },
): Promise<void> {
  if (Object.keys(entry.changes).length > 0)
    await recordChange(db, author, { ...entry, action: 'update' });
}

/** Appends many rows at once (in batches of 500), in the caller's transaction. */
export async function recordActivities(
  db: Executor,
  entries: readonly ActivityEntry[],
): Promise<void> {
  for (let start = 0; start < entries.length; start += 500) {
    await db
      .insertInto('activity_log')
      .values(entries.slice(start, start + 500).map(activityRow))
      .execute();
  }
}

/**
 * Logs an export before it streams (README "Exports"): action `export`, the list's filters, how
 * many rows and which format (plus `extra` changes, e.g. whether sensitive columns were included).
 */
export async function recordExport(
  db: Executor,
  author: ChangeAuthor,
  entry: {
    entityType: string;
    entityId?: number;
    entityLabel: string;
    query: Parameters<typeof exportLogChanges>[0] & { format: ExportFormat };
    rows: number;
    extra?: ActivityChanges;
  },
): Promise<void> {
  await recordChange(db, author, {
    action: 'export',
    entityType: entry.entityType,
    entityId: entry.entityId,
    entityLabel: entry.entityLabel,
    changes: { ...exportLogChanges(entry.query, entry.rows, entry.query.format), ...entry.extra },
  });
}

/**
 * Deepest array nesting compared: audited values are scalars or lists of scalars (codes,
 * "source: amount" lines). Deeper arrays are simply reported as changed.
 */
const SAME_VALUE_DEPTH = 4;

function sameValue(a: unknown, b: unknown, depth = 0): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (depth >= SAME_VALUE_DEPTH) return false;
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index], depth + 1));
  }
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

/**
 * `{ field: [old, new] }` for each field in `after` whose value differs from `before`. Fields
 * listed in `secrets` are recorded as changed without their values (never a password hash).
 */
export function diffChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  secrets: readonly string[] = [],
): ActivityChanges {
  const changes: ActivityChanges = {};
  for (const [field, next] of Object.entries(after)) {
    if (next === undefined) continue;
    if (secrets.includes(field)) {
      changes[field] = [before === null ? null : SECRET_CHANGED_MARKER, SECRET_CHANGED_MARKER];
      continue;
    }
    const previous = before === null ? null : before[field];
    if (before !== null && sameValue(previous, next)) continue;
    changes[field] = [previous ?? null, next instanceof Date ? next.toISOString() : next];
  }
  return changes;
}

/**
 * The field-visibility table of each entity type the log records (shared-contracts: one rule per
 * field, next to the record's schema). A change's `[old, new]` values are the record's data: the
 * reader sees a field in the log exactly when they would see it on the record.
 */
const FIELD_VISIBILITY_BY_ENTITY: Readonly<Record<string, FieldVisibility>> = {
  ...BENEFICIARY_ACTIVITY_FIELD_VISIBILITY,
  ...VISITS_ACTIVITY_FIELD_VISIBILITY,
};

const NOTHING_HIDDEN: ReadonlySet<string> = new Set();

/**
 * Entity types whose rows a reader without the listed keys does not see at all, even on a record
 * they may read (a family's timeline holds its services; a reader without `show_services` would
 * otherwise learn which services the family received).
 */
const ENTITY_READ_ACCESS: FieldVisibility = {
  ...SERVICES_ACTIVITY_ENTITY_ACCESS,
  ...FINANCE_ACTIVITY_ENTITY_ACCESS,
  ...SEMINARS_ACTIVITY_ENTITY_ACCESS,
  ...SURVEYS_ACTIVITY_ENTITY_ACCESS,
  ...REPORTS_ACTIVITY_ENTITY_ACCESS,
};

/**
 * The rows as `reader` may see them: the changed fields the record's table hides from
 * them left out (a change of hidden fields only shows that the record changed), and the staff
 * member's IP address and user agent for super admins only. Applied to every read of the log.
 */
export function activityForReader(
  rows: readonly ActivityLogEntry[],
  reader: FieldReader,
): ActivityLogEntry[] {
  const superAdmin = isSuperAdmin(reader);
  const hiddenByType = new Map<string, ReadonlySet<string>>();
  const hiddenFor = (entityType: string | null): ReadonlySet<string> => {
    const table =
      entityType !== null && Object.hasOwn(FIELD_VISIBILITY_BY_ENTITY, entityType)
        ? FIELD_VISIBILITY_BY_ENTITY[entityType]
        : undefined;
    if (entityType === null || table === undefined) return NOTHING_HIDDEN;
    let hidden = hiddenByType.get(entityType);
    if (!hidden) {
      hidden = hiddenFieldsFor(table, reader);
      hiddenByType.set(entityType, hidden);
    }
    return hidden;
  };
  return rows.map((row) => {
    const hidden = hiddenFor(row.entity_type);
    const changes =
      row.changes && hidden.size > 0 ? withoutFields(row.changes, hidden) : row.changes;
    return {
      ...row,
      changes: changes && Object.keys(changes).length > 0 ? changes : null,
      ip: superAdmin ? row.ip : null,
      user_agent: superAdmin ? row.user_agent : null,
    };
  });
}

export interface ActivityListOptions {
  page: number;
  perPage: number;
  order: 'asc' | 'desc';
  employeeId?: number;
  action?: string;
  entityType?: string;
  entityId?: string;
  /** Words found in the record's label, the employee's name, the record id or the action. */
  search?: string;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  before?: Date;
  /** Rows about this family (a family's timeline). */
  familyId?: number;
  /** Who reads the rows: what they may see of each (`activityForReader`). */
  reader: FieldReader;
}

/**
 * What a search of the log looks in, normalised in SQL as `normaliseArabic` normalises the typed
 * words (alef forms, ى, ة, ؤ, ئ, tatweel and the common diacritics), so "احمد" finds "أحمد".
 */
const ACTIVITY_SEARCH_HAYSTACK = sql`translate(
  lower(coalesce(log.entity_label, '') || ' ' || coalesce(e.name, '') || ' ' || coalesce(log.entity_id, '') || ' ' || log.action),
  'أإآٱىةؤئـًٌٍَُِّْ',
  'اااايهوي'
)`;

/** The filtered log query (the list and the export read the same rows). */
function filteredActivity(
  db: Kysely<Database>,
  options: Omit<ActivityListOptions, 'page' | 'perPage' | 'order'>,
) {
  let query = db
    .selectFrom('activity_log as log')
    .leftJoin('employees as e', 'e.id', 'log.employee_id');
  if (options.entityId !== undefined) query = query.where('log.entity_id', '=', options.entityId);
  query = whereSearch(query, ACTIVITY_SEARCH_HAYSTACK, options.search);
  if (options.employeeId !== undefined)
    query = query.where('log.employee_id', '=', options.employeeId);
  if (options.action !== undefined) query = query.where('log.action', '=', options.action);
  if (options.entityType !== undefined)
    query = query.where('log.entity_type', '=', options.entityType);
  if (options.from !== undefined) query = query.where('log.occurred_at', '>=', options.from);
  if (options.before !== undefined) query = query.where('log.occurred_at', '<', options.before);
  if (options.familyId !== undefined) query = query.where('log.family_id', '=', options.familyId);
  const unreadableTypes = [...hiddenFieldsFor(ENTITY_READ_ACCESS, options.reader)];
  if (unreadableTypes.length > 0) {
    query = query.where((eb) =>
      eb.or([eb('log.entity_type', 'is', null), eb('log.entity_type', 'not in', unreadableTypes)]),
    );
  }
  return query;
}

const ENTRY_COLUMNS = [
  'log.id',
  'log.occurred_at',
  'log.employee_id',
  'e.name as employee_name',
  'log.action',
  'log.entity_type',
  'log.entity_id',
  'log.entity_label',
  'log.changes',
  'log.ip',
  'log.user_agent',
] as const;

type EntryRow = Awaited<ReturnType<ReturnType<typeof entriesQuery>['execute']>>[number];
function entriesQuery(
  db: Kysely<Database>,
  options: Omit<ActivityListOptions, 'page' | 'perPage' | 'order'>,
) {
  return filteredActivity(db, options).select(ENTRY_COLUMNS);
}

function toEntry(row: EntryRow): ActivityLogEntry {
  return {
    id: Number(row.id),
    occurred_at: row.occurred_at.toISOString(),
    employee_id: row.employee_id,
    employee_name: row.employee_name,
    action: row.action,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    entity_label: row.entity_label,
    changes: row.changes,
    ip: row.ip,
    user_agent: row.user_agent,
  };
}

/** How many rows the filters match (an export logs it before it streams). */
export async function countActivity(
  db: Kysely<Database>,
  options: Omit<ActivityListOptions, 'page' | 'perPage' | 'order'>,
): Promise<number> {
  const row = await filteredActivity(db, options)
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return row.total;
}

/** The filtered rows in batches, as `reader` may see them, for the export. */
export async function* activityBatches(
  db: Kysely<Database>,
  options: Omit<ActivityListOptions, 'page' | 'perPage'>,
  batchSize = 1000,
): AsyncGenerator<ActivityLogEntry> {
  // Keyset paging on (occurred_at, id) would be faster; offset keeps the order the page shows.
  for (let offset = 0; ; offset += batchSize) {
    const rows = await entriesQuery(db, options)
      .orderBy('log.occurred_at', options.order)
      .orderBy('log.id', options.order)
      .limit(batchSize)
      .offset(offset)
      .execute();
    yield* activityForReader(rows.map(toEntry), options.reader);
    if (rows.length < batchSize) return;
  }
}

export async function listActivity(
  db: Kysely<Database>,
  options: ActivityListOptions,
): Promise<{ rows: ActivityLogEntry[]; total: number }> {
  const [rows, total] = await Promise.all([
    entriesQuery(db, options)
      .orderBy('log.occurred_at', options.order)
      .orderBy('log.id', options.order)
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    countActivity(db, options),
  ]);
  return { total, rows: activityForReader(rows.map(toEntry), options.reader) };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `filter[from]`/`filter[to]` are calendar dates, both inclusive, read as UTC days: `to`
 * becomes an exclusive bound at the start of the next day.
 */
export function dateRange(from?: string, to?: string): { from?: Date; before?: Date } {
  return {
    from: from ? new Date(`${from}T00:00:00.000Z`) : undefined,
    before: to ? new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY_MS) : undefined,
  };
}
