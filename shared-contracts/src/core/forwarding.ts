/**
 * When the gateway forwarded a request to the API: milliseconds since the epoch, as text. Set by
 * the gateway on every `/api` request it forwards, replacing whatever a client sent under that
 * name; the API counts a request's wait from it (api-server/src/http/admission.ts), so time spent
 * unread in a busy API's socket counts too. A client can only shorten its own wait with it.
 */
export const FORWARDED_AT_HEADER = 'x-ataa-forwarded-at';
