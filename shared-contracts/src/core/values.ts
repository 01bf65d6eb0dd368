import { z } from 'zod';
import { ARABIC_MESSAGES } from './arabic-error-map';
import { isCleanName, isVisibleText, normaliseDigits } from './text';
import { readTypedNumber } from './numbers';
import {
  DATE_HINT,
  ENTITY_ID_HINT,
  integerHint,
  MONEY_INPUT_HINT,
  MONEY_OUTPUT_HINT,
  withOpenApiHint,
} from './openapi-hints';

/**
 * Building blocks shared by the beneficiaries contracts (families, members, organisations,
 * seasons): dates, money, ids, lookup codes, blank-to-null handling and envelopes.
 *
 * Conventions every beneficiaries schema follows:
 * - JSON is snake_case (docs/architecture.md#the-api).
 * - Date-only fields are `YYYY-MM-DD` strings (Gregorian). Timestamps are ISO 8601 strings.
 *   The API must format PostgreSQL `date` columns itself (a JS `Date` would shift by the
 *   time-zone offset and fail the response schemas).
 * - Money is a number with at most 2 decimals (numeric(12,2), SAR). Inputs also accept strings
 *   typed by people ("١٬٢٥٠٫٥٠", "1,250.50"); responses accept a numeric string too, because
 *   node-postgres returns `numeric` as a string.
 * - Ids are positive integers (as employee ids are).
 * - Optional input fields accept absent, `null` or a blank string, all meaning "no value";
 *   after parsing they are `null` or `undefined` — treat both as "no value" (`?? null`).
 */

/** The organisation's time zone: "today" and ages are computed in it, whatever the server's TZ. */
export const BENEFICIARIES_TIME_ZONE = 'Asia/Riyadh';

/** Right-to-left/left-to-right marks and isolates that ride along when numbers are copied. */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C]/g;

/** Removes bidi control characters (copy-paste from RTL documents inserts them around numbers). */
export function stripBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}

// One formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting
// with it, and the API calls toIsoDate for dates of every row it answers.
const isoDateFormats = new Map<string, Intl.DateTimeFormat>();

function isoDateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = isoDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    isoDateFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar date (`YYYY-MM-DD`) of an instant in the organisation's time zone. */
export function toIsoDate(instant: Date, timeZone: string = BENEFICIARIES_TIME_ZONE): string {
  const parts = isoDateFormat(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Today's date (`YYYY-MM-DD`) in Riyadh. */
export function todayIso(now: Date = new Date()): string {
  return toIsoDate(now);
}

/** Accepts a `YYYY-MM-DD` string or a `Date` (read in Riyadh time) and returns `YYYY-MM-DD`. */
export function asIsoDate(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : toIsoDate(value);
}

/** A calendar date `YYYY-MM-DD` (Arabic-Indic digits accepted). Output: the ASCII string. */
export const isoDateSchema = withOpenApiHint(
  z
    .string({
      error: (issue) =>
        issue.input == null ? ARABIC_MESSAGES.required : ARABIC_MESSAGES.invalidDate,
    })
    .transform((value) => normaliseDigits(value).trim())
    .pipe(
      z.iso.date({
        error: (issue) =>
          issue.input === '' ? ARABIC_MESSAGES.required : ARABIC_MESSAGES.invalidDate,
      }),
    ),
  DATE_HINT,
);

/** The `YYYY-MM-DD` shape (calendar validity is checked by `isoDateSchema`). */
export const ISO_DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A date that is today or earlier (Riyadh time). */
export function notFutureDateSchema(message: string) {
  return isoDateSchema.refine((value) => !ISO_DATE_SHAPE.test(value) || value <= todayIso(), {
    error: message,
  });
}

/** An ISO 8601 timestamp as the API returns it (`2025-03-01T08:00:00.000Z`, offsets allowed). */
export const timestampSchema = z.iso.datetime({ offset: true });

/** True when the value is absent: undefined, null, or a string of only spaces. */
export function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * Makes an input field optional the way forms need it: absent, `null` and `''` all become `null`
 * (absent stays `undefined`); anything else must pass `schema`.
 */
export function optionalInput<T extends z.ZodType>(schema: T) {
  return z
    .preprocess((value: unknown) => (isBlank(value) ? null : value), schema.nullable())
    .optional() as unknown as z.ZodOptional<z.ZodNullable<T>>;
}

function toNumberInput(value: number | string): number | undefined {
  const read = readTypedNumber(value);
  // A blank string fails as "required" rather than as "not a number".
  if (read.kind === 'blank') return undefined;
  return read.kind === 'number' ? read.value : Number.NaN;
}

export const MONEY_MAX = 9_999_999_999.99;
export const MONEY_DECIMALS_MESSAGE = 'يجب ألا يزيد المبلغ عن منزلتين عشريتين';

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** A money amount ≥ `min` (default 0) with at most 2 decimals; accepts numbers or typed strings. */
export function moneyInputSchema(options: { min?: number; minMessage?: string } = {}) {
  const min = options.min ?? 0;
  const number = z
    .number()
    .min(min, options.minMessage ? { error: options.minMessage } : undefined)
    .max(MONEY_MAX)
    .refine(hasAtMostTwoDecimals, { error: MONEY_DECIMALS_MESSAGE });
  return withOpenApiHint(
    z.union([z.number(), z.string()]).transform(toNumberInput).pipe(number),
    MONEY_INPUT_HINT,
  );
}

/** An integer in [min, max]; accepts numbers or typed strings (Arabic-Indic digits too). */
export function integerInputSchema(min: number, max: number) {
  return withOpenApiHint(
    z
      .union([z.number(), z.string()])
      .transform(toNumberInput)
      .pipe(z.number().int().min(min).max(max)),
    integerHint(min, max),
  );
}

/**
 * A fixed enumeration in an input: an empty choice ('' from a select placeholder, null,
 * absent) gets the "required" message, any other unknown value "value is incorrect".
 */
export function enumInputSchema<const T extends readonly string[]>(values: T) {
  return z.enum(values, {
    error: (issue) =>
      isBlank(issue.input) ? ARABIC_MESSAGES.required : ARABIC_MESSAGES.invalidEnum,
  });
}

/** A record id sent by a form (a select's value may be a string). */
export const entityIdSchema = withOpenApiHint(
  z.union([z.number(), z.string()]).transform(toNumberInput).pipe(z.number().int().positive()),
  ENTITY_ID_HINT,
);

/**
 * The code of an entry of an admin-editable lookup table (category, city, need type…): a
 * lower-case snake_case slug. The schema checks the shape only; the API checks that the code
 * exists (and is active) in its lookup table, and the forms only offer existing codes.
 */
export const lookupCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[a-z][a-z0-9_]*$/, { error: ARABIC_MESSAGES.invalidEnum });

/**
 * The refinement every name and free text carries: no bidi or other invisible control
 * (`isVisibleText`), with the Arabic message. `.refine(isVisibleText, VISIBLE_TEXT)` on a text
 * schema that cannot be built from `textSchema`.
 */
export const VISIBLE_TEXT = { error: ARABIC_MESSAGES.invisibleControls } as const;

/**
 * A free text field: trimmed, `min` to `max` characters (empty → "required"), no invisible
 * controls (names shown reversed, look-alike duplicates: `isVisibleText`).
 */
export function textSchema(max: number, min = 1) {
  return trimmedText(max, min).refine(isVisibleText, VISIBLE_TEXT);
}

function trimmedText(max: number, min: number) {
  return z
    .string()
    .trim()
    .min(min, {
      error: (issue) =>
        issue.input === '' ? ARABIC_MESSAGES.required : ARABIC_MESSAGES.stringMin(min),
    })
    .max(max);
}

/**
 * The refinements every name carries, in order: a bidi or other invisible control gets the
 * free-text message (and stops there), any other character a name refuses — default-ignorable,
 * line or paragraph separator, filler, tab or line break, a joiner not between two letters
 * (`isCleanName`) — gets the name message. For a name schema not built from `nameTextSchema`:
 * `.refine(isVisibleText, VISIBLE_TEXT_FIRST).refine(isCleanName, CLEAN_NAME)`.
 */
export const VISIBLE_TEXT_FIRST = { ...VISIBLE_TEXT, abort: true } as const;
export const CLEAN_NAME = { error: ARABIC_MESSAGES.invisibleInName } as const;

/**
 * A name or title (a person, an organisation, a season, a type, a group…): `textSchema`, and one
 * line of visible characters only (`isCleanName`), so that two names that look the same are the
 * same and no name looks blank or cut.
 */
export function nameTextSchema(max: number, min = 1) {
  return trimmedText(max, min)
    .refine(isVisibleText, VISIBLE_TEXT_FIRST)
    .refine(isCleanName, CLEAN_NAME);
}

/**
 * A reason (status changes, moves): trimmed, at most 1000 characters, no invisible controls.
 * Whether one is required depends on the change (`hasReason`).
 */
export const reasonTextSchema = z.string().trim().max(1000).refine(isVisibleText, VISIBLE_TEXT);

/** A reason for a status change: at least 3 characters once trimmed. */
export const REASON_REQUIRED_MESSAGE = 'يجب ذكر السبب';
export const REASON_MIN_LENGTH = 3;
export function hasReason(reason: unknown): boolean {
  return typeof reason === 'string' && reason.trim().length >= REASON_MIN_LENGTH;
}

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** Money in a response: a number, or a numeric string as node-postgres returns `numeric`. */
export const moneyResponseSchema = withOpenApiHint(
  z.union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ]),
  MONEY_OUTPUT_HINT,
);

/**
 * An editable lookup value in a response: its code and the Arabic label current in the
 * lookup table, so lists, detail pages and exports need no second request. (Fixed enumerations
 * — statuses, gender, relationship, housing ownership, priority — are returned as bare codes;
 * their labels are the constants in `lookups.ts`.)
 */
export const lookupRefSchema = z.object({ code: z.string(), label: z.string() });
export type LookupRef = z.infer<typeof lookupRefSchema>;

/** A reference to a person (employee) in a response. */
export const personRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

/**
 * A column of an XLSX/CSV export: the row key and its Arabic header. A column whose key a
 * reader may not see (the record's field-visibility table, `core/field-visibility.ts`) is left
 * out of that reader's export.
 */
export interface ExportColumn<K extends string = string> {
  readonly key: K;
  readonly header: string;
}
