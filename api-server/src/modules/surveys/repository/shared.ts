import {
  surveyOptionSchema,
  type SurveyAnswerValue,
  type SurveyOption,
} from 'shared-contracts/engagement';
import { z } from 'zod';
import type { PageOrder } from '../../../db/query';

/** What the surveys' repositories share: their lists' default order and how stored JSON reads. */

/**
 * A survey list's order: the column and direction asked for, else `fallback` newest first; the
 * id, newest first, breaks ties.
 */
export function newestFirst<S extends string>(
  columns: Record<S, string>,
  query: { sort?: S; order: 'asc' | 'desc' },
  fallback: S,
  id: string,
): PageOrder {
  return {
    column: columns[query.sort ?? fallback],
    order: query.sort ? query.order : 'desc',
    id,
    idOrder: 'desc',
  };
}

/** A stored answer (jsonb, handed back parsed by both drivers), checked against the answers' shapes. */
const answerValueSchema: z.ZodType<SurveyAnswerValue> = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
]);

export const readValue = (value: unknown): SurveyAnswerValue => answerValueSchema.parse(value);

const optionsSchema = z.array(surveyOptionSchema);

/** A question's stored options: parsed jsonb, or its text where a driver hands it back unparsed. */
export const readOptions = (value: unknown): SurveyOption[] =>
  optionsSchema.parse(typeof value === 'string' ? JSON.parse(value) : value);
