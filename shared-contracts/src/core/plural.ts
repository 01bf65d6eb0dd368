/**
 * Arabic counting (docs/architecture.md#shared-ui: every count through one helper on
 * `Intl.PluralRules('ar')`).
 *
 * Arabic picks the noun's form from the number: 1 → "أسرة واحدة", 2 → "أسرتان" (the dual, no
 * digit), 3–10 → "3 أسر" (plural), 11–99 → "11 أسرة" / "11 حرفاً" (singular, accusative),
 * 100, 1000… → "100 أسرة" (singular). The rule looks at the last two digits (103 → "103 أسر",
 * 111 → "111 حرفاً"), which is what `Intl.PluralRules('ar')` encodes as zero/one/two/few/many/other.
 *
 * Zero is not "0 أسرة": Arabic says there is none ("لا توجد أسر", "لا يوجد موظفون"). Every noun of
 * `NOUNS` a person counts in records carries that phrase; a sentence that needs its own wording
 * passes `zero` ("لم تُسجَّل أي أسرة"). Durations and lengths (years, days, characters) keep the
 * digit: they are limits and ages, where 0 is rare and said by the call site.
 *
 * Digits are Western (`nu-latn`), as every number the UI shows (shared-ui `formatNumber`).
 */

/** The forms of one noun, named after `Intl.PluralRules('ar')` categories. */
export interface ArabicNoun {
  /** The singular, used with 1: "أسرة" (→ "أسرة واحدة"). */
  readonly one: string;
  /** The nominative dual: "أسرتان" ("حرفين" after a preposition is derived: `case: 'oblique'`). */
  readonly two: string;
  /** The plural used with 3–10 (and 103–110…): "أسر". */
  readonly few: string;
  /** The accusative singular used with 11–99: "أسرة", "حرفاً". */
  readonly many: string;
  /** The singular used with 100, 1000…: "أسرة". */
  readonly other: string;
  /** "واحد" or "واحدة" follows the singular for 1. */
  readonly gender: 'masculine' | 'feminine';
  /** The whole phrase for 0, when not "0 <other>" (CLDR's own form). */
  readonly zero?: string;
}

/** Declares a noun (a typed identity, so a table of nouns is checked). */
export function defineNoun(noun: ArabicNoun): ArabicNoun {
  return noun;
}

