import { z } from 'zod';
import * as root from '../../src/index';
import * as admin from '../../src/admin';
import * as beneficiaries from '../../src/beneficiaries';
import * as engagement from '../../src/engagement';
import * as finance from '../../src/finance';
import * as reports from '../../src/reports';
import * as services from '../../src/services';
import { ARABIC_MESSAGES } from '../../src/core/arabic-error-map';
import type { Endpoint } from '../../src/core/endpoint';
import { isCleanName, normaliseArabic } from '../../src/core/text';
import { nameTextSchema, textSchema } from '../../src/core/values';
import { employeeNameSchema } from '../../src/auth/employee';
import { fullNameSchema } from '../../src/beneficiaries/family-member';

/**
 * Names refuse what shows nothing or passes for something else: default-ignorable code points,
 * line and paragraph separators and fillers (two names that look equal must be equal).
 */

const messages = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

/** Each character the review found accepted in names, and the rest of its kind. */
const REFUSED: Record<string, string> = {
  'line separator U+2028': '\u2028',
  'paragraph separator U+2029': '\u2029',
  'Hangul filler U+3164': '\u3164',
  'Braille blank U+2800': '\u2800',
  'Hangul choseong filler U+115F': '\u115F',
  'Hangul jungseong filler U+1160': '\u1160',
  'halfwidth Hangul filler U+FFA0': '\uFFA0',
  'combining grapheme joiner U+034F': '\u034F',
  'Khmer vowel inherent AQ U+17B4': '\u17B4',
  'Khmer vowel inherent AA U+17B5': '\u17B5',
  'variation selector 16 U+FE0F': '\uFE0F',
  'variation selector 1 U+FE00': '\uFE00',
  'variation selector 17 U+E0100': '\u{E0100}',
  'Mongolian free variation selector U+180B': '\u180B',
  'tag letter A U+E0041': '\u{E0041}',
  'cancel tag U+E007F': '\u{E007F}',
  'language tag U+E0001': '\u{E0001}',
  'unassigned default-ignorable U+2065': '\u2065',
  'Arabic number sign U+0600 (format)': '\u0600',
  'private use U+E000': '\uE000',
  'tab inside': '\t',
  'line feed inside': '\n',
  'carriage return inside': '\r',
};

const NAME_SCHEMAS: Record<string, z.ZodType> = {
  'nameTextSchema(100, 2)': nameTextSchema(100, 2),
  employeeNameSchema,
  fullNameSchema,
};

describe('names refuse invisible and look-alike characters', () => {
  test.each(Object.entries(REFUSED))(
    '%s: refused in every name schema with the Arabic name message',
    (_label, char) => {
      expect(isCleanName(`محمد${char}علي`)).toBe(false);
      for (const schema of Object.values(NAME_SCHEMAS)) {
        expect(messages(schema, `محمد${char}علي الشهري`)).toEqual([
          ARABIC_MESSAGES.invisibleInName,
        ]);
        expect(messages(schema, `محمد علي${char}الشهري`)).toEqual([
          ARABIC_MESSAGES.invisibleInName,
        ]);
      }
    },
  );

  test('a bidi control keeps the free-text message alone (one message per field)', () => {
    for (const schema of Object.values(NAME_SCHEMAS)) {
      expect(messages(schema, 'ليلى\u202Eمحمد علي')).toEqual([ARABIC_MESSAGES.invisibleControls]);
      expect(messages(schema, 'مح\u200Bمد علي')).toEqual([ARABIC_MESSAGES.invisibleControls]);
    }
  });

  test('a name made only of fillers is refused, not taken for a name', () => {
    expect(messages(nameTextSchema(100, 2), '\u3164\u3164\u3164')).toEqual([
      ARABIC_MESSAGES.invisibleInName,
    ]);
    expect(messages(nameTextSchema(100, 2), '\u2800\u2800')).toEqual([
      ARABIC_MESSAGES.invisibleInName,
    ]);
  });

  test('ZWNJ and ZWJ between two letters are kept; anywhere else they only hide and are refused', () => {
    for (const name of ['مهر\u200Cانگیز رضا', 'क्\u200Dष शर्मा', 'نرگس\u200Cها علی']) {
      expect(isCleanName(name)).toBe(true);
      for (const schema of Object.values(NAME_SCHEMAS)) expect(messages(schema, name)).toEqual([]);
    }
    for (const name of [
      'محمد\u200C علي',
      'محمد \u200Dعلي',
      'محمد\u200C\u200Cعلي',
      '\u200Cمحمد علي',
      'محمد علي\u200D',
    ]) {
      expect(isCleanName(name)).toBe(false);
      expect(messages(nameTextSchema(100, 2), name)).toEqual([ARABIC_MESSAGES.invisibleInName]);
    }
    // Search ignores the joiners, so a kept one cannot hide a duplicate.
    expect(normaliseArabic('مهر\u200Cانگیز')).toBe(normaliseArabic('مهرانگیز'));
  });

  test('ordinary names pass unchanged; spaces around are trimmed', () => {
    expect(nameTextSchema(100, 2).parse('  جمعية البر الخيرية  ')).toBe('جمعية البر الخيرية');
    expect(nameTextSchema(100, 2).parse("Al-Bir Society (O'Neil)")).toBe("Al-Bir Society (O'Neil)");
    expect(employeeNameSchema.parse('سارة عبدالله')).toBe('سارة عبدالله');
    expect(fullNameSchema.parse('عبدُ اللهِ بن محمد')).toBe('عبدُ اللهِ بن محمد');
  });

  test('free text keeps line breaks, tabs and variation selectors (only names are one clean line)', () => {
    expect(messages(textSchema(100), 'سطر أول\nسطر ثان\tمسافة ❤\uFE0F')).toEqual([]);
  });
});

