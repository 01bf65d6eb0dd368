import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from 'api-server/src/http/errors';
import {
  DOCUMENT_MESSAGES,
  documentEndpoints,
} from 'shared-contracts/resources/documents-contracts';

/**
 * Request bodies on their way to the API. The gateway reads each `/api` body whole, up to a limit
 * of its own, before it contacts the API:
 * - a body over the limit is answered 413 here, in the API's Arabic error envelope, and never
 *   reaches the API;
 * - the API receives the body in one piece with its length, so when it refuses one before reading
 *   it (its own 413, and it closes the connection) the answer is already on its way when the
 *   gateway learns that the connection is closed, and the client gets that answer instead of a
 *   502 «unreachable»;
 * - the client's connection is at a request boundary whatever the API does, so keep-alive goes on;
 *   after a refusal here the connection is closed, once the rest of the body has been read and
 *   dropped (up to a bound: see `drain`).
 */

/** The API's own `bodyLimit` (api-server/src/app.ts): what the API would refuse is refused here. */
export const API_BODY_LIMIT = 1024 * 1024;

/** The API's answer to a body over its limit, word for word. */
export const PAYLOAD_TOO_LARGE = { message: MESSAGES.payloadTooLarge };

/**
 * How much of a refused body is still read, and dropped, before the 413 goes out, and for how
 * long. A server that closes a connection while the client is still sending resets it, and the
 * client's TCP stack drops the answer with it: the person sees a network error instead of the
 * Arabic message. Past these bounds the answer goes out at once and the connection is closed
 * under the client.
 */
export const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 10_000;

class BodyTooLarge extends Error {}

const bodies = new WeakMap<FastifyRequest, Buffer>();

/** The body read by `readApiBody`, if the request had one. */
export function bufferedBody(request: FastifyRequest): Buffer | undefined {
  return bodies.get(request);
}

/**
 * A preHandler for the proxied routes: reads the body (the proxy's content-type parser hands it
 * over as the raw stream) into memory, or answers 413 when it is over `limit`.
 */
export function readApiBody(limit: number) {
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    const stream = request.body as Readable | undefined;
    if (!stream || typeof stream.on !== 'function') {
      done();
      return;
    }
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      // Refused on its declared length: the API is not contacted, nothing is kept.
      if (declared > DRAIN_BYTES) void tooLarge(reply);
      else void drain(stream).then(() => tooLarge(reply));
      return;
    }
    readWithin(stream, limit).then(
      (body) => {
        bodies.set(request, body);
        done();
      },
      (error: unknown) => {
        if (error instanceof BodyTooLarge) void drain(stream).then(() => tooLarge(reply));
        // The client went away in the middle of its body: nobody is left to answer.
        else done(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };
}

interface TooLargeReply {
  code(status: number): TooLargeReply;
  header(name: string, value: string): TooLargeReply;
  send(payload: unknown): unknown;
}

function tooLarge(reply: TooLargeReply, answer: { message: string } = PAYLOAD_TOO_LARGE): unknown {
  // Past the drain's bounds the rest of the body is still coming: this connection cannot carry
  // another request.
  return reply.code(413).header('connection', 'close').send(answer);
}

// ---------------------------------------------------------------------------------------------
// Document uploads: streamed, not read whole
// ---------------------------------------------------------------------------------------------

const MEGABYTE = 1024 * 1024;
/**
 * What a multipart upload carries besides its file: the boundaries, each part's headers and the
 * text fields (the API takes at most 8 fields of 4 KiB). The API checks the file itself against
 * DOCUMENT_MAX_MB; the gateway's line is the file's limit plus this, so a file the API would take
 * is never refused here.
 */
export const MULTIPART_OVERHEAD = 64 * 1024;

/** The gateway's limit for a document upload's whole body, for DOCUMENT_MAX_MB = `maxMb`. */
export function documentBodyLimit(maxMb: number): number {
  return maxMb * MEGABYTE + MULTIPART_OVERHEAD;
}

/** `/api/families/:id/documents` and the other upload paths, from their declarations. */
const UPLOAD_PATHS = [
  documentEndpoints.familyUpload,
  documentEndpoints.serviceUpload,
  documentEndpoints.recordUpload,
].map(
  (endpoint) =>
    new RegExp(`^/api${endpoint.path.replace(/:[A-Za-z_]+/g, '[^/?#]+')}/?(?:[?#].*)?$`),
);

/**
 * A document upload: a multipart POST to one of the upload paths. Anything else to those paths
 * (JSON, say) is read whole under the 1 MiB limit like every other body: the API refuses it anyway.
 */
export function isDocumentUpload(request: Pick<FastifyRequest, 'method' | 'url' | 'headers'>) {
  const type = request.headers['content-type'] ?? '';
  return (
    request.method === 'POST' &&
    /^multipart\/form-data\s*;/i.test(type) &&
    UPLOAD_PATHS.some((pattern) => pattern.test(request.url))
  );
}

/** The requests (their raw Node request) whose streamed body went over its limit. */
const overLimit = new WeakMap<object, { message: string }>();

/** The 413 answer when the request's streamed body went over its limit (not a proxy error). */
export function streamedOverLimit(request: { raw: object }): { message: string } | undefined {
  return overLimit.get(request.raw);
}

/**
 * Passes a body through to the API as it comes, counting it: past `limit` the stream is cut
 * (the API's request is aborted, so it stores nothing) and the proxy's error answer becomes a 413.
 */
class LimitedBody extends Transform {
  private size = 0;

  constructor(
    private readonly limit: number,
    private readonly onOver: () => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.limit) {
      this.onOver();
      callback(new BodyTooLarge());
      return;
    }
    callback(null, chunk);
  }
}

