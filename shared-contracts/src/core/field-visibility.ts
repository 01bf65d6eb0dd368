import { isSuperAdmin, type AccessSubject } from '../access';
import type { PermissionKey } from '../permissions';

/**
 * Field visibility: which fields of a record a reader may see, one rule per field, in
 * one table per record next to its schema (`MEMBER_FIELD_VISIBILITY` beside the member schema).
 * A field listed here needs every permission key of its entry; a super admin sees every field;
 * a field not listed is visible to whoever may read the record. The API applies the table
 * wherever the record's data leaves it: the record itself, lists, exports (columns), the family
 * timeline and the activity log (the `[old, new]` values of a change), reports.
 */
export type FieldVisibility<F extends string = string> = Readonly<
  Record<F, readonly PermissionKey[]>
>;

/** The part of an employee the rule reads. */
export type FieldReader = Pick<AccessSubject, 'permissions' | 'role' | 'roles'>;

/** Declares a table (frozen: a rule is never changed at run time). */
export function defineFieldVisibility<const F extends string>(
  table: Record<F, readonly PermissionKey[]>,
): FieldVisibility<F> {
  return Object.freeze({ ...table });
}

/** True when the reader may see `field` of a record governed by `table`. */
export function mayReadField(table: FieldVisibility, field: string, reader: FieldReader): boolean {
  if (!Object.hasOwn(table, field) || isSuperAdmin(reader)) return true;
  const keys = table[field] ?? [];
  return keys.every((key) => reader.permissions.includes(key));
}

/** The fields of `table` the reader may not see (empty for a super admin). */
export function hiddenFieldsFor<F extends string>(
  table: FieldVisibility<F>,
  reader: FieldReader,
): ReadonlySet<F> {
  return new Set(
    (Object.keys(table) as F[]).filter((field) => !mayReadField(table, field, reader)),
  );
}

/** A copy of `record` without the hidden keys (the key is absent, never null: null is a value). */
export function withoutFields<T extends object>(record: T, hidden: ReadonlySet<string>): T {
  if (hidden.size === 0) return record;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !hidden.has(key))) as T;
}
