import type { FastifyInstance } from 'fastify';

/**
 * Fastify's JSON parser (prototype-poisoning safe), except that an empty body reads as "no
 * body": clients send `Content-Type: application/json` with nothing on logout, and that is not
 * an error. Malformed JSON still fails, and the error handler answers 400 in Arabic. Other
 * content types get 415.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // JSON only: text/plain would reach the handlers as a string and fail as a confusing 422.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
