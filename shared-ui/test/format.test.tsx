import {
  formatCurrency,
  formatDate,
  formatDateDual,
  formatDateTime,
  formatHijri,
  formatNumber,
  stripBidiMarks,
} from '../src';

// Intl embeds RLM/ALM marks and no-break spaces; compare the visible text.
const clean = (value: string) => stripBidiMarks(value).replace(/\u00a0/g, ' ');

describe('formatters', () => {
  it('formatNumber uses Latin digits and Arabic grouping', () => {
    expect(clean(formatNumber(1234567.891))).toBe('1,234,567.89');
    expect(clean(formatNumber('42'))).toBe('42');
    expect(formatNumber(0)).toBe('0');
  });

  it('formatCurrency defaults to riyals and keeps currency decimals', () => {
    expect(clean(formatCurrency(1234.5))).toBe('1,234.50 ر.س.');
    expect(clean(formatCurrency(1, 'KWD'))).toContain('1.000');
  });

  it('formatDate is Gregorian in Riyadh time', () => {
    expect(clean(formatDate('2025-03-01'))).toBe('1 مارس 2025');
    // 22:30 UTC is already the next day in Riyadh (UTC+3).
    expect(clean(formatDate('2025-02-28T22:30:00Z'))).toBe('1 مارس 2025');
    expect(clean(formatDate(new Date('2025-03-01T00:00:00Z')))).toBe('1 مارس 2025');
  });

  it('formatHijri uses Umm al-Qura', () => {
    expect(clean(formatHijri('2025-03-01'))).toBe('1 رمضان 1446 هـ');
  });

  it('formatDateDual shows both calendars', () => {
    expect(clean(formatDateDual('2025-03-01'))).toBe('1 مارس 2025 (1 رمضان 1446 هـ)');
  });

  it('formatDateTime shows the Riyadh time', () => {
    expect(clean(formatDateTime('2025-03-01T09:05:00Z'))).toMatch(/^1 مارس 2025.*12:05/);
  });

  it.each([null, undefined, '', 'not a date', NaN])('returns an em dash for %p', (bad) => {
    expect(formatNumber(bad as number | null | undefined)).toBe('—');
    expect(formatCurrency(bad as number | null | undefined)).toBe('—');
    expect(formatDate(bad as string | null | undefined)).toBe('—');
    expect(formatHijri(bad as string | null | undefined)).toBe('—');
    expect(formatDateDual(bad as string | null | undefined)).toBe('—');
    expect(formatDateTime(bad as string | null | undefined)).toBe('—');
  });

  it('formatNumber rejects non-numeric strings and infinities', () => {
    expect(formatNumber('abc')).toBe('—');
    expect(formatNumber(Infinity)).toBe('—');
  });
});
