import type { z } from 'zod';
import { zodErrorToFieldErrors } from 'shared-contracts';
import { notFound, unprocessable } from './errors';

/** Parses with a shared zod schema; on failure a 422 with the Arabic field errors. */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw unprocessable(zodErrorToFieldErrors(result.error));
  return result.data;
}

const MAX_INT4 = 2_147_483_647;

/** A record id from the path. Anything that cannot be an id is simply not found. */
export function parseId(raw: unknown, notFoundMessage?: string): number {
  const text = typeof raw === 'string' ? raw : '';
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > MAX_INT4) throw notFound(notFoundMessage);
  return Number(text);
}

/**
 * A code read back from a text column, as its contract union (`status` → `SeasonStatus`): the
 * code list narrows it, and a code the contracts do not know is a server error, not a silent lie.
 */
export function storedCode<Code extends string>(
  codes: readonly Code[],
  value: string,
  column: string,
): Code {
  const code = codes.find((candidate) => candidate === value);
  if (code === undefined) throw new Error(`Unknown ${column} code in the database: ${value}`);
  return code;
}

/** `storedCode` of a nullable column: null stays null. */
export function storedCodeOrNull<Code extends string>(
  codes: readonly Code[],
  value: string | null,
  column: string,
): Code | null {
  return value === null ? null : storedCode(codes, value, column);
}
