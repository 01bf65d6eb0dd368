import { z } from 'zod';

/**
 * docs/architecture.md#the-api: one item `{data}`, a list `{data, meta}`, an error `{message,
 * errors}`.
 */
export const listMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

export interface ItemEnvelope<T> {
  data: T;
  message?: string;
}
export interface ListEnvelope<T> {
  data: T[];
  meta: ListMeta;
}
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Query string of every list endpoint. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(20),
  search: z.string().trim().max(200).optional(),
  sort: z.string().max(60).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** `{ data: item }` (docs/architecture.md#the-api). */
export function itemEnvelopeOf<T extends z.ZodType>(item: T) {
  return z.object({ data: item, message: z.string().optional() });
}

/**
 * `{ data: [items], meta: { page, per_page, total, last_page } }` (docs/architecture.md#the-api).
 */
export function listEnvelopeOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}
