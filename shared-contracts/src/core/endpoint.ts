import { z } from 'zod';
import type { PermissionKey } from '../permissions';

/**
 * One declaration per endpoint (docs/architecture.md#the-api): method, path, the zod schemas of its
 * query, body and response, and who may call it. Everything else is derived from it: the typed
 * client call (`callEndpoint`, which parses the answer and fails loudly on a mismatch), the server
 * registration (`registerEndpoint` in api-server: parsing, access check, serialisation through the
 * same response schema, OpenAPI) and the generated permission matrix.
 *
 * Declare a resource's endpoints with `defineEndpoints('families', { list: {...}, show: {...} })`:
 * the resource name is the root of every query key of its calls, so `invalidate('families')`
 * reaches every cached families answer.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call an endpoint; the same keys as the UI's route table (docs/shell.md#permissions). */
export type EndpointAccess =
  | { readonly kind: 'public' }
  /** Any valid, active login (the profile, lookups every form needs). */
  | { readonly kind: 'authenticated' }
  | { readonly kind: 'super-admin' }
  /** Every key of `all`, and with `anyOf` at least one of those as well. */
  | {
      readonly kind: 'permissions';
      readonly all: readonly PermissionKey[];
      readonly anyOf?: readonly PermissionKey[];
    };

export const access = {
  public: { kind: 'public' } as const,
  authenticated: { kind: 'authenticated' } as const,
  superAdmin: { kind: 'super-admin' } as const,
  /** Every one of these keys. */
  allOf: (...all: PermissionKey[]): EndpointAccess => ({ kind: 'permissions', all }),
  /** At least one of these keys. */
  anyOf: (...anyOf: PermissionKey[]): EndpointAccess => ({ kind: 'permissions', all: [], anyOf }),
};

/** A response that is a file download (XLSX/CSV export), not JSON. */
export const fileResponse = { kind: 'file' } as const;
export type FileResponse = typeof fileResponse;

/** What an endpoint answers: a zod schema for JSON, or a file. */
export type ResponseDeclaration = z.ZodType | FileResponse;

export interface EndpointSpec {
  readonly method: HttpMethod;
  /** Relative to the API base, with `:name` segments for path parameters. */
  readonly path: string;
  /** The query string (list filters, `format=csv`…), parsed by the server. */
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: ResponseDeclaration;
  readonly access: EndpointAccess;
  /** Inactive employees are refused everywhere but here (GET /user, logout). */
  readonly allowInactive?: boolean;
  /** The success status; 200 unless given. */
  readonly status?: number;
  /** An Arabic one-line summary for the OpenAPI description. */
  readonly summary: string;
  /**
   * A multipart upload (`multipart/form-data`), read by the route itself as a stream: its text
   * fields' schema and the name of its one file field. Documents the request in OpenAPI.
   */
  readonly upload?: { readonly fields: z.ZodObject; readonly file: string };
  /** A file response's content types (OpenAPI), when not an export's XLSX or CSV. */
  readonly fileTypes?: readonly string[];
}

export interface Endpoint extends EndpointSpec {
  /** The resource (query-key root and OpenAPI tag), e.g. `families`. */
  readonly resource: string;
  /** `<resource>.<name>`, e.g. `families.show`: used in errors and query keys. */
  readonly id: string;
}

type Stamped<R extends string, T extends Record<string, EndpointSpec>> = {
  readonly [K in keyof T]: T[K] & { readonly resource: R; readonly id: `${R}.${K & string}` };
};

/** A resource's endpoint table; each entry gets its resource and id. */
export function defineEndpoints<
  const R extends string,
  const T extends Record<string, EndpointSpec>,
>(resource: R, endpoints: T): Stamped<R, T> {
  const stamped: Record<string, Endpoint> = {};
  for (const [name, spec] of Object.entries(endpoints)) {
    stamped[name] = { ...spec, resource, id: `${resource}.${name}` };
  }
  return stamped as Stamped<R, T>;
}

// ---------------------------------------------------------------------------------------------
// Types derived from a declaration
// ---------------------------------------------------------------------------------------------

/** `'/seasons/:id/beneficiaries/:beneficiaryId'` → `'id' | 'beneficiaryId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { readonly [K in PathParamNames<P>]: number | string };

/** The JSON value a call resolves to (after the response schema's parsing). */
export type EndpointResponse<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : Blob;

/** What the server handler returns: the response schema's input. */
export type EndpointResult<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : never;

/** A query schema whose input type is `unknown` (a list query pipe) takes the URL's string pairs. */
type QueryInputOf<Q> = Q extends z.ZodType
  ? unknown extends z.input<Q>
    ? Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>
    : z.input<Q>
  : never;

/** The arguments of a call: `params` when the path has any, `query` and `body` when declared. */
export type EndpointInput<E extends EndpointSpec> = (PathParamNames<E['path']> extends never
  ? { readonly params?: undefined }
  : { readonly params: PathParams<E['path']> }) &
  (E['query'] extends z.ZodType
    ? { readonly query?: QueryInputOf<E['query']> }
    : { readonly query?: undefined }) &
  (E['body'] extends z.ZodType
    ? { readonly body: z.input<E['body']> }
    : { readonly body?: undefined });

/** True when the call needs no argument at all. */
export type InputIsOptional<E extends EndpointSpec> =
  PathParamNames<E['path']> extends never ? (E['body'] extends z.ZodType ? false : true) : false;

export function isFileResponse(response: ResponseDeclaration): response is FileResponse {
  return !(response instanceof z.ZodType) && (response as FileResponse).kind === 'file';
}

/** `/families/:id` + `{ id: 3 }` → `/families/3` (each value URI-encoded). */
export function endpointUrl(
  endpoint: Pick<EndpointSpec, 'path'>,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
}

const PATH_PARAM = /:([A-Za-z]+)/g;

/**
 * The path parameters of a URL when it is a call of this endpoint's path (`/families/:id` and
 * `/families/7` → `{ id: '7' }`, decoded), null when it is not; the inverse of `endpointUrl`.
 */
export function matchEndpointPath(
  endpoint: Pick<EndpointSpec, 'path'>,
  url: string,
): Record<string, string> | null {
  const names: string[] = [];
  const pattern = endpoint.path
    .split(PATH_PARAM)
    .map((part, index) => {
      if (index % 2 === 1) {
        names.push(part);
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const found = new RegExp(`^${pattern}/?$`).exec(url.split('?')[0] ?? '');
  if (!found) return null;
  return Object.fromEntries(
    names.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]),
  );
}

/** Every endpoint of one or more tables, flattened (the server registration check, OpenAPI, tests). */
export function endpointsOf(...tables: readonly Readonly<Record<string, Endpoint>>[]): Endpoint[] {
  return tables.flatMap((table) => Object.values(table));
}
