import { familyEndpoints, memberAge } from 'shared-contracts/beneficiaries';
import { isValidSaudiId } from 'shared-contracts';
import { localMobile, searchAlternatives } from '../../src/db/search';
import { hasRequiredPermissions, resolveAccess } from '../../src/http/access-control';
import { endpointConfig } from '../../src/http/endpoint';
import { csvField } from '../../src/http/export';
import {
  buildFamilySearchText,
  demoFamilies,
  demoNationalId,
  seededRandom,
} from '../../src/modules/families';
import { birthDateBounds, bornOnOrBefore } from '../../src/modules/family-members';

describe('access declarations with anyOf', () => {
  test('anyOf alone, or with required keys; empty or unknown keys are refused', () => {
    expect(resolveAccess({ permissions: [], anyOf: ['show_families', 'show_orgs'] })).toEqual({
      kind: 'permissions',
      permissions: [],
      anyOf: ['show_families', 'show_orgs'],
    });
    expect(resolveAccess({ anyOf: ['show_families'] })).toEqual({
      kind: 'permissions',
      permissions: [],
      anyOf: ['show_families'],
    });
    expect(resolveAccess({ permissions: ['show_index'], anyOf: [] })).toMatch(/empty anyOf/);
    expect(resolveAccess({ anyOf: ['fly' as never] })).toMatch(/unknown permission keys: fly/);
    expect(resolveAccess({ anyOf: ['show_orgs'], public: true })).toMatch(
      /more than one access rule/,
    );
  });

  test('every required key and at least one of anyOf', () => {
    const access = {
      permissions: ['show_index'] as const,
      anyOf: ['create_families', 'edit_families'] as const,
    };
    expect(hasRequiredPermissions({ permissions: ['show_index', 'edit_families'] }, access)).toBe(
      true,
    );
    expect(hasRequiredPermissions({ permissions: ['show_index'] }, access)).toBe(false);
    expect(hasRequiredPermissions({ permissions: ['edit_families'] }, access)).toBe(false);
    expect(
      hasRequiredPermissions({ permissions: ['show_index'] }, { permissions: ['show_index'] }),
    ).toBe(true);
  });

  test('endpointConfig copies the access of the declaration verbatim', () => {
    expect(endpointConfig(familyEndpoints.checkPhone)).toMatchObject({
      permissions: [],
      anyOf: ['create_families', 'edit_families'],
    });
    expect(endpointConfig(familyEndpoints.update)).toMatchObject({
      permissions: ['edit_families'],
    });
    expect(endpointConfig(familyEndpoints.update)).not.toHaveProperty('anyOf');
  });
});

describe('family search', () => {
  test('words are normalised; one-letter words dropped when others remain', () => {
    expect(searchAlternatives('أحمد  الشهري')).toEqual([['احمد', 'الشهري']]);
    expect(searchAlternatives('مصطفى و فاطمة')).toEqual([['مصطفي', 'فاطمه']]);
    expect(searchAlternatives('')).toEqual([]);
    expect(searchAlternatives(undefined)).toEqual([]);
  });

  test('IDs and phones typed with spaces, dashes or Arabic digits also match as digits / local mobile', () => {
    expect(searchAlternatives('1012 345 678')).toEqual([['1012', '345', '678'], ['1012345678']]);
    expect(searchAlternatives('+966 55 123 4567')).toEqual([
      ['+966', '55', '123', '4567'],
      ['0551234567'],
    ]);
    expect(searchAlternatives('00966-55-123-4567')).toEqual([
      ['00966-55-123-4567'],
      ['00966551234567'],
      ['0551234567'],
    ]);
    expect(searchAlternatives('٠٥٥١٢٣٤٥٦٧')).toEqual([['0551234567']]);
    expect(searchAlternatives('F-1447-00012')).toEqual([['f-1447-00012']]);
  });

  test('search_text holds names, file number, IDs and both spellings of mobiles', () => {
    const text = buildFamilySearchText({
      file_number: 'F-1447-00012',
      primary_phone: '+966551234567',
      alt_phone: null,
      members: [
        { full_name: 'أحمد عبدالله الشهري', national_id: '1000000008', phone: '+966551234567' },
        { full_name: 'فاطمة سعد', national_id: null, phone: null },
      ],
    });
    expect(text).toBe(
      'f-1447-00012 احمد عبدالله الشهري 1000000008 فاطمه سعد +966551234567 0551234567',
    );
    expect(localMobile('+966551234567')).toBe('0551234567');
    expect(localMobile('0112345678')).toBeNull();
  });
});

describe('member ages as birth-date bounds', () => {
  test('the same calendar day N years earlier; Feb 29 falls back to Feb 28', () => {
    expect(bornOnOrBefore('2026-11-22', 6)).toBe('2020-11-22');
    expect(bornOnOrBefore('2024-02-29', 1)).toBe('2023-02-28');
    expect(birthDateBounds('2026-11-22', 6, 12)).toEqual({
      onOrBefore: '2020-11-22',
      after: '2013-11-22',
    });
  });

  test('agree with memberAge at the edges', () => {
    const today = '2026-11-22';
    const { onOrBefore, after } = birthDateBounds(today, 6, 12);
    expect(memberAge(onOrBefore as string, today)).toBe(6);
    expect(memberAge('2020-11-23', today)).toBe(5);
    expect(memberAge(after as string, today)).toBe(13);
    expect(memberAge('2013-11-23', today)).toBe(12);
  });
});

describe('demo data', () => {
  test('valid Saudi IDs (citizen and resident) from serials', () => {
    expect(isValidSaudiId(demoNationalId(12345678))).toBe(true);
    expect(demoNationalId(12345678, 2)).toMatch(/^2\d{9}$/);
    expect(isValidSaudiId(demoNationalId(12345678, 2))).toBe(true);
  });

  test('deterministic for a seed', () => {
    const names = (seed: number) =>
      demoFamilies(seededRandom(seed)).map((family) =>
        family.members.map((member) => member.full_name + member.national_id),
      );
    expect(names(1447)).toEqual(names(1447));
    expect(names(1447)).not.toEqual(names(1448));
    const ids = demoFamilies(seededRandom(1447))
      .flatMap((family) => family.members.map((member) => member.national_id))
      .filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => isValidSaudiId(id as string))).toBe(true);
  });
});

describe('CSV fields', () => {
  test('always quoted, quotes doubled', () => {
    expect(csvField('أحمد')).toBe('"أحمد"');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('قال "نعم"')).toBe('"قال ""نعم"""');
    expect(csvField(null)).toBe('""');
    expect(csvField(12.5)).toBe('"12.5"');
  });
});
