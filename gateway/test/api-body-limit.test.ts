import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandling, MESSAGES } from 'api-server/src/http/errors';
import { createGateway, type ListeningServer } from '../src/gateway';
import { API_BODY_LIMIT } from '../src/api-body';
import { tempDir, writeHostDist } from './support/fake-build';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/**
 * POSTs `body` over `agent` (keep-alive), as one piece with its length or `chunked` without one.
 * Rejects when no answer comes within 10 s: a connection left hanging fails the test instead of
 * its timeout.
 */
function post(
  url: string,
  body: string,
  agent: http.Agent,
  options: { chunked?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
    if (!options.chunked) headers['content-length'] = Buffer.byteLength(body);
    const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body: text,
        });
      });
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer from ${url} within 10 s: the connection hangs`));
    }, 10_000);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    if (options.chunked) {
      // Several writes: the gateway cannot know the size before it has read it.
      const size = 64 * 1024;
      for (let at = 0; at < body.length; at += size) request.write(body.slice(at, at + size));
      request.end();
    } else request.end(body);
  });
}

/** A JSON body of about `bytes` bytes. */
function jsonOf(bytes: number): string {
  return JSON.stringify({ note: 'x'.repeat(bytes) });
}

/** A stand-in API: Fastify with the API's error envelope and a body limit of `bodyLimit`. */
async function startApi(bodyLimit: number): Promise<{
  app: FastifyInstance;
  url: string;
  received: () => number;
}> {
  let received = 0;
  const app = Fastify({ bodyLimit });
  app.addHook('onRequest', async () => {
    received += 1;
  });
  installErrorHandling(app);
  app.post('/api/notes', async (request) => ({ bytes: JSON.stringify(request.body).length }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, received: () => received };
}

describe('gateway: request bodies over the limit', () => {
  const root = tempDir();
  const hostDist = writeHostDist(path.join(root, 'host'));
  const storeDir = path.join(root, 'store');
  const open: { close(): Promise<unknown> }[] = [];
  let agent: http.Agent;

  beforeEach(() => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  });

  afterEach(async () => {
    agent.destroy();
    while (open.length > 0) await open.pop()?.close();
  });

  async function gatewayFor(apiUrl: string, apiBodyLimit?: number): Promise<ListeningServer> {
    const site = await createGateway({ hostDist, storeDir, apiUrl, port: 0, apiBodyLimit });
    open.push(site);
    return site;
  }

  it('draws the line where the API does: its limit passes, one byte more is refused here', async () => {
    // The API's own settings: Fastify with a 1 MiB bodyLimit (api-server/src/app.ts).
    const api = await startApi(1024 * 1024);
    open.push(api.app);
    const site = await gatewayFor(api.url);
    // `{"note":"…"}` is 11 bytes around the filler.
    const atLimit = jsonOf(API_BODY_LIMIT - 11);
    const over = jsonOf(API_BODY_LIMIT - 10);
    expect(Buffer.byteLength(atLimit)).toBe(1024 * 1024);
    expect((await post(`${api.url}/api/notes`, atLimit, agent)).status).toBe(200);
    expect((await post(`${site.url}/api/notes`, atLimit, agent)).status).toBe(200);
    expect((await post(`${api.url}/api/notes`, over, agent)).status).toBe(413);
    const before = api.received();
    expect((await post(`${site.url}/api/notes`, over, agent)).status).toBe(413);
    expect(api.received()).toBe(before);

    const small = await gatewayFor(api.url, 1000);
    expect((await post(`${small.url}/api/notes`, jsonOf(1000 - 11), agent)).status).toBe(200);
    expect((await post(`${small.url}/api/notes`, jsonOf(1000 - 10), agent)).status).toBe(413);
  });

  it('answers a body over its limit with 413 in Arabic without contacting the API, and closes the connection', async () => {
    const api = await startApi(8 * 1024 * 1024);
    open.push(api.app);
    const site = await gatewayFor(api.url);

    for (const chunked of [false, true]) {
      const before = api.received();
      const refused = await post(`${site.url}/api/notes`, jsonOf(API_BODY_LIMIT + 10), agent, {
        chunked,
      });
      expect(refused).toEqual({
        status: 413,
        connection: 'close',
        body: JSON.stringify({ message: MESSAGES.payloadTooLarge }),
      });
      expect(api.received()).toBe(before);
      // The same client goes on (on a new connection).
      const next = await post(`${site.url}/api/notes`, jsonOf(10), agent);
      expect(next.status).toBe(200);
      expect(api.received()).toBe(before + 1);
    }
  });

  it("passes the API's own 413 through (its limit below the gateway's), keeping the connection usable", async () => {
    const api = await startApi(64 * 1024);
    open.push(api.app);
    const site = await gatewayFor(api.url);
    for (let round = 0; round < 20; round += 1) {
      const refused = await post(`${site.url}/api/notes`, jsonOf(256 * 1024), agent, {
        chunked: round % 2 === 1,
      });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({ message: MESSAGES.payloadTooLarge });
      // The client's whole body was read: the connection carries the next request.
      const next = await post(`${site.url}/api/notes`, jsonOf(1000), agent);
      expect(next.status).toBe(200);
    }
  });

  it('forwards a body within the limit byte for byte, with or without its length', async () => {
    const api = await startApi(8 * 1024 * 1024);
    open.push(api.app);
    const site = await gatewayFor(api.url);
    const body = jsonOf(API_BODY_LIMIT - 100);
    for (const chunked of [false, true]) {
      const answer = await post(`${site.url}/api/notes`, body, agent, { chunked });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ bytes: body.length });
    }
  });

  it('never leaves a connection hanging when the API drops one in the middle of a request', async () => {
    const sockets = new Set<Socket>();
    let calls = 0;
    // Drops the first request's connection once it has its headers; answers the next ones.
    const dropping = http.createServer((request, response) => {
      calls += 1;
      if (calls === 1) {
        request.socket.destroy();
        return;
      }
      request.resume();
      request.on('end', () => response.end('{"ok":true}'));
    });
    dropping.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    open.push({
      close: () => {
        for (const socket of sockets) socket.destroy();
        return new Promise((resolve) => dropping.close(resolve));
      },
    });
    const { port } = dropping.address() as AddressInfo;
    const site = await gatewayFor(`http://127.0.0.1:${port}`);

    const failed = await post(`${site.url}/api/notes`, jsonOf(512 * 1024), agent);
    expect(failed.status).toBe(502);
    const next = await post(`${site.url}/api/notes`, jsonOf(10), agent);
    expect(next).toMatchObject({ status: 200, body: '{"ok":true}' });
  });
});
