import type { PermissionKey } from '../../src';
import {
  FAMILY_CATEGORIES,
  MEDICAL_FAMILY_CATEGORIES,
  MEDICAL_INCOME_SOURCES,
  MEDICAL_NEED_TYPES,
  INCOME_SOURCE_TYPES,
  NEED_TYPES,
  isMedicalCategory,
  maySeeMedicalFields,
  maySeeMedicalServices,
  rowsWithoutMedical,
  visibleCodes,
} from '../../src/beneficiaries';

const reader = (...permissions: PermissionKey[]) => ({ permissions, role: null });
const superAdmin = { permissions: [], role: 'Super Admin' };

describe('the medical rule', () => {
  test('names only codes its lookup lists hold', () => {
    const codes = (list: readonly { code: string }[]) => list.map((item) => item.code);
    expect(codes(FAMILY_CATEGORIES)).toEqual(
      expect.arrayContaining([...MEDICAL_FAMILY_CATEGORIES]),
    );
    expect(codes(NEED_TYPES)).toEqual(expect.arrayContaining([...MEDICAL_NEED_TYPES]));
    expect(codes(INCOME_SOURCE_TYPES)).toEqual(expect.arrayContaining([...MEDICAL_INCOME_SOURCES]));
    expect(isMedicalCategory('chronic_illness')).toBe(true);
    expect(isMedicalCategory('orphans')).toBe(false);
  });

  test('medical fields: those who edit families and super admins; medical services: also the services staff', () => {
    expect(maySeeMedicalFields(reader('show_families'))).toBe(false);
    expect(maySeeMedicalFields(reader('show_financial', 'show_reports'))).toBe(false);
    expect(maySeeMedicalFields(reader('show_services'))).toBe(false);
    expect(maySeeMedicalFields(reader('show_families', 'edit_families'))).toBe(true);
    expect(maySeeMedicalFields(superAdmin)).toBe(true);
    expect(maySeeMedicalServices(reader('show_financial', 'show_reports'))).toBe(false);
    expect(maySeeMedicalServices(reader('show_services'))).toBe(true);
    expect(maySeeMedicalServices(reader('edit_families'))).toBe(true);
    expect(maySeeMedicalServices(superAdmin)).toBe(true);
  });

  test('a reader without them gets no medical code, and only the report rows known to be free of them', () => {
    expect(
      visibleCodes(
        ['orphans', 'disabled', 'chronic_illness'],
        isMedicalCategory,
        reader('show_families'),
      ),
    ).toEqual(['orphans']);
    expect(
      visibleCodes(['orphans', 'disabled'], isMedicalCategory, reader('edit_families')),
    ).toEqual(['orphans', 'disabled']);
    const rows = [{ id: 1, medical: false }, { id: 2, medical: true }, { id: 3 }];
    expect(rowsWithoutMedical(rows, reader('show_reports')).map((row) => row.id)).toEqual([1]);
    expect(
      rowsWithoutMedical(rows, reader('show_reports', 'show_services')).map((row) => row.id),
    ).toEqual([1, 2, 3]);
  });
});
