import { z } from 'zod';
import {
  ARABIC_MESSAGES,
  formatIban,
  formatPhoneForDisplay,
  formatPhoneForExport,
  requiredOr,
  textSchema,
} from '../../src';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0]?.message;
};

describe('Arabic error map: grammar and "required"', () => {
  it.each([
    [2, 'يجب أن يحتوي النص على حرفين على الأقل'],
    [3, 'يجب أن يحتوي النص على 3 أحرف على الأقل'],
    [8, 'يجب أن يحتوي النص على 8 أحرف على الأقل'],
    [11, 'يجب أن يحتوي النص على 11 حرفاً على الأقل'],
  ])('at least %d characters', (min, message) => {
    expect(messageOf(z.string().min(min), 'a')).toBe(message);
    expect(ARABIC_MESSAGES.stringMin(min)).toBe(message);
  });

  it.each([
    [1, 'يجب ألا يزيد النص عن حرف واحد'],
    [2, 'يجب ألا يزيد النص عن حرفين'],
    [10, 'يجب ألا يزيد النص عن 10 أحرف'],
    [100, 'يجب ألا يزيد النص عن 100 حرف'],
  ])('at most %d characters', (max, message) => {
    expect(messageOf(z.string().max(max), 'x'.repeat(max + 1))).toBe(message);
  });

  it('says "required" for an empty field whatever its other rules', () => {
    expect(messageOf(z.string().min(2), '')).toBe('هذا الحقل مطلوب');
    expect(messageOf(z.string().trim().min(2), '   ')).toBe('هذا الحقل مطلوب');
    expect(messageOf(textSchema(100, 2), '')).toBe('هذا الحقل مطلوب');
    expect(messageOf(z.email(), '')).toBe('هذا الحقل مطلوب');
    expect(messageOf(z.string().regex(/^\d+$/), '')).toBe('هذا الحقل مطلوب');
    expect(messageOf(z.enum(['a', 'b']), '')).toBe('هذا الحقل مطلوب');
    expect(messageOf(z.number(), '')).toBe('هذا الحقل مطلوب');
    expect(messageOf(z.email({ error: requiredOr('البريد الإلكتروني غير صالح') }), '')).toBe(
      'هذا الحقل مطلوب',
    );
    expect(messageOf(z.email({ error: requiredOr('البريد الإلكتروني غير صالح') }), 'x')).toBe(
      'البريد الإلكتروني غير صالح',
    );
  });

  it('says a number is expected in a number field', () => {
    expect(messageOf(z.number(), 'abc')).toBe('يجب إدخال رقم');
    expect(messageOf(z.number(), Number.NaN)).toBe('يجب إدخال رقم');
    expect(messageOf(z.number().int(), 1.5)).toBe('يجب إدخال عدد صحيح');
    expect(messageOf(z.string(), 5)).toBe(ARABIC_MESSAGES.invalidType);
  });
});

describe('identifier formats', () => {
  it('shows a Saudi mobile in its local form in the UI and E.164 in exports', () => {
    expect(formatPhoneForDisplay('+966509988776')).toBe('0509988776');
    expect(formatPhoneForDisplay('0112345678')).toBe('0112345678');
    expect(formatPhoneForDisplay(null)).toBe('');
    expect(formatPhoneForExport('+966509988776')).toBe('+966509988776');
  });

  it('groups an IBAN by four', () => {
    expect(formatIban('sa0380000000608010167519')).toBe('SA03 8000 0000 6080 1016 7519');
  });
});
