import {
  HIJRI_MONTHS,
  formatTypedDate,
  gregorianToHijri,
  hijriToGregorian,
  readTypedDate,
} from '../../src';

describe('Umm al-Qura conversion', () => {
  it.each([
    ['2026-02-18', { year: 1447, month: 9, day: 1 }], // 1 Ramadan 1447
    ['2025-06-26', { year: 1447, month: 1, day: 1 }], // 1 Muharram 1447
    ['2025-03-01', { year: 1446, month: 9, day: 1 }], // 1 Ramadan 1446
    ['2025-03-30', { year: 1446, month: 10, day: 1 }], // Eid al-Fitr 1446 (Ramadan had 29 days)
    ['2024-04-10', { year: 1445, month: 10, day: 1 }], // Eid al-Fitr 1445
    ['2024-06-16', { year: 1445, month: 12, day: 10 }], // Eid al-Adha 1445
  ])('%s is %o, and back', (iso, hijri) => {
    expect(gregorianToHijri(iso)).toEqual(hijri);
    expect(hijriToGregorian(hijri)).toBe(iso);
  });

  it('round-trips every day of several years', () => {
    let day = Date.UTC(2023, 0, 1);
    const end = Date.UTC(2027, 0, 1);
    while (day < end) {
      const iso = new Date(day).toISOString().slice(0, 10);
      const hijri = gregorianToHijri(iso);
      expect(hijri && hijriToGregorian(hijri)).toBe(iso);
      day += 86_400_000;
    }
  });

  it('refuses days that do not exist and years outside the Umm al-Qura table', () => {
    // Ramadan 1446 had 29 days.
    expect(hijriToGregorian({ year: 1446, month: 9, day: 30 })).toBeNull();
    expect(hijriToGregorian({ year: 1447, month: 13, day: 1 })).toBeNull();
    expect(hijriToGregorian({ year: 1200, month: 1, day: 1 })).toBeNull();
    expect(gregorianToHijri('2025-02-30')).toBeNull();
    expect(gregorianToHijri('not a date')).toBeNull();
    expect(HIJRI_MONTHS[8]).toBe('رمضان');
  });
});

describe('readTypedDate', () => {
  it.each([
    ['18/02/2026', '2026-02-18'],
    ['18/2/2026', '2026-02-18'],
    ['18-02-2026', '2026-02-18'],
    ['18.02.2026', '2026-02-18'],
    ['18022026', '2026-02-18'],
    ['2026-02-18', '2026-02-18'],
    ['١٨/٠٢/٢٠٢٦', '2026-02-18'],
    [' 18 / 02 / 2026 م', '2026-02-18'],
  ])('Gregorian %p → %s', (typed, iso) => {
    expect(readTypedDate(typed, 'gregorian')).toEqual({ kind: 'date', iso });
  });

  it.each([
    ['1/9/1447', '2026-02-18'],
    ['01/09/1447هـ', '2026-02-18'],
    ['١/١/١٤٤٧ هـ', '2025-06-26'],
    ['1447/09/01', '2026-02-18'],
  ])('Hijri %p → %s', (typed, iso) => {
    expect(readTypedDate(typed, 'hijri')).toEqual({ kind: 'date', iso });
  });

  it('tells blank from invalid', () => {
    expect(readTypedDate('  ', 'gregorian')).toEqual({ kind: 'blank' });
    for (const typed of ['31/02/2025', '18/02/26', '18/2', 'أمس', '30/9/1446']) {
      expect(readTypedDate(typed, typed.endsWith('1446') ? 'hijri' : 'gregorian')).toEqual({
        kind: 'invalid',
      });
    }
  });

  it('writes a stored date day first in either calendar', () => {
    expect(formatTypedDate('2026-02-18', 'gregorian')).toBe('18/02/2026');
    expect(formatTypedDate('2026-02-18', 'hijri')).toBe('01/09/1447');
    expect(formatTypedDate('bad', 'hijri')).toBeNull();
  });
});
