import { z } from 'zod';
import { ARABIC_MESSAGES, zodErrorToFieldErrors } from '../src/core/arabic-error-map';
import { QUERY_DEFAULT_OPTIONS, queryRetryDelay } from '../src/core/query-defaults';
import { normaliseArabic, normaliseDigits } from '../src/core/text';
import { employeeCreateSchema } from '../src/admin/employee-input';
import '../src/index';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0]?.message;
};

describe('Arabic error map', () => {
  test('required', () =>
    expect(messageOf(z.object({ a: z.string() }), {})).toBe('هذا الحقل مطلوب'));
  test('invalid type', () =>
    expect(messageOf(z.string(), 5)).toBe('اختيار غير صالح - هذا الحقل مطلوب'));
  test('a number field says a number is expected', () =>
    expect(messageOf(z.number(), 'x')).toBe('يجب إدخال رقم'));
  test('too small (array)', () =>
    expect(messageOf(z.array(z.string()).min(2), ['a'])).toBe(ARABIC_MESSAGES.tooSmall));
  test('too big', () => expect(messageOf(z.number().max(3), 9)).toBe('القيمة المدخلة كبيرة جداً'));
  test('invalid enum', () => expect(messageOf(z.enum(['a', 'b']), 'c')).toBe('القيمة غير صحيحة'));
  test('invalid date', () => expect(messageOf(z.date(), new Date('nope'))).toBe('تاريخ غير صالح'));
  test('invalid string format', () =>
    expect(messageOf(z.string().regex(/^\d+$/), 'x')).toBe('نص غير صالح'));
  test('string min N', () =>
    expect(messageOf(z.string().min(3), 'ab')).toBe('يجب أن يحتوي النص على 3 أحرف على الأقل'));
  test('empty required string', () =>
    expect(messageOf(z.string().min(1), '')).toBe('هذا الحقل مطلوب'));
  test('number min N', () =>
    expect(messageOf(z.number().min(5), 1)).toBe('يجب أن تكون القيمة 5 أو أكثر'));
  test('field errors keyed by path', () => {
    const result = employeeCreateSchema.safeParse({ name: 'a', email: 'bad', password: '1' });
    expect(result.success).toBe(false);
    if (!result.success) {
      const errors = zodErrorToFieldErrors(result.error);
      expect(errors.name).toEqual(['يجب أن يحتوي النص على حرفين على الأقل']);
      expect(errors.email).toEqual(['البريد الإلكتروني غير صالح']);
      expect(errors.password).toEqual(['يجب أن يحتوي النص على 8 أحرف على الأقل']);
    }
  });
  test('unknown permission keys are refused', () => {
    const result = employeeCreateSchema.safeParse({
      name: 'سارة',
      email: 's@x.sa',
      password: '12345678',
      permissions: ['fly'],
    });
    expect(result.success).toBe(false);
  });
});

describe('query defaults', () => {
  test('retry delay doubles from 1 s and caps at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(queryRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
  test('3 retries, 5 minutes cache, no refetch on focus', () => {
    expect(QUERY_DEFAULT_OPTIONS.queries.retry).toBe(3);
    expect(QUERY_DEFAULT_OPTIONS.queries.gcTime).toBe(300000);
    expect(QUERY_DEFAULT_OPTIONS.queries.refetchOnWindowFocus).toBe(false);
  });
});

describe('text normalisation', () => {
  test('Arabic-Indic and Persian digits', () => {
    expect(normaliseDigits('٠٥٥١٢٣٤٥٦٧')).toBe('0551234567');
    expect(normaliseDigits('۱۲۳')).toBe('123');
  });
  test('alef, ya, ta marbuta, diacritics and tatweel', () => {
    expect(normaliseArabic('أحمد')).toBe(normaliseArabic('احمد'));
    expect(normaliseArabic('إيمان')).toBe('ايمان');
    expect(normaliseArabic('مصطفى')).toBe(normaliseArabic('مصطفي'));
    expect(normaliseArabic('فاطمة')).toBe(normaliseArabic('فاطمه'));
    expect(normaliseArabic('مُحَمَّد')).toBe('محمد');
    expect(normaliseArabic('محـــمد')).toBe('محمد');
    expect(normaliseArabic('  عبد   الله ')).toBe('عبد الله');
  });
});
