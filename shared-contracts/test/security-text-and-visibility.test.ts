import { z } from 'zod';
import '../src/index';
import { ARABIC_MESSAGES, zodErrorToFieldErrors } from '../src/core/arabic-error-map';
import {
  defineFieldVisibility,
  hiddenFieldsFor,
  mayReadField,
  withoutFields,
} from '../src/core/field-visibility';
import { isVisibleText, normaliseArabic } from '../src/core/text';
import { reasonTextSchema, textSchema } from '../src/core/values';
import { MEMBER_FIELD_VISIBILITY, fullNameSchema } from '../src/beneficiaries/family-member';
import { familyDraftSchema } from '../src/beneficiaries/family';

/** Invisible controls in text, the field-visibility rule, bounded walks over input. */

const messages = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('names and free text refuse invisible controls', () => {
  const refused = {
    'right-to-left override': 'ليلى\u202Eمحمد',
    'left-to-right embedding': '\u202Aعلي',
    'pop directional formatting': 'علي\u202C',
    'right-to-left mark': 'علي\u200Fحسن',
    'left-to-right mark': 'علي\u200Eحسن',
    'Arabic letter mark': 'علي\u061Cحسن',
    'first strong isolate': '\u2068علي\u2069',
    'zero-width space': 'مح\u200Bمد',
    'word joiner': 'مح\u2060مد',
    'zero-width no-break space inside': 'مح\uFEFFمد',
    'soft hyphen': 'مح\u00ADمد',
    NUL: 'علي\u0000',
    escape: 'علي\u001B[31m',
    'C1 control': 'علي\u0085',
  };
  test.each(Object.entries(refused))('%s is refused with the Arabic message', (_name, text) => {
    expect(isVisibleText(text)).toBe(false);
    expect(messages(textSchema(100), text)).toEqual([ARABIC_MESSAGES.invisibleControls]);
    expect(messages(fullNameSchema, `${text} الشهري`)).toEqual([ARABIC_MESSAGES.invisibleControls]);
    expect(messages(reasonTextSchema, `${text} سبب`)).toEqual([ARABIC_MESSAGES.invisibleControls]);
  });

  test('kept: ZWNJ and ZWJ (joining only, never reordering), line breaks and tabs in free text', () => {
    for (const text of ['مهر\u200Cانگیز', 'क्\u200Dष', 'سطر أول\nسطر ثان\r\n\tمسافة']) {
      expect(isVisibleText(text)).toBe(true);
      expect(messages(textSchema(100), text)).toEqual([]);
    }
    expect(fullNameSchema.parse('مهر\u200Cانگیز رضا')).toBe('مهر\u200Cانگیز رضا');
    // Search ignores the joiners, so they cannot hide a duplicate name.
    expect(normaliseArabic('مح\u200Cمد')).toBe(normaliseArabic('محمد'));
  });
});

describe('field visibility', () => {
  const table = defineFieldVisibility({
    salary: ['show_financial'],
    notes: ['edit_families', 'show_families'],
  });
  const employee = (permissions: string[], role: string | null = null) => ({ permissions, role });

  test('every key of a field is needed; super admins see all; unlisted fields are visible', () => {
    expect(hiddenFieldsFor(table, employee(['edit_families']))).toEqual(
      new Set(['salary', 'notes']),
    );
    expect(hiddenFieldsFor(table, employee(['edit_families', 'show_families']))).toEqual(
      new Set(['salary']),
    );
    expect(hiddenFieldsFor(table, employee([], 'Super Admin'))).toEqual(new Set());
    expect(mayReadField(table, 'name', employee([]))).toBe(true);
    expect(mayReadField(table, 'constructor', employee([]))).toBe(true);
  });

  test('members: medical data only with edit_families (the rule GET /families/{id} applies)', () => {
    expect(hiddenFieldsFor(MEMBER_FIELD_VISIBILITY, employee(['show_families']))).toEqual(
      new Set(['health_status', 'disabilities']),
    );
    expect(
      hiddenFieldsFor(MEMBER_FIELD_VISIBILITY, employee(['show_families', 'edit_families'])),
    ).toEqual(new Set());
  });

  test('hidden keys are absent, not null', () => {
    const record = { name: 'أ', salary: 10, notes: null };
    expect(withoutFields(record, new Set(['salary', 'notes']))).toEqual({ name: 'أ' });
    expect(withoutFields(record, new Set())).toBe(record);
  });
});

describe('hostile input does not break the helpers (fuzz)', () => {
  test('a draft nested 20000 deep fails its schema instead of overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 20_000; i += 1) deep = [deep];
    const result = familyDraftSchema.safeParse({ head: { full_name: 'خالد سعد' }, members: deep });
    expect(result.success).toBe(false);
  });

  test('issue paths named after Object.prototype keys get their own lists', () => {
    const issue = (key: string) => ({
      code: 'custom' as const,
      message: `خطأ ${key}`,
      path: [key],
      input: 1,
    });
    const errors = zodErrorToFieldErrors(
      new z.ZodError([
        issue('constructor'),
        issue('toString'),
        issue('__proto__'),
        issue('constructor'),
      ]),
    );
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
    expect(Object.keys(errors).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(errors.constructor).toEqual(['خطأ constructor', 'خطأ constructor']);
    expect(Object.getOwnPropertyDescriptor(errors, '__proto__')?.value).toEqual(['خطأ __proto__']);
  });
});
