import { z } from 'zod';
import { listQuerySchema } from './envelope';
import { integerInputSchema, isBlank, lookupCodeSchema } from './values';

/**
 * List query strings with filters (docs/architecture.md#the-api: `GET
 * /families?page=&per_page=&search=&sort=&order= &filter[status]=…`).
 *
 * Wire format (what the URL and the API carry):
 * - one flat key per filter: `filter[status]=approved`. Fastify's default query-string parser
 *   keeps that literal key, so the schema reads the flat form. A nested object
 *   (`{ filter: { status } }`, as `qs` would produce) is accepted too.
 * - several values of one filter are comma-separated in one key: `filter[category]=orphans,widows`
 *   (a repeated key, which parsers turn into an array, is accepted too).
 * - booleans are `true`/`false` (`1`/`0` accepted); numbers are plain digits.
 * - defaults are left out of the URL (page 1, per_page 20, order asc, empty filters).
 *
 * Parsed form (what route handlers and list pages use):
 * `{ page, per_page, search?, sort?, order, filter: { status?: [...], city?: [...], … } }`.
 */

export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 20;

/** The URL key of a filter: `filterParamKey('status')` → `'filter[status]'`. */
export function filterParamKey(name: string): string {
  return `filter[${name}]`;
}

const BRACKETED = /^filter\[([A-Za-z_][A-Za-z0-9_]*)\]$/;

/** Moves `filter[x]` keys (and a nested `filter` object) under one `filter` object. */
export function nestFilterParams(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const rest: Record<string, unknown> = {};
  const filter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    const bracketed = BRACKETED.exec(key);
    if (bracketed?.[1]) filter[bracketed[1]] = value;
    else if (
      key === 'filter' &&
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value)
    ) {
      Object.assign(filter, value);
    } else rest[key] = value;
  }
  return { ...rest, filter };
}

/** Blank (absent, null, '') means "no filter". */
function optionalFilter<T extends z.ZodType>(schema: T) {
  return z
    .preprocess((value: unknown) => (isBlank(value) ? undefined : value), schema.optional())
    .optional() as unknown as z.ZodOptional<T>;
}

function splitValues(value: string | string[]): string[] {
  const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(','));
  return [...new Set(parts.map((part) => part.trim()).filter((part) => part !== ''))];
}

/** Any of several codes: `a,b` or a repeated key. With `allowed`, only those codes pass. */
export function codesFilter<const T extends string>(allowed?: readonly T[]) {
  const item = allowed ? z.enum(allowed as readonly T[] as [T, ...T[]]) : lookupCodeSchema;
  return optionalFilter(
    z
      .union([z.string(), z.array(z.string())])
      .transform(splitValues)
      .pipe(z.array(item as z.ZodType<T, string>)),
  );
}

/** `true`/`1` or `false`/`0`. */
export function booleanFilter() {
  return optionalFilter(
    z
      .union([z.boolean(), z.enum(['true', '1', 'false', '0'])])
      .transform((value) => value === true || value === 'true' || value === '1'),
  );
}

/** A record id. */
export function idFilter() {
  return optionalFilter(integerInputSchema(1, Number.MAX_SAFE_INTEGER));
}

/** Several record ids, `1,2,3` or a repeated key (at most `max`): a list's chosen rows. */
export function idsFilter(max: number) {
  const id = z
    .string()
    .regex(/^[1-9]\d{0,14}$/, { error: 'رقم السجل غير صالح' })
    .transform(Number);
  return optionalFilter(
    z
      .union([z.string(), z.array(z.string())])
      .transform(splitValues)
      .pipe(z.array(id).max(max)),
  );
}

/** An integer in [min, max]. */
export function integerFilter(min: number, max: number) {
  return optionalFilter(integerInputSchema(min, max));
}

export type SortOrder = 'asc' | 'desc';
type FilterShape = Record<string, z.ZodType>;

/** The parsed list state of a list whose filters are `F` and sortable columns `S`. */
export interface ListState<F extends FilterShape, S extends string> {
  page: number;
  per_page: number;
  search?: string | undefined;
  sort?: S | undefined;
  order: SortOrder;
  filter: { [K in keyof F]?: z.output<F[K]> };
}

/** What a page passes to build URL params: any part of the state (defaults may be left out). */
export interface ListStateInput<F extends FilterShape, S extends string> {
  page?: number | null;
  per_page?: number | null;
  search?: string | null;
  sort?: S | null;
  order?: SortOrder | null;
  filter?: { [K in keyof F]?: z.output<F[K]> | null };
}

type ParamsSource = URLSearchParams | Record<string, string | readonly string[] | undefined>;