/**
 * The API body's preHandler: document uploads are streamed through with `documentLimit` bytes
 * (413 with the documents' Arabic message past it); every other body is read whole with `limit`.
 */
export function readOrStreamApiBody(limit: number, documentMaxMb: number) {
  const read = readApiBody(limit);
  const documentLimit = documentBodyLimit(documentMaxMb);
  const answer = { message: DOCUMENT_MESSAGES.tooLarge(documentMaxMb) };
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    if (!isDocumentUpload(request)) {
      read(request, reply, done);
      return;
    }
    const stream = request.body as Readable | undefined;
    if (!stream || typeof stream.pipe !== 'function') {
      done();
      return;
    }
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > documentLimit) {
      if (declared > DRAIN_BYTES) void tooLarge(reply, answer);
      else void drain(stream).then(() => tooLarge(reply, answer));
      return;
    }
    const limited = new LimitedBody(documentLimit, () => overLimit.set(request.raw, answer));
    stream.pipe(limited);
    stream.once('error', (error) => limited.destroy(error));
    // A client gone in the middle of its upload: the API's request is aborted too (never ended
    // as if the body were whole).
    stream.once('close', () => {
      if (!stream.readableEnded) limited.destroy(new Error('the client closed the connection'));
    });
    request.body = limited;
    done();
  };
}

/**
 * The proxy's answer when the streamed upload went over its limit: the rest of the client's body
 * is read and dropped (so the client hears the answer), then 413 in Arabic.
 */
export function answerStreamedTooLarge(
  request: { raw: Readable },
  reply: TooLargeReply,
  answer: { message: string },
): void {
  void drain(request.raw).then(() => tooLarge(reply, answer));
}

/**
 * Reads the rest of a refused body and drops it, so the client has sent all of it when the answer
 * comes; resolves at its end, when the client goes away, or past `DRAIN_BYTES` or `DRAIN_MS`.
 */
function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let size = 0;
    const finish = () => {
      clearTimeout(timer);
      stream.off('data', onData);
      stream.off('end', finish);
      stream.off('error', finish);
      stream.off('close', finish);
      stream.pause();
      resolve();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_MS);
    stream.on('data', onData);
    stream.once('end', finish);
    stream.once('error', finish);
    stream.once('close', finish);
    stream.resume();
  });
}

function readWithin(stream: Readable, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: () => void) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stream.pause();
        finish(() => reject(new BodyTooLarge()));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(() => resolve(Buffer.concat(chunks, size)));
    const onError = (error: Error) => finish(() => reject(error));
    const onClose = () => finish(() => reject(new Error('the client closed the connection')));
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}
