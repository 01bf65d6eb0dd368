import type { Employee } from 'shared-contracts';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, item]) => [key, canonical(item)]),
    );
  }
  return value;
}

/** Field-by-field equality, blind to key order, so an unchanged employee is not re-encrypted. */
export function sameEmployee(a: Employee | null, b: Employee | null): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
