import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from 'api-server/src/http/errors';

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

function tooLarge(reply: FastifyReply): FastifyReply {
  // Past the drain's bounds the rest of the body is still coming: this connection cannot carry
  // another request.
  return reply.code(413).header('connection', 'close').send(PAYLOAD_TOO_LARGE);
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
