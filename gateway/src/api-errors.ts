/**
 * What the site answers on `/api` when the API does not: the API's own envelope (`{ message }`),
 * in Arabic, since the host shows `message` to the person as it is.
 */

/** Seconds a client is asked to wait while the API is down (`pnpm start` restarts it after 1 s). */
export const API_RETRY_AFTER_SECONDS = 5;

/** Nothing listens where the API should be (stopped, crashed, restarting): the request was not sent. */
export const API_UNAVAILABLE = {
  message: 'خادم البيانات غير متاح الآن، وقد يكون قيد إعادة التشغيل، فحاول مرة أخرى بعد لحظات',
};

/** The API went away with the request in its hands: a change may or may not have been saved. */
export const API_CONNECTION_LOST = {
  message: 'انقطع الاتصال بخادم البيانات قبل اكتمال الطلب، فتحقق من النتيجة ثم حاول مرة أخرى',
};

/** Failures to open a connection: the API never saw the request. */
const CONNECT_FAILURES = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** True when `error` (or what caused it: reply-from and undici wrap errors) is a failed connect. */
export function isConnectFailure(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && CONNECT_FAILURES.has(code)) return true;
  // Both addresses of `localhost` refused: an AggregateError of the two.
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.every((inner) => isConnectFailure(inner, depth + 1));
  }
  return isConnectFailure(cause, depth + 1);
}

/** The part of Fastify's reply the proxy's error hook uses (of an HTTP/1 or HTTP/2 server alike). */
interface ErrorReply {
  request: { raw: { complete: boolean } };
  header(name: string, value: string): unknown;
  code(statusCode: number): unknown;
  send(payload: unknown): unknown;
}

/**
 * The proxy's answer to an upstream failure: 503 with Retry-After when the API could not be
 * reached (the client may simply try again), 502 when it failed during the request.
 */
export function answerProxyError(reply: ErrorReply, error: unknown): void {
  // A connection whose request body was not read to its end cannot carry the next request.
  if (!reply.request.raw.complete) reply.header('connection', 'close');
  reply.header('cache-control', 'no-store');
  if (isConnectFailure(error)) {
    reply.header('retry-after', String(API_RETRY_AFTER_SECONDS));
    reply.code(503);
    reply.send(API_UNAVAILABLE);
    return;
  }
  reply.code(502);
  reply.send(API_CONNECTION_LOST);
}
