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

/** An employee a picker offers: the email tells apart two of the same name. */
export interface EmployeeOption extends NamedRecord {
  email?: string | null;
}

/**
 * An email inside an `<option>`'s Arabic text, where no `<bdi>` can go: the Unicode isolate
 * (LRI … PDI) keeps `name@org.sa` whole and left to right beside the name.
 */
export function isolatedText(text: string): string {
  return `\u2066${text}\u2069`;
}

/**
 * The options of an employee picker: the name, and beside every name that more than one employee
 * shares, the email, isolated (two «أحمد الشهري» were indistinguishable). `current` (the record's
 * employee, perhaps deactivated since) is kept as in `namedOptionsWith`.
 */
export function employeeOptions(
  employees: readonly EmployeeOption[],
  current?: EmployeeOption | null,
): SelectOption[] {
  const all =
    current && !employees.some((item) => item.id === current.id)
      ? [current, ...employees]
      : employees;
  const counts = new Map<string, number>();
  for (const employee of all) counts.set(employee.name, (counts.get(employee.name) ?? 0) + 1);
  return all.map((employee) => ({
    value: employee.id,
    label:
      (counts.get(employee.name) ?? 0) > 1 && employee.email
        ? `${employee.name} — ${isolatedText(employee.email)}`
        : employee.name,
  }));
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