/** The nouns the product counts. Add a noun here rather than spelling its forms at a call site. */
export const NOUNS = {
  family: defineNoun({
    one: 'أسرة',
    two: 'أسرتان',
    few: 'أسر',
    many: 'أسرة',
    other: 'أسرة',
    gender: 'feminine',
    zero: 'لا توجد أسر',
  }),
  member: defineNoun({
    one: 'فرد',
    two: 'فردان',
    few: 'أفراد',
    many: 'فرداً',
    other: 'فرد',
    gender: 'masculine',
    zero: 'لا يوجد أفراد',
  }),
  /** One look at a family's file (its access log, docs/personal-data.md). */
  access: defineNoun({
    one: 'اطّلاع',
    two: 'اطّلاعان',
    few: 'اطّلاعات',
    many: 'اطّلاعًا',
    other: 'اطّلاع',
    gender: 'masculine',
    zero: 'لا يوجد اطّلاع',
  }),
  visit: defineNoun({
    one: 'زيارة',
    two: 'زيارتان',
    few: 'زيارات',
    many: 'زيارة',
    other: 'زيارة',
    gender: 'feminine',
    zero: 'لا توجد زيارات',
  }),
  task: defineNoun({
    one: 'مهمة',
    two: 'مهمتان',
    few: 'مهام',
    many: 'مهمة',
    other: 'مهمة',
    gender: 'feminine',
    zero: 'لا توجد مهام',
  }),
  year: defineNoun({
    one: 'سنة',
    two: 'سنتان',
    few: 'سنوات',
    many: 'سنة',
    other: 'سنة',
    gender: 'feminine',
  }),
  month: defineNoun({
    one: 'شهر',
    two: 'شهران',
    few: 'أشهر',
    many: 'شهراً',
    other: 'شهر',
    gender: 'masculine',
  }),
  day: defineNoun({
    one: 'يوم',
    two: 'يومان',
    few: 'أيام',
    many: 'يوماً',
    other: 'يوم',
    gender: 'masculine',
  }),
  hour: defineNoun({
    one: 'ساعة',
    two: 'ساعتان',
    few: 'ساعات',
    many: 'ساعة',
    other: 'ساعة',
    gender: 'feminine',
  }),
  second: defineNoun({
    one: 'ثانية',
    two: 'ثانيتان',
    few: 'ثوانٍ',
    many: 'ثانية',
    other: 'ثانية',
    gender: 'feminine',
  }),
  minute: defineNoun({
    one: 'دقيقة',
    two: 'دقيقتان',
    few: 'دقائق',
    many: 'دقيقة',
    other: 'دقيقة',
    gender: 'feminine',
  }),
  character: defineNoun({
    one: 'حرف',
    two: 'حرفان',
    few: 'أحرف',
    many: 'حرفاً',
    other: 'حرف',
    gender: 'masculine',
  }),
  digit: defineNoun({
    one: 'رقم',
    two: 'رقمان',
    few: 'أرقام',
    many: 'رقماً',
    other: 'رقم',
    gender: 'masculine',
  }),
  service: defineNoun({
    one: 'خدمة',
    two: 'خدمتان',
    few: 'خدمات',
    many: 'خدمة',
    other: 'خدمة',
    gender: 'feminine',
    zero: 'لا توجد خدمات',
  }),
  employee: defineNoun({
    one: 'موظف',
    two: 'موظفان',
    few: 'موظفين',
    many: 'موظفاً',
    other: 'موظف',
    gender: 'masculine',
    zero: 'لا يوجد موظفون',
  }),
  organisation: defineNoun({
    one: 'جهة',
    two: 'جهتان',
    few: 'جهات',
    many: 'جهة',
    other: 'جهة',
    gender: 'feminine',
    zero: 'لا توجد جهات',
  }),
  file: defineNoun({
    one: 'ملف',
    two: 'ملفان',
    few: 'ملفات',
    many: 'ملفاً',
    other: 'ملف',
    gender: 'masculine',
    zero: 'لا توجد ملفات',
  }),
  document: defineNoun({
    one: 'مستند',
    two: 'مستندان',
    few: 'مستندات',
    many: 'مستنداً',
    other: 'مستند',
    gender: 'masculine',
    zero: 'لا توجد مستندات',
  }),
  byte: defineNoun({
    one: 'بايت',
    two: 'بايتان',
    few: 'بايتات',
    many: 'بايتاً',
    other: 'بايت',
    gender: 'masculine',
  }),
  kilobyte: defineNoun({
    one: 'كيلوبايت',
    two: 'كيلوبايتان',
    few: 'كيلوبايتات',
    many: 'كيلوبايتاً',
    other: 'كيلوبايت',
    gender: 'masculine',
  }),
  megabyte: defineNoun({
    one: 'ميغابايت',
    two: 'ميغابايتان',
    few: 'ميغابايتات',
    many: 'ميغابايتاً',
    other: 'ميغابايت',
    gender: 'masculine',
  }),
  row: defineNoun({
    one: 'صف',
    two: 'صفان',
    few: 'صفوف',
    many: 'صفاً',
    other: 'صف',
    gender: 'masculine',
    zero: 'لا توجد صفوف',
  }),
  record: defineNoun({
    one: 'سجل',
    two: 'سجلان',
    few: 'سجلات',
    many: 'سجلاً',
    other: 'سجل',
    gender: 'masculine',
    zero: 'لا توجد سجلات',
  }),
  result: defineNoun({
    one: 'نتيجة',
    two: 'نتيجتان',
    few: 'نتائج',
    many: 'نتيجة',
    other: 'نتيجة',
    gender: 'feminine',
    zero: 'لا توجد نتائج',
  }),
  page: defineNoun({
    one: 'صفحة',
    two: 'صفحتان',
    few: 'صفحات',
    many: 'صفحة',
    other: 'صفحة',
    gender: 'feminine',
  }),
  beneficiary: defineNoun({
    one: 'مستفيد',
    two: 'مستفيدان',
    few: 'مستفيدين',
    many: 'مستفيداً',
    other: 'مستفيد',
    gender: 'masculine',
    zero: 'لا يوجد مستفيدون',
  }),
  child: defineNoun({
    one: 'طفل',
    two: 'طفلان',
    few: 'أطفال',
    many: 'طفلاً',
    other: 'طفل',
    gender: 'masculine',
    zero: 'لا يوجد أطفال',
  }),
  item: defineNoun({
    one: 'صنف',
    two: 'صنفان',
    few: 'أصناف',
    many: 'صنفاً',
    other: 'صنف',
    gender: 'masculine',
    zero: 'لا توجد أصناف',
  }),
  programme: defineNoun({
    one: 'برنامج',
    two: 'برنامجان',
    few: 'برامج',
    many: 'برنامجاً',
    other: 'برنامج',
    gender: 'masculine',
    zero: 'لا توجد برامج',
  }),
  attempt: defineNoun({
    one: 'محاولة',
    two: 'محاولتان',
    few: 'محاولات',
    many: 'محاولة',
    other: 'محاولة',
    gender: 'feminine',
  }),
  agreement: defineNoun({
    one: 'اتفاقية',
    two: 'اتفاقيتان',
    few: 'اتفاقيات',
    many: 'اتفاقية',
    other: 'اتفاقية',
    gender: 'feminine',
    zero: 'لا توجد اتفاقيات',
  }),
  /** "قيد": a financial record (income or expense) as the finance pages count them. */
  entry: defineNoun({
    one: 'قيد',
    two: 'قيدان',
    few: 'قيود',
    many: 'قيداً',
    other: 'قيد',
    gender: 'masculine',
    zero: 'لا توجد قيود',
  }),
  /** "مرة": how many times something happened ("سبق الصرف مرتين"). */
  time: defineNoun({
    one: 'مرة',
    two: 'مرتان',
    few: 'مرات',
    many: 'مرة',
    other: 'مرة',
    gender: 'feminine',
    zero: 'ولا مرة',
  }),
} as const satisfies Record<string, ArabicNoun>;

