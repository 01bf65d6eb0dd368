import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/**
 * How deep a JSON body may nest (arrays and objects). The deepest body the API reads is a
 * family's `members[i].disabilities[j]` (4 levels); 32 leaves room for any later form while
 * keeping every walk over a parsed body (zod, the draft clean-up) shallow.
 */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `البيانات المرسلة متداخلة بعمق أكبر من المسموح به (${MAX_JSON_DEPTH} مستوى)`;

/**
 * True when the JSON text nests deeper than `max`. One pass over the characters, counting
 * brackets outside strings, with no recursion: `[` × 20000 is refused before anything (the
 * parser, zod, a recursive helper) walks it. Malformed text is left for the parser to refuse.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) depth -= 1;
  }
  return false;
}

/**
 * Fastify's JSON parser (prototype-poisoning safe), except that an empty body reads as "no
 * body": clients send `Content-Type: application/json` with nothing on logout, and that is not
 * an error. Malformed JSON still fails, and the error handler answers 400 in Arabic; so does a
 * body nested deeper than `MAX_JSON_DEPTH`. Other content types get 415.
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
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
