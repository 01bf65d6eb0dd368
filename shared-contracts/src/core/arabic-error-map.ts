import { z } from 'zod';
import { countOf } from './plural';

/**
 * The Arabic default messages of docs/shell.md#validation-messages; counts through `countOf`
 * ("حرفين", "3 أحرف", "11 حرفاً").
 */
export const ARABIC_MESSAGES = {
  required: 'هذا الحقل مطلوب',
  invalidType: 'اختيار غير صالح - هذا الحقل مطلوب',
  notANumber: 'يجب إدخال رقم',
  notAnInteger: 'يجب إدخال عدد صحيح',
  tooSmall: 'القيمة المدخلة صغيرة جداً',
  tooBig: 'القيمة المدخلة كبيرة جداً',
  invalidEnum: 'القيمة غير صحيحة',
  invalidDate: 'تاريخ غير صالح',
  invalidString: 'نص غير صالح',
  stringMin: (n: number | bigint) =>
    `يجب أن يحتوي النص على ${countOf(Number(n), 'character', { case: 'oblique' })} على الأقل`,
  stringMax: (n: number | bigint) =>
    `يجب ألا يزيد النص عن ${countOf(Number(n), 'character', { case: 'oblique' })}`,
  numberMin: (n: number | bigint) => `يجب أن تكون القيمة ${n} أو أكثر`,
  invisibleControls:
    'النص يحتوي على رموز غير مرئية (مثل رموز التحكم في اتجاه الكتابة)، احذفها ثم أعد المحاولة',
  invisibleInName: 'الاسم يحتوي على رمز غير مرئي أو فاصل سطر أو حرف فارغ، احذفه ثم أعد المحاولة',
} as const;

type Issue = Parameters<NonNullable<NonNullable<Parameters<typeof z.config>[0]>['customError']>>[0];

/** Nothing entered: absent, null, or only spaces (a select's '' placeholder included). */
function isEmptyInput(input: unknown): boolean {
  return (
    input === undefined || input === null || (typeof input === 'string' && input.trim() === '')
  );
}

/**
 * An error option for a schema with its own message that must still say "required" when the
 * field is empty: `z.email({ error: requiredOr('البريد الإلكتروني غير صالح') })`.
 */
export function requiredOr(message: string): (issue: { input?: unknown }) => string {
  return (issue) => (isEmptyInput(issue.input) ? ARABIC_MESSAGES.required : message);
}

/**
 * Maps a zod issue to its Arabic message. An empty field says "required" whatever rule it broke
 * (minimum length, format, choice, number); a number field given something else says a number
 * is expected. A string of minimum length 1 is how our schemas say "required", so it gets the
 * required message rather than "at least 1 characters".
 */
export function arabicMessageFor(issue: Issue): string {
  // NaN is what a typed number that is not a number parses to: not "empty".
  const empty = !(typeof issue.input === 'number') && isEmptyInput(issue.input);
  switch (issue.code) {
    case 'invalid_type':
      if (empty) return ARABIC_MESSAGES.required;
      if (issue.expected === 'date') return ARABIC_MESSAGES.invalidDate;
      if (issue.expected === 'int') return ARABIC_MESSAGES.notAnInteger;
      if (issue.expected === 'number' || issue.expected === 'bigint')
        return ARABIC_MESSAGES.notANumber;
      return ARABIC_MESSAGES.invalidType;
    case 'too_small':
      if (issue.origin === 'string') {
        return empty || Number(issue.minimum) <= 1
          ? ARABIC_MESSAGES.required
          : ARABIC_MESSAGES.stringMin(issue.minimum);
      }
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return ARABIC_MESSAGES.numberMin(issue.minimum);
      }
      return ARABIC_MESSAGES.tooSmall;
    case 'too_big':
      if (issue.origin === 'string') return ARABIC_MESSAGES.stringMax(issue.maximum);
      return ARABIC_MESSAGES.tooBig;
    case 'invalid_value':
      return empty ? ARABIC_MESSAGES.required : ARABIC_MESSAGES.invalidEnum;
    case 'invalid_format':
      return empty ? ARABIC_MESSAGES.required : ARABIC_MESSAGES.invalidString;
    default:
      return empty ? ARABIC_MESSAGES.required : ARABIC_MESSAGES.invalidType;
  }
}

let installed = false;
/** Installs the map on the (shared, singleton) zod instance once. Importing shared-contracts does it. */
export function installArabicErrorMap(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => arabicMessageFor(issue) });
}
installArabicErrorMap();

/**
 * Flattens a ZodError into the API's `errors` shape: field path → Arabic messages. Own keys
 * only: a path named after an inherited property (`constructor`, `toString`, sent by a client as
 * a query key) must get its own list, not the prototype's function.
 */
export function zodErrorToFieldErrors(error: z.ZodError): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    const list = Object.hasOwn(result, key) ? result[key] : undefined;
    if (list) list.push(issue.message);
    // defineProperty: a plain assignment to `__proto__` would replace the prototype instead.
    else
      Object.defineProperty(result, key, {
        value: [issue.message],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return result;
}