export type NounName = keyof typeof NOUNS;

export type ArabicPluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

const pluralRules = new Intl.PluralRules('ar');
const countFormat = new Intl.NumberFormat('ar-SA-u-nu-latn', { maximumFractionDigits: 2 });

/** The plural category Arabic gives `n` (`Intl.PluralRules('ar')`). */
export function arabicPluralCategory(n: number): ArabicPluralCategory {
  // The categories are exactly these six for 'ar'; anything else would be a runtime bug in Intl.
  const category = pluralRules.select(n);
  switch (category) {
    case 'zero':
    case 'one':
    case 'two':
    case 'few':
    case 'many':
      return category;
    default:
      return 'other';
  }
}

export interface CountOptions {
  /**
   * 'oblique' after a preposition or as an object: the dual ends in ـين ("على حرفين",
   * "عن سنتين"); the other forms do not change. Default 'nominative' ("أسرتان").
   */
  case?: 'nominative' | 'oblique';
  /** The phrase for 0 ("لا توجد أسر"), overriding the noun's. */
  zero?: string;
}

function nounOf(noun: ArabicNoun | NounName): ArabicNoun {
  return typeof noun === 'string' ? NOUNS[noun] : noun;
}

function dualOf(noun: ArabicNoun, grammaticalCase: CountOptions['case']): string {
  // Every regular dual ends in ـان (nominative) / ـين (genitive and accusative).
  return grammaticalCase === 'oblique' && noun.two.endsWith('ان')
    ? `${noun.two.slice(0, -2)}ين`
    : noun.two;
}

/**
 * The noun's form for `n`, without the number: "أسرة", "أسرتان", "أسر", "حرفاً". For layouts
 * that show the number apart (a big figure over its noun).
 */
export function nounFormFor(
  n: number,
  noun: ArabicNoun | NounName,
  options: CountOptions = {},
): string {
  const forms = nounOf(noun);
  const category = arabicPluralCategory(n);
  switch (category) {
    case 'one':
      return forms.one;
    case 'two':
      return dualOf(forms, options.case);
    case 'few':
      return forms.few;
    case 'many':
      return forms.many;
    default:
      return forms.other;
  }
}

/**
 * A count in correct Arabic: `countOf(1, 'family')` → "أسرة واحدة", 2 → "أسرتان", 3 → "3 أسر",
 * 11 → "11 أسرة", 100 → "100 أسرة", 0 → the option's or the noun's zero phrase ("لا توجد أسر"),
 * else "0 <other>".
 * Accepts a noun of `NOUNS` by name or any `ArabicNoun`.
 */
export function countOf(
  n: number,
  noun: ArabicNoun | NounName,
  options: CountOptions = {},
): string {
  const forms = nounOf(noun);
  const category = arabicPluralCategory(n);
  if (category === 'zero' && (options.zero ?? forms.zero)) return options.zero ?? forms.zero ?? '';
  if (category === 'one') return `${forms.one} ${forms.gender === 'feminine' ? 'واحدة' : 'واحد'}`;
  if (category === 'two') return dualOf(forms, options.case);
  return `${countFormat.format(n)} ${nounFormFor(n, forms, options)}`;
}

/**
 * An age range in years, the noun agreeing with the last number: "من 20 إلى 59 سنة",
 * "من 1 إلى 3 سنوات", "حتى سنتين", "60 سنة فأكثر", one age alone "سنتان", "أقل من سنة" for 0–0,
 * "كل الأعمار" without bounds. `max` null (or none) is open-ended; a `min` of 0 or null has no
 * lower bound. Never "1 سنة" / "3 سنة".
 */
export function ageRangeOf(min: number | null | undefined, max: number | null | undefined): string {
  const from = min ?? 0;
  if (max === null || max === undefined)
    return from === 0 ? 'كل الأعمار' : `${countOf(from, 'year')} فأكثر`;
  if (max === 0) return 'أقل من سنة';
  if (from === max) return countOf(max, 'year');
  if (from === 0) return `حتى ${countOf(max, 'year', { case: 'oblique' })}`;
  return `من ${countFormat.format(from)} إلى ${countOf(max, 'year', { case: 'oblique' })}`;
}

/** An age in years as shown beside a birth date: "أقل من سنة", "سنة واحدة", "سنتان", "44 سنة". */
export function ageOf(years: number): string {
  return years < 1 ? 'أقل من سنة' : countOf(Math.floor(years), 'year');
}
