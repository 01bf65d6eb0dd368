import type { z } from 'zod';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * One item of a response: DESIGN §3 wraps it as `{ data: item }`; the duplicate-check endpoints
 * are specified by their bare shape, so both forms are read with the same schema.
 */
export function parseItem<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  if (isRecord(body) && 'data' in body) {
    const wrapped = schema.safeParse(body.data);
    if (wrapped.success) return wrapped.data;
  }
  return schema.parse(body);
}

/** A list that may come as `{ data: [...] }` (with or without meta) or as a bare array. */
export function parseArray<T extends z.ZodType>(schema: T, body: unknown): z.output<T>[] {
  const items = isRecord(body) && Array.isArray(body.data) ? body.data : body;
  if (!Array.isArray(items)) throw new Error('Expected a list in the response');
  return items.map((item) => schema.parse(item) as z.output<T>);
}

export { isRecord };
