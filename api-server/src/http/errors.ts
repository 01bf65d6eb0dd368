import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { ZodError } from 'zod';
import { zodErrorToFieldErrors, type ApiErrorBody } from 'shared-contracts';
import { isUniqueViolation, sqlState } from '../db/errors';

/** The API's Arabic messages, in one place so tests and handlers say the same thing. */
export const MESSAGES = {
  unauthenticated: 'يجب تسجيل الدخول',
  forbidden: 'ليست لديك صلاحية للوصول إلى هذا المورد',
  inactive: 'هذا الحساب غير مفعل',
  notFound: 'المورد المطلوب غير موجود',
  validation: 'البيانات المدخلة غير صالحة',
  malformedJson: 'صيغة البيانات المرسلة غير صالحة، يجب أن تكون JSON سليمًا',
  payloadTooLarge: 'حجم البيانات المرسلة أكبر من المسموح به',
  unsupportedMediaType: 'نوع المحتوى غير مدعوم، أرسل البيانات بصيغة JSON',
  badRequest: 'الطلب غير صالح',
  badUrl: 'عنوان الطلب غير صالح',
  urlTooLong: 'عنوان الطلب أطول من المسموح به',
  requestTimeout: 'انتهت مهلة استلام الطلب',
  headersTooLarge: 'ترويسات الطلب أكبر من المسموح به',
  conflict: 'تتعارض هذه البيانات مع بيانات موجودة',
  internal: 'حدث خطأ غير متوقع في الخادم، يرجى المحاولة لاحقًا',
} as const;

/** A failure the client caused or may see; the error handler turns it into the error envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthenticated = () => new HttpError(401, MESSAGES.unauthenticated);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string, fieldErrors?: Record<string, string[]>) =>
  new HttpError(409, message, fieldErrors);
/** Field errors collected across a body, thrown together as one 422 (`throw unprocessable(errors.errors)`). */
export class FieldErrors {
  readonly errors: Record<string, string[]> = {};

  add(path: string, message: string): void {
    const list = (this.errors[path] ??= []);
    if (!list.includes(message)) list.push(message);
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  /** A 422 with the collected errors when there are any. */
  throwIfAny(message?: string): void {
    if (!this.empty) throw unprocessable(this.errors, message);
  }
}

/** 422 with field errors; `message` defaults to the generic validation message. */
export const unprocessable = (
  fieldErrors: Record<string, string[]>,
  message: string = MESSAGES.validation,
) => new HttpError(422, message, fieldErrors);

function body(message: string, errors?: Record<string, string[]>): ApiErrorBody {
  return errors && Object.keys(errors).length > 0 ? { message, errors } : { message };
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error && typeof error.code === 'string';
}

/** Fastify's own 4xx errors (body parsing, media type…) by code, in Arabic. */
const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MESSAGES.badRequest },
  // Raised by the router before any route or hook runs (see `FRAMEWORK_ERROR_OPTIONS`).
  FST_ERR_BAD_URL: { status: 400, message: MESSAGES.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: MESSAGES.urlTooLong },
  FST_ERR_ASYNC_CONSTRAINT: { status: 500, message: MESSAGES.internal },
};

/**
 * The headers every JSON answer carries (helmet's and the no-store of `app.ts`), for the answers
 * that leave before any hook runs.
 */
const EARLY_ANSWER_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

/**
 * Errors the router raises before a request reaches a route, its hooks or the error handler: a
 * URL that is not valid percent-encoding (`FST_ERR_BAD_URL`), a path parameter over the length
 * limit. Fastify's own answer is English and echoes the URL back; this one is the Arabic
 * envelope and echoes nothing.
 */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FASTIFY_CODES[error.code] ?? { status: 400, message: MESSAGES.badRequest };
  // The code only: the message holds the URL, which may hold anything a client typed.
  request.log.info({ code: error.code }, 'request refused by the router');
  void reply
    .code(known.status)
    .headers(EARLY_ANSWER_HEADERS)
    .send(JSON.stringify(body(known.message)));
}

/**
 * A request Node's HTTP parser refuses (malformed request line or headers, headers too large, a
 * request that took too long to arrive): answered on the socket, in the Arabic envelope, then
 * closed, as Fastify's own handler does in English.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', MESSAGES.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', MESSAGES.headersTooLarge]
        : [400, 'Bad Request', MESSAGES.badRequest];
  const payload = JSON.stringify(body(message));
  if (socket.writable) {
    const headers = Object.entries({
      ...EARLY_ANSWER_HEADERS,
      'content-length': String(Buffer.byteLength(payload)),
      connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${reason}\r\n${headers}\r\n${payload}`);
  }
  socket.destroy(error);
}

/** Constructor options (`Fastify({ ...FRAMEWORK_ERROR_OPTIONS })`): Fastify's earliest errors in Arabic too. */
export const FRAMEWORK_ERROR_OPTIONS = { frameworkErrors, clientErrorHandler } satisfies Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'clientErrorHandler'
>;

/**
 * One error handler for the whole API (docs/architecture.md#the-api): every failure leaves as
 * `{ message, errors? }` in Arabic, and bad input never becomes a 500.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.code(error.statusCode).send(body(error.message, error.fieldErrors));
    }
    if (error instanceof ZodError) {
      return reply.code(422).send(body(MESSAGES.validation, zodErrorToFieldErrors(error)));
    }
    if (isFastifyError(error)) {
      const known = FASTIFY_CODES[error.code];
      if (known) return reply.code(known.status).send(body(known.message));
    }
    if (error instanceof SyntaxError) return reply.code(400).send(body(MESSAGES.malformedJson));

    const state = sqlState(error);
    // A unique violation we did not check for first (e.g. a race between two requests).
    if (isUniqueViolation(error)) return reply.code(409).send(body(MESSAGES.conflict));
    // Out-of-range numbers, malformed dates and the like that reached the database.
    if (state !== undefined && /^22/.test(state))
      return reply.code(422).send(body(MESSAGES.validation));

    const status =
      typeof error === 'object' && error !== null && 'statusCode' in error
        ? error.statusCode
        : undefined;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply
        .code(status)
        .send(body(status === 404 ? MESSAGES.notFound : MESSAGES.badRequest));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body(MESSAGES.internal));
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send(body(MESSAGES.notFound)));
}

/**
 * The value, or a 404 with `message`: the "load the row, 404 if it is gone" step every
 * route repeats, as one expression (`const row = orNotFound(await load(id), M.notFound)`).
 */
export function orNotFound<T>(value: T | null | undefined, message: string = MESSAGES.notFound): T {
  if (value === null || value === undefined) throw notFound(message);
  return value;
}

/**
 * Runs a write whose uniqueness the caller checked first: when a unique index still refuses it
 * (a concurrent request took the value between the check and the write), `recheck` runs the
 * precise check again — it throws the Arabic 409 naming the clash — and otherwise the generic
 * 409 answers.
 */
export async function withUniqueRecheck<T>(
  write: () => Promise<T>,
  recheck: () => Promise<void>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await recheck();
    throw conflict(MESSAGES.conflict);
  }
}