function paramsToRecord(params: ParamsSource): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  if (params instanceof URLSearchParams) {
    for (const key of new Set(params.keys())) {
      const values = params.getAll(key);
      record[key] = values.length === 1 ? (values[0] as string) : values;
    }
    return record;
  }
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) record[key] = typeof value === 'string' ? value : [...value];
  }
  return record;
}

const FLAT_QUERY_DOCS = new WeakMap<z.ZodType, z.ZodObject>();

/** The flat URL shape of a list query schema made by `defineListQuery` (OpenAPI parameters). */
export function listQueryUrlShape(schema: z.ZodType): z.ZodObject | undefined {
  return schema instanceof z.ZodObject ? schema : FLAT_QUERY_DOCS.get(schema);
}

/**
 * Declares a list endpoint's query: its filters and its sortable columns (a whitelist — the
 * API maps each to a column and never interpolates `sort` itself). Returns:
 * - `schema`: parses the raw query object (API) or URL params (UI) into `ListState`; 422 on bad
 *   input with Arabic messages at `filter.<name>` / `sort`.
 * - `toParams(state)`: the flat `Record<string, string>` for the URL / axios `params`.
 * - `fromParams(params)`: reads a page's URL leniently — invalid entries are dropped, never thrown.
 */
export function defineListQuery<
  const S extends readonly [string, ...string[]],
  F extends FilterShape,
>(definition: { sortable: S; filters: F }) {
  type Sort = S[number];
  const filterSchema = z.object(definition.filters);
  const objectSchema = listQuerySchema.extend({
    sort: z.enum(definition.sortable).optional(),
    filter: filterSchema.optional(),
  });
  const schema = z
    .preprocess(nestFilterParams, objectSchema)
    .transform(
      (value) => ({ ...value, filter: value.filter ?? {} }) as unknown as ListState<F, Sort>,
    );

  // How the query travels in a URL (flat `filter[name]` keys), for the OpenAPI description.
  FLAT_QUERY_DOCS.set(
    schema,
    listQuerySchema.extend({
      sort: z.enum(definition.sortable).optional(),
      ...Object.fromEntries(
        Object.keys(definition.filters).map((name) => [
          filterParamKey(name),
          z.string().optional(),
        ]),
      ),
    }),
  );

  function toParams(state: ListStateInput<F, Sort>): Record<string, string> {
    const params: Record<string, string> = {};
    if (state.page && state.page !== DEFAULT_PAGE) params.page = String(state.page);
    if (state.per_page && state.per_page !== DEFAULT_PER_PAGE)
      params.per_page = String(state.per_page);
    if (state.search && state.search.trim() !== '') params.search = state.search.trim();
    if (state.sort) params.sort = state.sort;
    if (state.order && state.order !== 'asc') params.order = state.order;
    for (const [name, value] of Object.entries(state.filter ?? {}) as [string, unknown][]) {
      if (value === undefined || value === null || value === '') continue;
      if (Array.isArray(value)) {
        if (value.length > 0) params[filterParamKey(name)] = value.join(',');
      } else {
        params[filterParamKey(name)] = String(value);
      }
    }
    return params;
  }

  function fromParams(params: ParamsSource): ListState<F, Sort> {
    const record = paramsToRecord(params);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const result = schema.safeParse(record);
      if (result.success) return result.data;
      for (const issue of result.error.issues) {
        const [first, second] = issue.path;
        if (first === 'filter' && typeof second === 'string') {
          delete record[filterParamKey(second)];
          const nested: unknown = record.filter;
          if (nested && typeof nested === 'object')
            delete (nested as Record<string, unknown>)[second];
        } else if (typeof first === 'string') delete record[first];
      }
    }
    return schema.parse({});
  }

  return {
    schema,
    toParams,
    fromParams,
    sortable: definition.sortable,
    filters: definition.filters,
  };
}

/** The file formats of an export endpoint (`?format=csv`; XLSX when absent). */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The query of a list's export endpoint (`GET /families/export?filter[status]=…&format=csv`):
 * the list's search, filters and sort (the export ignores paging) plus `format`. Parsed like the
 * list (422 at `filter.<name>` / `format`); its OpenAPI parameters are the list's plus `format`.
 */
export function exportQueryOf<T extends z.ZodType<object>>(listSchema: T) {
  const formatSchema = z.object({ format: z.enum(EXPORT_FORMATS).default('xlsx') });
  // The preprocess makes the input `unknown` like the list's own schema: a call passes URL pairs.
  const schema = z.preprocess((value) => value, z.intersection(listSchema, formatSchema));
  const flat = listQueryUrlShape(listSchema);
  if (flat) FLAT_QUERY_DOCS.set(schema, flat.extend({ format: z.enum(EXPORT_FORMATS).optional() }));
  return schema;
}
