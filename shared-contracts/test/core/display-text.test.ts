import {
  dateText,
  dateTimeText,
  dualDateText,
  hijriDateText,
  periodText,
  riyalsText,
} from '../../src';
import { defaultArchiveTitle } from '../../src/reports';

const plain = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '');

describe('display text (dates and riyals in sentences the API writes)', () => {
  it('writes dates in words in both calendars, never the ISO form', () => {
    expect(dateText('2026-01-01')).toBe('1 يناير 2026');
    expect(hijriDateText('2026-01-01')).toBe('12 رجب 1447 هـ');
    expect(dualDateText('2026-11-27')).toBe('27 نوفمبر 2026 (17 جمادى الآخرة 1448 هـ)');
    expect(plain(dateTimeText('2026-11-27T14:05:00.000Z'))).toBe('27 نوفمبر 2026 في 5:05 م');
    expect(dateText('not a date')).toBe('—');
    expect(dateText(null)).toBe('—');
  });

  it('states a period and titles an archive with it', () => {
    expect(periodText('2026-11-01', '2026-11-27')).toBe('من 1 نوفمبر 2026 إلى 27 نوفمبر 2026');
    expect(defaultArchiveTitle('تقرير الندوات', '2026-01-01', '2026-11-27')).toBe(
      'تقرير الندوات من 1 يناير 2026 إلى 27 نوفمبر 2026',
    );
  });

  it('writes amounts in riyals: whole without decimals, else to the halala, grouped', () => {
    expect(riyalsText('1500.50')).toBe('1,500.50 ريال');
    expect(riyalsText('1500.00')).toBe('1,500 ريال');
    expect(riyalsText(850.5)).toBe('850.50 ريال');
    expect(riyalsText('abc')).toBe('—');
  });
});
