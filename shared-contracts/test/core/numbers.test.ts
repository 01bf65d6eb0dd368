import { computeFamilyIncome } from '../../src/beneficiaries';
import {
  canonicalNumberText,
  integerInputSchema,
  moneyInputSchema,
  normaliseNumberCharacters,
  parseLocalisedNumber,
  readTypedNumber,
} from '../../src';

describe('readTypedNumber', () => {
  it.each([
    ['1500', 1500, '1500'],
    ['1,500', 1500, '1500'],
    ['١٬٥٠٠', 1500, '1500'],
    ['۱۵۰۰', 1500, '1500'],
    ['1،500', 1500, '1500'],
    ['1 500', 1500, '1500'],
    ['1,234,567.5', 1234567.5, '1234567.5'],
    ['١٢٣٤٫٥٠', 1234.5, '1234.50'],
    ['١٬٢٣٤٫٥', 1234.5, '1234.5'],
    ['1500.75', 1500.75, '1500.75'],
    ['.5', 0.5, '0.5'],
    ['007', 7, '7'],
    ['-250', -250, '-250'],
    ['−٢٥٠', -250, '-250'],
    ['\u200f1,500\u200f', 1500, '1500'],
    ['\u20661500\u2069', 1500, '1500'],
    ['1\u00a0500', 1500, '1500'],
  ])('%p → %p', (typed, value, text) => {
    expect(readTypedNumber(typed)).toEqual({ kind: 'number', value, text });
    expect(parseLocalisedNumber(typed)).toBe(value);
    expect(canonicalNumberText(typed)).toBe(text);
  });

  it.each(['', '   ', '\u200f', null, undefined])('%p is blank', (typed) => {
    expect(readTypedNumber(typed)).toEqual({ kind: 'blank' });
    expect(canonicalNumberText(typed)).toBeNull();
  });

  it.each([
    'abc',
    '1,5',
    '1,50',
    '15,00,000',
    '1.2.3',
    '1,500,00',
    '--5',
    '-',
    '5-',
    '1e3',
    '١٢ ريال',
  ])('%p is not a number', (typed) => {
    expect(readTypedNumber(typed)).toEqual({ kind: 'invalid' });
    expect(parseLocalisedNumber(typed)).toBeNaN();
  });

  it('passes finite numbers through', () => {
    expect(readTypedNumber(12.5)).toEqual({ kind: 'number', value: 12.5, text: '12.5' });
    expect(readTypedNumber(Number.NaN)).toEqual({ kind: 'invalid' });
  });

  it('rewrites Arabic keyboard characters one for one (for inputs, caret unchanged)', () => {
    const typed = '١٬٥٠٠٫٥';
    const rewritten = normaliseNumberCharacters(typed);
    expect(rewritten).toBe('1,500.5');
    expect(rewritten).toHaveLength(typed.length);
  });
});

describe('the number input schemas read typed numbers the same way', () => {
  it.each(['1,500', '١٬٥٠٠', '1500', '١٥٠٠', '1 500'])('money %p is 1500', (typed) => {
    expect(moneyInputSchema().parse(typed)).toBe(1500);
  });

  it('says "required" for a blank amount and "a number is expected" for text', () => {
    const blank = moneyInputSchema().safeParse('  ');
    expect(blank.success ? null : blank.error.issues[0]?.message).toBe('هذا الحقل مطلوب');
    const text = moneyInputSchema().safeParse('ألف');
    expect(text.success ? null : text.error.issues[0]?.message).toBe('يجب إدخال رقم');
    const comma = moneyInputSchema().safeParse('1,5');
    expect(comma.success ? null : comma.error.issues[0]?.message).toBe('يجب إدخال رقم');
  });

  it('reads integers with separators and refuses fractions', () => {
    expect(integerInputSchema(0, 100_000).parse('١٬٢٠٠')).toBe(1200);
    const fraction = integerInputSchema(0, 10).safeParse('2.5');
    expect(fraction.success ? null : fraction.error.issues[0]?.message).toBe('يجب إدخال عدد صحيح');
  });
});

describe('totals a form shows while typing read typed amounts the same way', () => {
  it('sums "1,500" and "١٬٥٠٠" as 1500 each (the wizard review step)', () => {
    expect(
      computeFamilyIncome([{ amount: '1,500' }, { amount: '١٬٥٠٠' }, { amount: '٢٥٠٫٥' }]),
    ).toBe(3250.5);
  });
});
