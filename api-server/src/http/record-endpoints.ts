import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, EndpointResult, FieldReader } from 'shared-contracts';
import type { Executor } from '../db/tables';
import { registerDeclaredEndpoint, type EndpointOptions } from './endpoint';
import { notFound, orNotFound } from './errors';
import { pageEnvelope, type PageQuery } from './pagination';
import type { ChangeAuthor } from './request-meta';

/**
 * The routes every record resource has (list, show, create, update, delete, and actions such as
 * publish or cancel that change one record and answer it), registered from the repository's
 * functions in one call, so a module's routes file says only what is particular to it:
 *
 *   registerRecordEndpoints(app, surveyTypeEndpoints, SURVEY_TYPE_MESSAGES, {
 *     list: listSurveyTypes, load: loadSurveyType, create: createSurveyType,
 *     update: updateSurveyType, remove: deleteSurveyType,
 *   });
 *
 * The answers are the ones the hand-written routes gave: a list page envelope; `{ data }` for a
 * show; `{ message, data }` after a create, update or action (the record read again, as saved);
 * `{ message }` after a delete; a path id that does not exist (or a write that found no row) is a
 * 404 with the resource's Arabic message.
 */

/** The Arabic messages of a resource's answers (`SURVEY_TYPE_MESSAGES`, …). */
export interface RecordMessages {
  readonly notFound: string;
  readonly created?: string;
  readonly updated?: string;
  readonly deleted?: string;
}

type QueryOf<E> = E extends { readonly query: z.ZodType } ? z.output<E['query']> : undefined;
type BodyOf<E> = E extends { readonly body: z.ZodType } ? z.output<E['body']> : undefined;
/** The `data` of a one-record answer (`{ data: OrganisationDetail }` → `OrganisationDetail`). */
type DataOf<E> = E extends Endpoint
  ? EndpointResult<E> extends { data: infer D }
    ? D
    : never
  : never;
/** One row of a list answer (`{ data: Item[], meta }` → `Item`). */
type ItemOf<E> = DataOf<E> extends ReadonlyArray<infer I> ? I : never;

/** The record's id: every record endpoint's path ends in `/:id` (checked at registration). */
function recordId(params: Readonly<Record<string, number>>): number {
  const id = params.id;
  if (id === undefined) throw new Error('a record endpoint without :id in its path');
  return id;
}

type RecordTable = { readonly show: Endpoint } & Readonly<Record<string, Endpoint>>;

/** The repository's functions behind the endpoints of `T` that follow the record pattern. */
export interface RecordRepository<T extends RecordTable> {
  /**
   * One record as `show` answers it; nothing when the id does not exist. `reader` is the caller
   * (absent when the server reads for itself), for a record whose fields follow a visibility rule.
   */
  readonly load: (
    db: Executor,
    id: number,
    reader?: FieldReader,
  ) => Promise<DataOf<T['show']> | null | undefined>;
  readonly list?: (
    db: Executor,
    query: QueryOf<T['list']>,
  ) => Promise<{ rows: ItemOf<T['list']>[]; total: number }>;
  /** Creates the record and answers its id. */
  readonly create?: (
    db: Executor,
    body: BodyOf<T['create']>,
    author: ChangeAuthor,
  ) => Promise<number>;
  /** False when the record does not exist. */
  readonly update?: (
    db: Executor,
    id: number,
    body: BodyOf<T['update']>,
    author: ChangeAuthor,
  ) => Promise<boolean>;
  /** False when the record does not exist (the `delete` endpoint). */
  readonly remove?: (db: Executor, id: number, author: ChangeAuthor) => Promise<boolean>;
}

/** An action on one record (`publish`, `cancel`, a status change): false when it does not exist. */
export type RecordAction<E extends Endpoint> = (
  db: Executor,
  id: number,
  body: BodyOf<E>,
  author: ChangeAuthor,
) => Promise<boolean>;

export interface RecordEndpoints<T extends RecordTable> {
  /** The record as `show` answers it (to `reader`), or a 404 with the resource's message. */
  readonly load: (id: number, reader?: FieldReader) => Promise<DataOf<T['show']>>;
  /** The `notFound` option of every endpoint with the record's `:id` in its path. */
  readonly options: EndpointOptions;
  /**
   * Registers an action endpoint of the table: it runs `act` on the path's record and answers
   * `{ message, data }` with the record read again.
   */
  readonly action: <K extends keyof T & string>(
    name: K,
    act: RecordAction<T[K]>,
    message: string,
  ) => void;
}

/**
 * Registers `show` (from `load`), and `list`, `create`, `update` and `delete` (from `remove`) for
 * each function the repository gives, and answers the record loader and `action` for the
 * resource's other endpoints. The names are `namedLookupReads` / `namedLookupCommands`' own, so a
 * lookup's reads and commands can be passed as they are.
 */
export function registerRecordEndpoints<T extends RecordTable>(
  app: FastifyInstance,
  endpoints: T,
  messages: RecordMessages,
  repository: RecordRepository<T>,
): RecordEndpoints<T> {
  const options: EndpointOptions = { notFound: messages.notFound };
  const load = async (id: number, reader?: FieldReader) =>
    orNotFound(await repository.load(app.db, id, reader), messages.notFound);
  const found = (changed: boolean) => {
    if (!changed) throw notFound(messages.notFound);
  };
  const endpoint = (name: string): Endpoint => {
    const declared = endpoints[name];
    if (!declared)
      throw new Error(`registerRecordEndpoints: ${name} is not an endpoint of this table`);
    return declared;
  };
  // A generic table cannot tie each endpoint's parsed input to its repository function, so the
  // handlers below take the declaration's parsed values as `unknown` and hand them on with the
  // types `RecordRepository` checked at the call site; the response schema still checks every
  // answer before it is sent.

  const { list, create, update, remove } = repository;
  if (list) {
    registerDeclaredEndpoint(app, endpoint('list'), async ({ query }) => {
      const { rows, total } = await list(app.db, query as QueryOf<T['list']>);
      return pageEnvelope(rows, query as PageQuery, total);
    });
  }
  registerDeclaredEndpoint(
    app,
    endpoints.show,
    async ({ params, auth }) => ({ data: await load(recordId(params), auth().employee) }),
    options,
  );
  if (create) {
    registerDeclaredEndpoint(app, endpoint('create'), async ({ body, author, auth }) => {
      const id = await create(app.db, body as BodyOf<T['create']>, author());
      return { message: messages.created, data: await load(id, auth().employee) };
    });
  }
  if (update) {
    registerDeclaredEndpoint(
      app,
      endpoint('update'),
      async ({ params, body, author, auth }) => {
        const id = recordId(params);
        found(await update(app.db, id, body as BodyOf<T['update']>, author()));
        return { message: messages.updated, data: await load(id, auth().employee) };
      },
      options,
    );
  }
  if (remove) {
    registerDeclaredEndpoint(
      app,
      endpoint('delete'),
      async ({ params, author }) => {
        found(await remove(app.db, recordId(params), author()));
        return { message: messages.deleted };
      },
      options,
    );
  }
  return {
    load,
    options,
    action: (name, act, message) => {
      registerDeclaredEndpoint(
        app,
        endpoint(name),
        async ({ params, body, author, auth }) => {
          const id = recordId(params);
          found(await act(app.db, id, body as BodyOf<T[typeof name]>, author()));
          return { message, data: await load(id, auth().employee) };
        },
        options,
      );
    },
  };
}
