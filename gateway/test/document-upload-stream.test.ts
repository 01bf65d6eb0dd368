import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MESSAGES } from 'api-server/src/http/errors';
import { DOCUMENT_MESSAGES } from 'shared-contracts/resources/documents-contracts';
import { createGateway, type ListeningServer } from '../src/gateway';
import { API_BODY_LIMIT, documentBodyLimit, isDocumentUpload } from '../src/api-body';
import { tempDir, writeHostDist } from './support/fake-build';

const BOUNDARY = 'ataa-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const MB = 1024 * 1024;

/** A multipart body with a `kind` field and a `file` of `bytes` bytes. */
function multipartOf(bytes: number): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nother\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    Buffer.alloc(bytes, 0x61),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

interface Answer {
  status: number;
  body: string;
}

/**
 * POSTs `body` in 64 KiB writes, with its length or chunked. `beforeRest` (if given) runs after
 * the first write: the rest is sent once it resolves.
 */
function post(
  url: string,
  body: Buffer,
  options: { chunked?: boolean; contentType?: string; beforeRest?: () => Promise<void> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { 'content-type': options.contentType ?? MULTIPART };
    if (!options.chunked) headers['content-length'] = body.length;
    const request = http.request(url, { method: 'POST', headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, body: text });
      });
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer from ${url} within 15 s`));
    }, 15_000);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    const size = 64 * 1024;
    request.write(body.subarray(0, size));
    void (options.beforeRest ?? (() => Promise.resolve()))().then(() => {
      for (let at = size; at < body.length; at += size) request.write(body.subarray(at, at + size));
      request.end();
    });
  });
}

/** A stand-in API that counts the bytes of each body as they arrive, without keeping them. */
async function startCountingApi() {
  let requests = 0;
  let completed = 0;
  let firstBytes: () => void = () => undefined;
  const server = http.createServer((request, response) => {
    requests += 1;
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      if (size === 0) firstBytes();
      size += chunk.length;
    });
    request.on('end', () => {
      completed += 1;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ url: request.url, size }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    completed: () => completed,
    /** Resolves when the next body's first bytes reach the API. */
    nextFirstBytes: () => new Promise<void>((resolve) => (firstBytes = resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('gateway: document uploads are streamed to the API with their own limit', () => {
  const root = tempDir();
  const hostDist = writeHostDist(path.join(root, 'host'));
  const storeDir = path.join(root, 'store');
  const open: { close(): Promise<unknown> }[] = [];

  afterEach(async () => {
    while (open.length > 0) await open.pop()?.close();
  });

  async function setUp(documentMaxMb?: number) {
    const api = await startCountingApi();
    open.push(api);
    const site: ListeningServer = await createGateway({
      hostDist,
      storeDir,
      apiUrl: api.url,
      port: 0,
      documentMaxMb,
      rolloutGuard: false,
    });
    open.push(site);
    return { api, site };
  }

  it('knows the upload paths from their declarations, multipart POSTs only', () => {
    const upload = (method: string, url: string, type = MULTIPART) =>
      isDocumentUpload({ method, url, headers: { 'content-type': type } });
    expect(upload('POST', '/api/families/12/documents')).toBe(true);
    expect(upload('POST', '/api/services/3/documents')).toBe(true);
    expect(upload('POST', '/api/financial-records/7/documents')).toBe(true);
    expect(upload('POST', '/api/families/12/documents?x=1')).toBe(true);
    expect(upload('POST', '/api/families/12/documents', 'application/json')).toBe(false);
    expect(upload('GET', '/api/families/12/documents')).toBe(false);
    expect(upload('POST', '/api/families/12/members')).toBe(false);
    expect(upload('POST', '/api/families/12/documents/extra')).toBe(false);
    expect(upload('POST', '/api/families/documents')).toBe(false);
    expect(documentBodyLimit(10)).toBeGreaterThan(10 * MB);
  });

  it('streams an upload of several megabytes: the API has its first bytes before the client sent the rest', async () => {
    const { api, site } = await setUp();
    for (const chunked of [false, true]) {
      const body = multipartOf(3 * MB);
      const firstBytes = api.nextFirstBytes();
      const answer = await post(`${site.url}/api/families/1/documents`, body, {
        chunked,
        // Were the body read whole first, the API would never see a byte and this would hang.
        beforeRest: () => firstBytes,
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({
        url: '/api/families/1/documents',
        size: body.length,
      });
    }
  });

  it('refuses an upload over DOCUMENT_MAX_MB with 413 and the Arabic message', async () => {
    const { api, site } = await setUp(1);
    const expected = { message: DOCUMENT_MESSAGES.tooLarge(1) };
    expect(expected.message).toMatch(/ميغابايت/);

    // Announced over the limit: the API is never contacted.
    const announced = await post(`${site.url}/api/families/1/documents`, multipartOf(2 * MB));
    expect(announced.status).toBe(413);
    expect(JSON.parse(announced.body)).toEqual(expected);
    expect(api.requests()).toBe(0);

    // Chunked: cut off on the way, the API's request is aborted (it never completes).
    const chunked = await post(`${site.url}/api/services/1/documents`, multipartOf(2 * MB), {
      chunked: true,
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual(expected);
    expect(api.completed()).toBe(0);

    // Within the limit (its file just under 1 MB with the multipart around it): passed through.
    const within = await post(`${site.url}/api/financial-records/1/documents`, multipartOf(MB), {
      chunked: true,
    });
    expect(within.status).toBe(200);
  });

  it('aborts the API request when the client goes away in the middle of its upload', async () => {
    const { api, site } = await setUp();
    const body = multipartOf(2 * MB);
    const firstBytes = api.nextFirstBytes();
    const request = http.request(`${site.url}/api/families/1/documents`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': MULTIPART, 'content-length': body.length },
    });
    request.on('error', () => undefined);
    request.write(body.subarray(0, 256 * 1024));
    await firstBytes;
    request.destroy();
    // The API never sees the body end; the gateway goes on serving.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.completed()).toBe(0);
    const next = await post(`${site.url}/api/families/1/documents`, multipartOf(1000));
    expect(next.status).toBe(200);
    expect(api.completed()).toBe(1);
  });

  it('keeps the 1 MiB limit for every other body, multipart or not', async () => {
    const { api, site } = await setUp();
    const generic = { message: MESSAGES.payloadTooLarge };
    const elsewhere = await post(`${site.url}/api/notes`, multipartOf(API_BODY_LIMIT + 10));
    expect(elsewhere.status).toBe(413);
    expect(JSON.parse(elsewhere.body)).toEqual(generic);
    // JSON to an upload path is not an upload: the 1 MiB limit.
    const json = await post(
      `${site.url}/api/families/1/documents`,
      Buffer.from(JSON.stringify({ note: 'x'.repeat(API_BODY_LIMIT) })),
      { chunked: true, contentType: 'application/json' },
    );
    expect(json.status).toBe(413);
    expect(JSON.parse(json.body)).toEqual(generic);
    expect(api.requests()).toBe(0);
  });
});
