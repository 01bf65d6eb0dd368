import '../../src/index';
import {
  BENEFICIARY_LOOKUPS,
  FAMILY_CATEGORIES,
  INCOME_SOURCE_TYPES,
  RELATIONSHIPS,
  SAUDI_CITIES,
  SAUDI_DISTRICTS,
  SEASON_KINDS,
  districtsOf,
  isKnownCode,
  labelOf,
} from '../../src/beneficiaries/lookups';
import { lookupCodeSchema } from '../../src/core/values';
import { SEASON_KIND_VOUCHER_PREFIX, VOUCHER_ALPHABET } from '../../src/beneficiaries/season';

describe('lookup lists', () => {
  test.each(Object.entries(BENEFICIARY_LOOKUPS))(
    '%s: unique snake_case codes and Arabic labels',
    (_name, list) => {
      const codes = list.items.map((item) => item.code);
      expect(new Set(codes).size).toBe(codes.length);
      for (const item of list.items) {
        expect(lookupCodeSchema.safeParse(item.code).success).toBe(true);
        expect(item.label).toMatch(/[\u0600-\u06FF]/);
      }
      expect(list.label).toMatch(/[\u0600-\u06FF]/);
    },
  );

  test('the lists the forms need are there', () => {
    expect(FAMILY_CATEGORIES.map((c) => c.code)).toEqual(
      expect.arrayContaining([
        'orphans',
        'widows',
        'divorced',
        'elderly',
        'disabled',
        'low_income',
        'prisoners_family',
      ]),
    );
    expect(INCOME_SOURCE_TYPES.map((c) => c.code)).toEqual(
      expect.arrayContaining([
        'salary',
        'retirement',
        'social_security',
        'citizen_account',
        'gosi',
        'alimony',
        'charity_aid',
        'other',
      ]),
    );
    expect(labelOf(INCOME_SOURCE_TYPES, 'social_security')).toBe('الضمان الاجتماعي');
    expect(labelOf(INCOME_SOURCE_TYPES, 'citizen_account')).toBe('حساب المواطن');
    expect(RELATIONSHIPS.map((r) => r.code)).toEqual([
      'head',
      'spouse',
      'son',
      'daughter',
      'father',
      'mother',
      'brother',
      'sister',
      'grandchild',
      'other',
    ]);
    expect(SEASON_KINDS.map((k) => k.code)).toEqual([
      'ramadan_basket',
      'zakat_al_fitr',
      'eid_clothing',
      'winter_kit',
      'back_to_school',
      'adahi',
      'other',
    ]);
  });

  test('labelOf falls back to the code, and to "" for no code', () => {
    expect(labelOf(FAMILY_CATEGORIES, 'orphans')).toBe('أيتام');
    expect(labelOf(FAMILY_CATEGORIES, 'new_code')).toBe('new_code');
    expect(labelOf(FAMILY_CATEGORIES, null)).toBe('');
    expect(isKnownCode(FAMILY_CATEGORIES, 'widows')).toBe(true);
    expect(isKnownCode(FAMILY_CATEGORIES, 42)).toBe(false);
  });

  test('cities carry districts; district codes are unique across cities', () => {
    expect(SAUDI_CITIES.map((c) => c.label)).toEqual(
      expect.arrayContaining([
        'الرياض',
        'جدة',
        'مكة المكرمة',
        'المدينة المنورة',
        'الدمام',
        'الطائف',
        'تبوك',
        'بريدة',
        'أبها',
        'حائل',
      ]),
    );
    for (const city of SAUDI_CITIES) {
      expect(city.districts.length).toBeGreaterThanOrEqual(3);
      for (const district of city.districts)
        expect(district.code.startsWith(`${city.code}_`)).toBe(true);
    }
    expect(new Set(SAUDI_DISTRICTS.map((d) => d.code)).size).toBe(SAUDI_DISTRICTS.length);
    expect(districtsOf('jeddah').map((d) => d.label)).toContain('الصفا');
    expect(districtsOf('atlantis')).toEqual([]);
  });

  test('every season kind has a voucher prefix made of unambiguous letters', () => {
    for (const kind of SEASON_KINDS) {
      const prefix = SEASON_KIND_VOUCHER_PREFIX[kind.code];
      expect(prefix).toMatch(/^[A-Z]{2}$/);
      for (const letter of prefix) expect(VOUCHER_ALPHABET).toContain(letter);
    }
  });
});
