import { isSuperAdmin } from '../access';
import { mayReadField, type FieldReader } from '../core/field-visibility';
import { MEMBER_FIELD_VISIBILITY } from './family-member';

/**
 * The medical rule: which facts about a family or a person are medical, and who may see them.
 * Health conditions, disabilities, medical services, medical family categories and medical needs
 * are medical fields; they reach only a reader whose permissions show medical fields, on every
 * path (records, lists and their filters, exports, pickers, report rows that name a family or a
 * person). The API applies this file wherever such a fact leaves it; the medical-visibility test
 * walks every endpoint the contracts declare with it. docs/medical-fields.md explains the choices.
 *
 * Aggregates that name nobody (how many members have a chronic illness, what wheelchairs cost in
 * a period) are not medical fields: the medical report shows them to every report reader.
 */

// ---------------------------------------------------------------------------------------------
// What is medical
// ---------------------------------------------------------------------------------------------

/** The member fields that are medical (their keys in `MEMBER_FIELD_VISIBILITY`). */
export const MEDICAL_MEMBER_FIELDS = ['health_status', 'disabilities'] as const;

/** Family categories (`FAMILY_CATEGORIES` codes) that say a member is ill or disabled. */
export const MEDICAL_FAMILY_CATEGORIES: readonly string[] = Object.freeze([
  'disabled',
  'chronic_illness',
]);

/** Need types (`NEED_TYPES` codes) that are medical: treatment and medical devices. */
export const MEDICAL_NEED_TYPES: readonly string[] = Object.freeze(['medical', 'medical_devices']);

/** Income sources (`INCOME_SOURCE_TYPES` codes) whose name discloses a disability. */
export const MEDICAL_INCOME_SOURCES: readonly string[] = Object.freeze(['disability_allowance']);

/** A service type is medical when it is marked so in the catalogue (`is_medical`, set by the services staff). */
export function isMedicalServiceType(type: { readonly is_medical: boolean }): boolean {
  return type.is_medical;
}

export const isMedicalCategory = (code: string): boolean =>
  MEDICAL_FAMILY_CATEGORIES.includes(code);
export const isMedicalNeedType = (code: string): boolean => MEDICAL_NEED_TYPES.includes(code);
export const isMedicalIncomeSource = (code: string): boolean =>
  MEDICAL_INCOME_SOURCES.includes(code);

// ---------------------------------------------------------------------------------------------
// Who sees it
// ---------------------------------------------------------------------------------------------

/**
 * True when the reader's permissions show medical fields: the member rule's keys
 * (`MEMBER_FIELD_VISIBILITY`: the researchers who edit families and record the data) or a super
 * admin. One answer for every medical fact below.
 */
export function maySeeMedicalFields(reader: FieldReader): boolean {
  return MEDICAL_MEMBER_FIELDS.every((field) =>
    mayReadField(MEMBER_FIELD_VISIBILITY, field, reader),
  );
}

/**
 * True when the reader may see medical services. Besides those who see medical fields, the
 * services staff (`show_services`) administer every service, medical ones included (their own
 * list shows them); nobody else — an accountant, a report reader — learns who received one.
 */
export function maySeeMedicalServices(reader: FieldReader): boolean {
  return (
    maySeeMedicalFields(reader) ||
    isSuperAdmin(reader) ||
    reader.permissions.includes('show_services')
  );
}

/** The codes the reader may see of a list (`isMedical` tells which are medical). */
export function visibleCodes<T extends string>(
  codes: readonly T[],
  isMedical: (code: string) => boolean,
  reader: FieldReader,
): T[] {
  return maySeeMedicalFields(reader) ? [...codes] : codes.filter((code) => !isMedical(code));
}

/**
 * The rows of a report table that names families or people, as the reader may see them. Each
 * row says whether it counts a medical service (`medical`); a reader who may not see medical
 * services gets only the rows that do not (a row without the flag, from a snapshot archived
 * before rows carried it, is not known to be free of them and is left out too).
 */
export function rowsWithoutMedical<T extends { readonly medical?: boolean | undefined }>(
  rows: readonly T[],
  reader: FieldReader,
): T[] {
  return maySeeMedicalServices(reader) ? [...rows] : rows.filter((row) => row.medical === false);
}

export const MEDICAL_RULE_MESSAGES = {
  /** A filter on a medical value by a reader who may not see it (403). */
  filterForbidden: 'لا تملك صلاحية التصفية حسب البيانات الطبية',
} as const;
