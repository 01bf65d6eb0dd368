import type { z } from 'zod';

/**
 * How a value schema reads in the API's OpenAPI description. zod turns a schema that accepts
 * what people type (a number or a string with Arabic-Indic digits, then a transform) into
 * `number | string` or an empty schema `{}`, which tells an integrator nothing. A hint says what
 * to send and what comes back instead; the API's OpenAPI builder (api-server, modules/openapi)
 * swaps it in for the generated fragment. The schema's parsing is unchanged: the hint documents
 * the canonical form, which the schema accepts.
 */
export interface OpenApiHint {
  /** The fragment for a request body or query (what a client should send). */
  input?: Record<string, unknown>;
  /** The fragment for a response (what the API answers). */
  output?: Record<string, unknown>;
}

/** The metadata key the hint travels under (the builder removes it from the document). */
export const OPENAPI_HINT_KEY = 'x-openapi-hint';

/** `schema` with its OpenAPI hint (zod metadata: parsing is unchanged). */
export function withOpenApiHint<T extends z.ZodType>(schema: T, hint: OpenApiHint): T {
  return schema.meta({ [OPENAPI_HINT_KEY]: hint }) as T;
}

/** Money as a client sends it: a decimal string, SAR, at most 2 decimals. */
export const MONEY_INPUT_PATTERN = '^\\d{1,10}(\\.\\d{1,2})?$';

export const MONEY_INPUT_HINT: OpenApiHint = {
  input: {
    type: 'string',
    pattern: MONEY_INPUT_PATTERN,
    description: 'مبلغ بالريال السعودي نصًا عشريًا بمنزلتين عشريتين على الأكثر (Decimal text, SAR).',
    examples: ['1250.50'],
  },
};

/** Money in a response: the API answers a number; the contract also reads a decimal string. */
export const MONEY_OUTPUT_HINT: OpenApiHint = {
  output: {
    anyOf: [{ type: 'number' }, { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' }],
    description: 'مبلغ بالريال السعودي بمنزلتين عشريتين على الأكثر (SAR).',
    examples: [1250.5],
  },
};

/** A calendar date, both ways. */
export const DATE_HINT: OpenApiHint = {
  input: { type: 'string', format: 'date', examples: ['2026-03-01'] },
  output: { type: 'string', format: 'date', examples: ['2026-03-01'] },
};

/** An integer in [minimum, maximum] (a form may send it as text; clients send a number). */
export function integerHint(minimum: number, maximum: number): OpenApiHint {
  return { input: { type: 'integer', minimum, maximum } };
}

/** The id of a row, sent in a body. */
export const ENTITY_ID_HINT: OpenApiHint = {
  input: { type: 'integer', minimum: 1, description: 'معرّف سجل (Record id).', examples: [1] },
};

/** A Riyadh wall-clock date and time, `YYYY-MM-DDTHH:MM`, both ways. */
export const LOCAL_DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$';

export const LOCAL_DATE_TIME_HINT: OpenApiHint = {
  input: {
    type: 'string',
    pattern: LOCAL_DATE_TIME_PATTERN,
    description:
      'تاريخ ووقت بتوقيت الرياض المحلي YYYY-MM-DDTHH:MM بلا ثوانٍ ولا فرق توقيت (Riyadh local time, Asia/Riyadh, UTC+3; not an ISO timestamp).',
    examples: ['2026-12-01T17:30'],
  },
  output: {
    type: 'string',
    pattern: LOCAL_DATE_TIME_PATTERN,
    description: 'تاريخ ووقت بتوقيت الرياض المحلي (Riyadh local time, Asia/Riyadh, UTC+3).',
    examples: ['2026-12-01T17:30'],
  },
};
