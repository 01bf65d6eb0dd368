import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  isFileResponse,
  listQueryUrlShape,
  type Endpoint,
  type EndpointResult,
  type PathParamNames,
} from 'shared-contracts';
import { requireAuth, type AuthContext, type RouteAccessConfig } from './access-control';
import { HttpError, MESSAGES } from './errors';
import { requestMeta, type ChangeAuthor } from './request-meta';
import { parseId, parseInput } from './validation';

/**
 * Registers a shared-contracts endpoint declaration on the API (docs/architecture.md#the-api):
 * method, path and access rule from the declaration; path ids, query and body parsed with its
 * schemas before the handler runs (422 in Arabic on bad input); the handler's result serialised
 * through the declared response schema, so the API can only send what the contract allows and the
 * OpenAPI description is the same schema.
 *
 *   registerEndpoint(app, organisationEndpoints.show, async ({ params }) => ({ data: await … }));
 */

type ParsedOf<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface EndpointContext<E extends Endpoint> {
  /** Path parameters, parsed as record ids (an id that cannot exist is a 404). */
  readonly params: { readonly [K in PathParamNames<E['path']>]: number };
  readonly query: ParsedOf<E['query']>;
  readonly body: ParsedOf<E['body']>;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  /** The caller; throws 401 when called on a public endpoint without a session. */
  readonly auth: () => AuthContext;
  /** The caller as the author of a change (id, name, address and user agent for the activity log). */
  readonly author: () => ChangeAuthor;
}

/** A file endpoint's handler sends the file itself and returns the reply. */
export type EndpointHandler<E extends Endpoint> = (
  context: EndpointContext<E>,
) => Promise<E['response'] extends z.ZodType ? EndpointResult<E> : FastifyReply>;

export interface EndpointOptions<E extends Endpoint = Endpoint> {
  /**
   * The 404 message when a path id cannot exist ("الأسرة غير موجودة"); per parameter when they
   * differ (`{ id: 'البرنامج غير موجود', beneficiaryId: 'المستفيد غير مسجل…' }`).
   */
  notFound?: string | { readonly [K in PathParamNames<E['path']>]?: string };
}

/** The Fastify route `config` (access rule and OpenAPI docs) of a declaration. */
export function endpointConfig(endpoint: Endpoint): RouteAccessConfig {
  const rule = endpoint.access;
  const accessConfig: RouteAccessConfig =
    rule.kind === 'public'
      ? { public: true }
      : rule.kind === 'authenticated'
        ? { authenticatedOnly: true }
        : rule.kind === 'super-admin'
          ? { superAdminOnly: true }
          : rule.anyOf
            ? { permissions: rule.all, anyOf: rule.anyOf }
            : { permissions: rule.all };
  return {
    ...accessConfig,
    ...(endpoint.allowInactive ? { allowInactive: true } : {}),
    endpointId: endpoint.id,
    docs: {
      summary: endpoint.summary,
      tags: [endpoint.resource],
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query && listQueryUrlShape(endpoint.query)
        ? { query: listQueryUrlShape(endpoint.query) }
        : {}),
      ...(isFileResponse(endpoint.response) ? { file: true } : { response: endpoint.response }),
      ...(endpoint.fileTypes ? { fileTypes: endpoint.fileTypes } : {}),
      ...(endpoint.upload ? { upload: endpoint.upload } : {}),
      ...(endpoint.status ? { status: endpoint.status } : {}),
    },
  };
}

function parseParams(
  endpoint: Endpoint,
  raw: unknown,
  messages: EndpointOptions['notFound'],
): Record<string, number> {
  const values = (raw ?? {}) as Record<string, unknown>;
  const names = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as string);
  const messageOf = (name: string) =>
    typeof messages === 'string' || messages === undefined
      ? messages
      : (messages as Record<string, string | undefined>)[name];
  return Object.fromEntries(names.map((name) => [name, parseId(values[name], messageOf(name))]));
}

export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions<E> = {},
): void {
  // The typed context is the declared one with its parsed values named by the declaration.
  registerDeclaredEndpoint(
    app,
    endpoint,
    (context) => handler(context as EndpointContext<E>),
    options as EndpointOptions,
  );
}

/** The context of `registerDeclaredEndpoint`: the parsed values, not yet typed by a declaration. */
export interface DeclaredEndpointContext extends Omit<
  EndpointContext<Endpoint>,
  'params' | 'query' | 'body'
> {
  readonly params: Readonly<Record<string, number>>;
  readonly query: unknown;
  readonly body: unknown;
}

/**
 * `registerEndpoint` for code generic over endpoint tables (`registerRecordEndpoints`), where the
 * handler's answer cannot be typed by one declaration: parsing, access and the response schema's
 * check before sending are the same.
 */
export function registerDeclaredEndpoint(
  app: FastifyInstance,
  endpoint: Endpoint,
  handler: (context: DeclaredEndpointContext) => Promise<unknown>,
  options: EndpointOptions = {},
): void {
  const response = endpoint.response;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: endpointConfig(endpoint),
    handler: async (request, reply) => {
      const context: DeclaredEndpointContext = {
        params: parseParams(endpoint, request.params, options.notFound),
        query: endpoint.query ? parseInput(endpoint.query, request.query) : undefined,
        body: endpoint.body ? parseInput(endpoint.body, request.body) : undefined,
        request,
        reply,
        auth: () => requireAuth(request),
        author: () => {
          const { employee } = requireAuth(request);
          return { id: employee.id, name: employee.name, meta: requestMeta(request) };
        },
      };
      const result: unknown = await handler(context);
      if (isFileResponse(response)) return reply;
      const serialised = response.safeParse(result);
      if (!serialised.success) {
        // The handler broke its own contract: a bug, logged with the issues, never half-sent.
        request.log.error(
          { endpoint: endpoint.id, issues: serialised.error.issues },
          'response does not match its declaration',
        );
        throw new HttpError(500, MESSAGES.internal);
      }
      if (STRICT_CONTRACTS) {
        const dropped = droppedFields(result, serialised.data);
        if (dropped.length > 0) {
          request.log.error(
            { endpoint: endpoint.id, dropped },
            'the handler answered fields its declaration does not declare',
          );
          throw new HttpError(500, `${MESSAGES.internal} (${endpoint.id}: ${dropped.join(', ')})`);
        }
      }
      // A handler may answer another success status itself (a bulk action queued as a job: 202).
      return reply.code(endpoint.status ?? reply.statusCode).send(serialised.data);
    },
  });
}

/**
 * `API_STRICT_CONTRACTS=1` (the API test suites can set it): a handler that returns a field its
 * response schema does not declare fails with a 500 naming the field, instead of the field being
 * dropped silently by the schema. It keeps the declarations saying exactly what the API sends.
 */
const STRICT_CONTRACTS = process.env.API_STRICT_CONTRACTS === '1';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
  );
}

/** Deeper than any response shape: the walk stops there (no recursion without a bound). */
const DROPPED_FIELDS_DEPTH = 32;

/** The paths of the fields present (not undefined) in `sent` but missing from `kept`. */
export function droppedFields(sent: unknown, kept: unknown, path = '', depth = 0): string[] {
  if (depth >= DROPPED_FIELDS_DEPTH) return [];
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, index) =>
      droppedFields(item, kept[index], `${path}[${index}]`, depth + 1),
    );
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const where = path ? `${path}.${key}` : key;
    if (value === undefined) return [];
    if (!(key in kept)) return [where];
    return droppedFields(value, kept[key], where, depth + 1);
  });
}
