import { randomInt } from 'node:crypto';
import {
  computeSaudiIdCheckDigit,
  formatSaudiMobileLocal,
  normaliseArabic,
} from 'shared-contracts';

/**
 * Test data for the beneficiaries browser test: fresh national IDs and mobiles on every run (so
 * a rerun against a kept database never collides with an earlier family), and the family the
 * test registers, with its name written in the forms a search must fold (أ/إ, ى, ة).
 */

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';

/** '0512' → '٠٥١٢' (what a keyboard set to Arabic types). */
export function toArabicIndic(value: string): string {
  return value.replace(/\d/g, (digit) => ARABIC_INDIC[Number(digit)] ?? digit);
}

/**
 * A valid Saudi ID nobody has: 1 (citizen) or 2 (resident), then 9, then 7 random digits and the
 * Luhn check digit. The seed's IDs are `1 1000…`, so the 9 keeps clear of them.
 */
export function freshSaudiId(kind: 1 | 2 = 1): string {
  const firstNine = `${kind}9${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  return `${firstNine}${computeSaudiIdCheckDigit(firstNine)}`;
}

/** A random Saudi mobile in its E.164 form (`+9665XXXXXXXX`). */
export function freshMobile(): string {
  return `+9665${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** `+966512345678` → `0512345678` (how the pages show a mobile). */
export const localMobile = formatSaudiMobileLocal;

/** True when `text` holds every word of `search` once both are folded like the API's search. */
export function matchesArabicSearch(text: string, search: string): boolean {
  const haystack = normaliseArabic(text);
  return normaliseArabic(search)
    .split(' ')
    .every((word) => haystack.includes(word));
}

export interface NewFamily {
  head: { name: string; nationalId: string; phone: string; birthDate: string };
  /** Typed into the list's search: the head's name without hamzas, with ي for ى and ه for ة. */
  search: string;
  /** The last part of the head's name (the wizard's draft notice names the family by it). */
  familyName: string;
  primaryPhone: string;
  city: { code: string; label: string };
  district: { code: string; label: string };
  address: string;
  editedAddress: string;
  altPhone: string;
  rent: string;
  income: { code: string; label: string; amount: string };
  spouse: { name: string; nationalId: string; birthDate: string };
  category: { code: string; label: string };
  need: { code: string; label: string; priority: string; description: string };
}

/** The family the test registers (a fresh one per call). Its per-capita income fits the Ramadan basket. */
export function newFamily(): NewFamily {
  return {
    head: {
      name: 'أحمد مصطفى إبراهيم العطية',
      nationalId: freshSaudiId(1),
      phone: freshMobile(),
      birthDate: '1984-03-15',
    },
    search: 'احمد مصطفي ابراهيم العطيه',
    familyName: 'العطية',
    primaryPhone: freshMobile(),
    city: { code: 'riyadh', label: 'الرياض' },
    district: { code: 'riyadh_naseem', label: 'النسيم' },
    address: 'شارع الأمير سعود بن عبدالله، عمارة ١٢، شقة ٤',
    editedAddress: 'طريق الإمام عبدالله بن سعود، فيلا ٢٧',
    altPhone: freshMobile(),
    rent: '1800',
    // 2,400 SAR for two people: 1,200 per person, under the Ramadan basket's 1,500 ceiling.
    income: { code: 'social_security', label: 'الضمان الاجتماعي', amount: '2400' },
    spouse: { name: 'هدى سالم عيسى العطية', nationalId: freshSaudiId(2), birthDate: '1989-11-02' },
    category: { code: 'low_income', label: 'ذوو الدخل المحدود' },
    need: { code: 'food', label: 'مواد غذائية', priority: 'high', description: 'سلة شهرية' },
  };
}
