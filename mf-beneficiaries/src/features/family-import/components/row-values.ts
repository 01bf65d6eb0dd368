import {
  FAMILY_IMPORT_COLUMNS,
  MEMBER_IMPORT_COLUMNS,
  type FamilyImportRow,
} from 'shared-contracts/beneficiaries';

/** A cell as read from the file, as text ('' when empty or not a plain value). */
export function cellText(row: FamilyImportRow, path: string): string {
  const value = row.values[path];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

const FAMILY_LABELS = new Map(FAMILY_IMPORT_COLUMNS.map((column) => [column.path, column.label]));
const MEMBER_LABELS = new Map(MEMBER_IMPORT_COLUMNS.map((column) => [column.path, column.label]));

/**
 * The Arabic name of an error's field path: the template's column label (`head.full_name` →
 * «اسم رب الأسرة»), a member's («الفرد 2: رقم هوية الفرد»), never the path itself (a Latin word).
 */
export function fieldLabel(path: string): string {
  const family = FAMILY_LABELS.get(path);
  if (family) return family;
  const member = /^members\.(\d+)(?:\.(.+))?$/.exec(path);
  if (member) {
    const label = member[2] ? MEMBER_LABELS.get(member[2]) : undefined;
    const position = `الفرد ${Number(member[1]) + 1}`;
    return label ? `${position}: ${label}` : position;
  }
  return 'الصف';
}

/** The row's errors as «field: messages» lines. */
export function errorLines(row: FamilyImportRow): string[] {
  return Object.entries(row.errors).map(
    ([path, messages]) => `${fieldLabel(path)}: ${messages.join('، ')}`,
  );
}
