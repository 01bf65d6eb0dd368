import {
  FAMILY_CATEGORIES,
  isMedicalCategory,
  MEDICAL_MEMBER_FIELDS,
} from 'shared-contracts/beneficiaries';

/*
 * An import's rows hold what the spreadsheet said, medical columns included. Whoever holds the
 * import permission without the medical-fields rule (docs/medical-fields.md) reads the rows, and the
 * invalid rows' export, without them: no health status, no disabilities, no medical category.
 */
const MEDICAL_FIELDS: readonly string[] = MEDICAL_MEMBER_FIELDS;
const MEDICAL_CATEGORY_WORDS = new Set<string>(
  FAMILY_CATEGORIES.filter((category) => isMedicalCategory(category.code)).flatMap((category) => [
    category.code,
    category.label,
  ]),
);

function lastSegment(path: string): string {
  return (path.split('.').pop() ?? '').replace(/\[\d+\]$/, '');
}

/** A cell's path names a medical field (`head.health_status`, `disabilities`…). */
export function isMedicalPath(path: string): boolean {
  return MEDICAL_FIELDS.includes(lastSegment(path));
}

/** A categories cell (`أيتام|…`, codes or labels) without its medical categories. */
function withoutMedicalCategories(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value
    .split('|')
    .filter((part) => !MEDICAL_CATEGORY_WORDS.has(part.trim()))
    .join('|');
}

/** A row's cells (or its errors, keyed the same way) as a reader without medical fields sees them. */
export function withoutMedicalCells<T>(cells: Record<string, T>): Record<string, T | unknown> {
  return Object.fromEntries(
    Object.entries(cells)
      .filter(([path]) => !isMedicalPath(path))
      .map(([path, value]) => [
        path,
        lastSegment(path) === 'categories' ? withoutMedicalCategories(value) : value,
      ]),
  );
}
