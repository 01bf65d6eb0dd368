import type { SelectOption } from './select-field';

export interface NamedRecord {
  id: number;
  name: string;
}

/**
 * Select helpers every list and form uses: options of `{ id, name }` records, and the value of an
 * optional id or yes/no filter in a select ('' = not set).
 */

/** Select options of `{ id, name }` records (departments, axes, employees, organisations). */
export function namedOptions(items: readonly NamedRecord[]): SelectOption[] {
  return items.map((item) => ({ value: item.id, label: item.name }));
}

/**
 * The options of the active records a form offers, plus the one the record already holds when it
 * is not among them (an employee or organisation deactivated since), so the select still shows it.
 */
export function namedOptionsWith(
  items: readonly NamedRecord[],
  current: NamedRecord | null | undefined,
): SelectOption[] {
  const missing = current && !items.some((item) => item.id === current.id);
  return namedOptions(missing ? [current, ...items] : items);
}

/** A select's value for an optional id filter ('' when none). */
export function idValue(id: number | undefined): string {
  return id === undefined ? '' : String(id);
}

/** An optional id filter from a select's value ('' clears it). */
export function idFromSelect(value: string): number | undefined {
  return value === '' ? undefined : Number(value);
}

/** The three answers of an active/inactive filter select. */
export const ACTIVE_OPTIONS: readonly SelectOption[] = [
  { value: 'true', label: 'المفعّلة' },
  { value: 'false', label: 'الموقوفة' },
];

/** A select's value for an optional boolean filter. */
export function booleanValue(value: boolean | undefined): string {
  return value === undefined ? '' : String(value);
}

/** An optional boolean filter from a select's value ('' clears it). */
export function booleanFromSelect(value: string): boolean | undefined {
  return value === '' ? undefined : value === 'true';
}

/** Lookup items (`{ code, label }`: statuses, kinds, directions…) as select options. */
export function codeOptions(items: readonly { code: string; label: string }[]): SelectOption[] {
  return items.map((item) => ({ value: item.code, label: item.label }));
}

/** A select's value for any optional filter (an id, a code or a yes/no; '' when none). */
export function optionalValue(value: number | string | boolean | undefined): string {
  return value === undefined ? '' : String(value);
}