/** Keys of a write body that hold a name or a title. */
const NAME_KEY = /(^|_)(name|title)(_en)?$|^presenter$|^contact_person$/;

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'id' in value
  );
}

/** Every (path, schema) of a string-typed key matching `NAME_KEY` in a body schema. */
function nameFields(
  schema: z.ZodType,
  path: string,
  found: Map<string, z.ZodType>,
  seen = new Set<z.ZodType>(),
): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  if (schema instanceof z.ZodObject) {
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      if (NAME_KEY.test(key)) found.set(`${path}.${key}`, field);
      else nameFields(field, `${path}.${key}`, found, seen);
    }
  } else if (schema instanceof z.ZodPipe) {
    nameFields(schema.in as z.ZodType, path, found, seen);
    nameFields(schema.out as z.ZodType, path, found, seen);
  } else if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault
  ) {
    nameFields(schema.unwrap() as z.ZodType, path, found, seen);
  } else if (schema instanceof z.ZodArray) {
    nameFields(schema.element as z.ZodType, `${path}[]`, found, seen);
  } else if (schema instanceof z.ZodUnion) {
    for (const option of schema.options as z.ZodType[]) nameFields(option, path, found, seen);
  } else if (schema instanceof z.ZodIntersection) {
    nameFields(schema._zod.def.left as z.ZodType, path, found, seen);
    nameFields(schema._zod.def.right as z.ZodType, path, found, seen);
  }
}

describe('every name field of every write body refuses them', () => {
  const found = new Map<string, z.ZodType>();
  for (const module of [root, admin, beneficiaries, engagement, finance, reports, services]) {
    for (const table of Object.values(module)) {
      if (typeof table !== 'object' || table === null) continue;
      for (const endpoint of Object.values(table as Record<string, unknown>)) {
        if (isEndpoint(endpoint) && endpoint.body)
          nameFields(endpoint.body, `${endpoint.method} ${endpoint.path}`, found);
      }
    }
  }
  // The family writes' bodies are custom (draft or submitted): walk the two schemas they parse with.
  nameFields(beneficiaries.familySubmitSchema, 'family', found);
  nameFields(beneficiaries.familyDraftSchema, 'family draft', found);
  const fields = [...found.entries()].sort(([a], [b]) => a.localeCompare(b));

  test('the walk finds the name fields (people, organisations, seasons, types, titles)', () => {
    const paths = fields.map(([path]) => path);
    for (const expected of [
      '.full_name',
      '.name',
      '.title',
      '.guest_name',
      '.received_by_name',
      '.contact_person',
      '.presenter',
    ]) {
      expect(paths.some((path) => path.endsWith(expected))).toBe(true);
    }
    expect(fields.length).toBeGreaterThan(20);
  });

  test.each(fields)('%s', (_path, schema) => {
    expect(schema.safeParse('سعد الحربي').success).toBe(true);
    for (const char of Object.values(REFUSED)) {
      expect(messages(schema, `سعد${char}الحربي`)).toEqual([ARABIC_MESSAGES.invisibleInName]);
    }
  });
});
