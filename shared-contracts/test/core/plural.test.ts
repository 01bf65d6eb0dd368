import {
  NOUNS,
  ageOf,
  ageRangeOf,
  arabicPluralCategory,
  countOf,
  defineNoun,
  nounFormFor,
} from '../../src';

describe('countOf (Intl.PluralRules("ar"))', () => {
  it.each([
    [0, 'لا توجد أسر'],
    [1, 'أسرة واحدة'],
    [2, 'أسرتان'],
    [3, '3 أسر'],
    [10, '10 أسر'],
    [11, '11 أسرة'],
    [100, '100 أسرة'],
    [103, '103 أسر'],
    [1000, '1,000 أسرة'],
  ])('%d of a feminine noun: %s', (n, text) => {
    expect(countOf(n, 'family')).toBe(text);
  });

  it.each([
    [0, '0 حرف'],
    [1, 'حرف واحد'],
    [2, 'حرفان'],
    [3, '3 أحرف'],
    [11, '11 حرفاً'],
    [100, '100 حرف'],
    [111, '111 حرفاً'],
  ])('%d of a masculine noun: %s', (n, text) => {
    expect(countOf(n, 'character')).toBe(text);
  });

  it('gives the years of an age and the members of a family', () => {
    expect([0, 1, 2, 3, 11, 100].map((n) => countOf(n, 'year'))).toEqual([
      '0 سنة',
      'سنة واحدة',
      'سنتان',
      '3 سنوات',
      '11 سنة',
      '100 سنة',
    ]);
    expect([1, 2, 5, 12].map((n) => countOf(n, NOUNS.member))).toEqual([
      'فرد واحد',
      'فردان',
      '5 أفراد',
      '12 فرداً',
    ]);
  });

  it('puts the dual in the oblique case after a preposition', () => {
    expect(countOf(2, 'character', { case: 'oblique' })).toBe('حرفين');
    expect(countOf(2, 'year', { case: 'oblique' })).toBe('سنتين');
    expect(countOf(3, 'character', { case: 'oblique' })).toBe('3 أحرف');
  });

  it('says zero as Arabic does for the nouns people count in records, never «0 سجل»', () => {
    expect(countOf(0, 'record')).toBe('لا توجد سجلات');
    expect(countOf(0, 'employee')).toBe('لا يوجد موظفون');
    expect(countOf(0, 'family', { zero: 'لم تُسجَّل أي أسرة' })).toBe('لم تُسجَّل أي أسرة');
    const counted = ['family', 'member', 'service', 'employee', 'record', 'file', 'row'] as const;
    for (const name of counted) expect(countOf(0, name)).not.toMatch(/^0 /);
  });

  it('takes a zero phrase from the options or the noun', () => {
    expect(countOf(0, 'family', { zero: 'لا توجد أسر' })).toBe('لا توجد أسر');
    const noun = defineNoun({ ...NOUNS.service, zero: 'لا خدمات' });
    expect(countOf(0, noun)).toBe('لا خدمات');
    expect(countOf(4, noun)).toBe('4 خدمات');
  });

  it('names the categories and gives the bare noun form', () => {
    expect([0, 1, 2, 3, 11, 100].map(arabicPluralCategory)).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'many',
      'other',
    ]);
    expect(nounFormFor(7, 'day')).toBe('أيام');
    expect(nounFormFor(15, 'day')).toBe('يوماً');
    expect(nounFormFor(2, 'day', { case: 'oblique' })).toBe('يومين');
  });

  it('declares every form of every noun of the table', () => {
    for (const noun of Object.values(NOUNS)) {
      for (const form of [noun.one, noun.two, noun.few, noun.many, noun.other]) {
        expect(form.trim()).not.toBe('');
      }
      expect(noun.two.endsWith('ان')).toBe(true);
    }
  });
});

describe('ageRangeOf', () => {
  it('agrees the noun with the last number, never «1 سنة» or «3 سنة»', () => {
    expect(
      [
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 3],
        [1, 3],
        [1, 2],
        [20, 59],
        [0, 12],
        [60, null],
        [null, null],
      ].map(([min, max]) => ageRangeOf(min, max)),
    ).toEqual([
      'أقل من سنة',
      'سنة واحدة',
      'سنتان',
      '3 سنوات',
      'من 1 إلى 3 سنوات',
      'من 1 إلى سنتين',
      'من 20 إلى 59 سنة',
      'حتى 12 سنة',
      '60 سنة فأكثر',
      'كل الأعمار',
    ]);
  });
});

describe('ageOf', () => {
  it('writes an age in years', () => {
    expect([0, 1, 2, 7, 44, 100].map(ageOf)).toEqual([
      'أقل من سنة',
      'سنة واحدة',
      'سنتان',
      '7 سنوات',
      '44 سنة',
      '100 سنة',
    ]);
  });
});
