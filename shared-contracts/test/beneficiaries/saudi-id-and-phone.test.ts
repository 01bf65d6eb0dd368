import '../../src/index';
import {
  SAUDI_ID_MESSAGES,
  computeSaudiIdCheckDigit,
  hasSaudiIdShape,
  isValidSaudiId,
  saudiIdKind,
  saudiIdSchema,
} from '../../src/core/identifiers/saudi-id';
import {
  PHONE_MESSAGES,
  formatSaudiMobileLocal,
  normalisePhone,
  normaliseSaudiMobile,
  phoneSchema,
  samePhone,
  saudiMobileSchema,
} from '../../src/core/identifiers/phone';
import { errorsOf, parseOk, validId } from './helpers';

describe('Saudi national ID / iqama', () => {
  test('reference vectors: 1000000008 valid, 1000000000 invalid', () => {
    expect(isValidSaudiId('1000000008')).toBe(true);
    expect(isValidSaudiId('1000000000')).toBe(false);
    expect(computeSaudiIdCheckDigit('100000000')).toBe(8);
  });

  test.each(['104567893', '112233445', '198765432', '200000000', '234567891', '287654321'])(
    'the computed check digit completes %s into a valid ID, and every other last digit is invalid',
    (firstNine) => {
      const id = validId(firstNine);
      expect(isValidSaudiId(id)).toBe(true);
      for (let digit = 0; digit <= 9; digit += 1) {
        if (`${firstNine}${digit}` !== id)
          expect(isValidSaudiId(`${firstNine}${digit}`)).toBe(false);
      }
    },
  );

  test('a single changed digit anywhere is caught', () => {
    const id = validId('112233445');
    for (let position = 1; position < 10; position += 1) {
      const digit = Number(id[position]);
      const changed = id.slice(0, position) + String((digit + 1) % 10) + id.slice(position + 1);
      expect(isValidSaudiId(changed)).toBe(false);
    }
  });

  test('Arabic-Indic and Eastern Arabic-Indic digits, spaces and bidi marks are accepted', () => {
    expect(isValidSaudiId('١٠٠٠٠٠٠٠٠٨')).toBe(true);
    expect(isValidSaudiId('۱۰۰۰۰۰۰۰۰۸')).toBe(true);
    expect(isValidSaudiId(' 1000000008 ')).toBe(true);
    expect(isValidSaudiId('\u200E1000000008\u200F')).toBe(true);
    expect(parseOk(saudiIdSchema, '١٠٠٠٠٠٠٠٠٨')).toBe('1000000008');
  });

  test('first digit must be 1 or 2, even with a valid Luhn sum', () => {
    const luhnValidThree = `300000000${computeSaudiIdCheckDigit('300000000')}`;
    expect(isValidSaudiId(luhnValidThree)).toBe(false);
    expect(hasSaudiIdShape(luhnValidThree)).toBe(false);
    expect(errorsOf(saudiIdSchema, luhnValidThree)).toEqual({ _: [SAUDI_ID_MESSAGES.shape] });
    expect(isValidSaudiId('0000000000')).toBe(false);
  });

  test('wrong length and non-digits are refused with the shape message', () => {
    for (const bad of ['100000000', '10000000080', '10000000a8', 'abcdefghij']) {
      expect(isValidSaudiId(bad)).toBe(false);
      expect(errorsOf(saudiIdSchema, bad)).toEqual({
        _: ['رقم الهوية يجب أن يتكون من 10 أرقام ويبدأ بـ 1 أو 2'],
      });
    }
  });

  test('a bad check digit gets the check-digit message only', () => {
    expect(errorsOf(saudiIdSchema, '1000000000')).toEqual({ _: ['رقم الهوية غير صالح'] });
  });

  test('an empty ID is "required"', () => {
    expect(errorsOf(saudiIdSchema, '')).toEqual({ _: ['هذا الحقل مطلوب'] });
  });

  test('kind: 1 = citizen, 2 = resident (iqama), invalid = null', () => {
    expect(saudiIdKind('1000000008')).toBe('citizen');
    expect(saudiIdKind(validId('200000000'))).toBe('resident');
    expect(saudiIdKind('1000000000')).toBeNull();
  });
});

describe('Saudi mobile numbers', () => {
  const expected = '+966512345678';
  test.each([
    '0512345678',
    '512345678',
    '966512345678',
    '+966512345678',
    '00966512345678',
    '+966 51 234 5678',
    '051-234-5678',
    '(051) 234 5678',
    '٠٥١٢٣٤٥٦٧٨',
    '+٩٦٦٥١٢٣٤٥٦٧٨',
    '۰۵۱۲۳۴۵۶۷۸',
    '+9660512345678',
    '\u202A0512345678\u202C',
  ])('%s → +966512345678', (input) => {
    expect(normaliseSaudiMobile(input)).toBe(expected);
    expect(parseOk(saudiMobileSchema, input)).toBe(expected);
  });

  test.each([
    '0412345678', // not a mobile (5 after the 0)
    '05123456789', // too long
    '051234567', // too short
    '+971512345678', // UAE
    '966412345678',
    '0512345abc',
    'abc',
    '+',
    '00512345678',
  ])('%s is refused', (input) => {
    expect(normaliseSaudiMobile(input)).toBeNull();
    expect(errorsOf(saudiMobileSchema, input)).toEqual({ _: [PHONE_MESSAGES.invalidMobile] });
  });

  test('the Arabic message gives an example', () => {
    expect(PHONE_MESSAGES.invalidMobile).toBe('رقم الجوال غير صالح، مثال: 0512345678');
  });

  test('empty is "required"; null and undefined are not mobiles', () => {
    expect(errorsOf(saudiMobileSchema, '  ')).toEqual({ _: ['هذا الحقل مطلوب'] });
    expect(normaliseSaudiMobile(null)).toBeNull();
    expect(normaliseSaudiMobile(undefined)).toBeNull();
  });

  test('local display form', () => {
    expect(formatSaudiMobileLocal('+966512345678')).toBe('0512345678');
    expect(formatSaudiMobileLocal('966512345678')).toBe('0512345678');
    expect(formatSaudiMobileLocal('0112345678')).toBe('0112345678');
  });

  test('numbers compare in normalised form', () => {
    expect(samePhone('0512345678', '+966 51 234 5678')).toBe(true);
    expect(samePhone('0512345678', '0512345679')).toBe(false);
    expect(samePhone(null, null)).toBe(false);
  });
});

describe('any phone (organisations)', () => {
  test('mobiles become E.164; landlines, unified and foreign numbers keep their digits', () => {
    expect(normalisePhone('05 1234 5678')).toBe('+966512345678');
    expect(parseOk(phoneSchema, '011 234 5678')).toBe('0112345678');
    expect(parseOk(phoneSchema, '9200 12345')).toBe('920012345');
    expect(parseOk(phoneSchema, '+971 4 123 4567')).toBe('+97141234567');
    expect(parseOk(phoneSchema, '٠١٢-٦٥٤-٣٢١٠')).toBe('0126543210');
  });

  test('fewer than 9 or more than 14 digits are refused', () => {
    expect(errorsOf(phoneSchema, '12345678')).toEqual({ _: [PHONE_MESSAGES.invalidPhone] });
    expect(errorsOf(phoneSchema, '123456789012345')).toEqual({ _: [PHONE_MESSAGES.invalidPhone] });
    expect(errorsOf(phoneSchema, '011 abc 5678')).toEqual({ _: [PHONE_MESSAGES.invalidPhone] });
  });
});
