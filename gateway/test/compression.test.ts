import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from '../src/gateway';
import { buildStaticSite } from '../src/static-site';
import { IMMUTABLE, NO_CACHE } from '../src/cache-control';
import { negotiateEncoding } from '../src/compression';
import { ReleaseStore } from '../src/release/release-store';
import { tempDir, writeFakeBuild } from './support/fake-build';

const MAIN_JS = `/* host */ ${'console.log("عطاء: the host shell");\n'.repeat(200)}`;
const CHUNK_JS = `/* chunk */ ${'export const page = "الأسر";\n'.repeat(200)}`;
const INDEX_HTML =
  '<!doctype html><html dir="rtl" lang="ar"><head><title>عطاء</title></head><body><div id="root"></div><script src="/main.js"></script></body></html>';

/** A text file with the siblings the build's precompress plugin writes. */
function writeWithSiblings(file: string, text: string): void {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(Buffer.from(text)));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(Buffer.from(text), { level: 9 }));
}

function writeHostDist(dir: string): string {
  fs.mkdirSync(path.join(dir, 'fonts'), { recursive: true });
  writeWithSiblings(path.join(dir, 'index.html'), INDEX_HTML);
  writeWithSiblings(path.join(dir, 'main.js'), MAIN_JS);
  fs.writeFileSync(path.join(dir, 'main.js.map'), '{"version":3,"sources":["src/index.ts"]}');
  writeWithSiblings(path.join(dir, '512.0badc0de.js'), CHUNK_JS);
  fs.writeFileSync(path.join(dir, '512.0badc0de.js.map'), '{"version":3}');
  // A build from before precompression: no siblings.
  fs.writeFileSync(path.join(dir, '77.0ddba11a.js'), CHUNK_JS);
  fs.writeFileSync(path.join(dir, 'fonts', 'cairo.c3107482.woff2'), 'wOF2 font bytes');
  return dir;
}

const decode = {
  br: (body: Buffer) => zlib.brotliDecompressSync(body).toString(),
  gzip: (body: Buffer) => zlib.gunzipSync(body).toString(),
};

/** An API answering /api/big with ~6 KB of JSON and /api/small with a few bytes. */
async function startJsonApi(): Promise<{ url: string; close: () => Promise<void> }> {
  const big = JSON.stringify({
    data: Array.from({ length: 60 }, (_, id) => ({ id, name: `أسرة رقم ${id}`, status: 'active' })),
  });
  const server = http.createServer((request, response) => {
    const body = request.url?.startsWith('/api/big') ? big : '{"ok":true}';
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.setHeader('content-length', Buffer.byteLength(body));
    response.setHeader('etag', '"v1"');
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
  ])('%p → %p', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('compressed delivery', () => {
  let app: FastifyInstance;
  let api: Awaited<ReturnType<typeof startJsonApi>>;
  const root = tempDir();
  const storeDir = path.join(root, 'store');

  beforeAll(async () => {
    api = await startJsonApi();
    const build = writeFakeBuild(path.join(root, 'v1'), 'mf-finance', { version: '1.0.0' });
    writeWithSiblings(path.join(build, '123.abcdef12.js'), CHUNK_JS);
    fs.writeFileSync(path.join(build, '123.abcdef12.js.map'), '{"version":3}');
    fs.writeFileSync(path.join(build, 'remoteEntry.js.map'), '{"version":3}');
    const store = new ReleaseStore({ dir: storeDir, hostContractsVersion: '1.0.0' });
    store.publish('mf-finance', build);
    store.promote('mf-finance', '1.0.0', 'test');
    app = await buildGateway({
      hostDist: writeHostDist(path.join(root, 'host')),
      storeDir,
      apiUrl: api.url,
    });
  });

  afterAll(async () => {
    await app.close();
    await api.close();
  });

  it.each(['br', 'gzip'] as const)(
    'answers Accept-Encoding %s with the precompressed file and the original headers',
    async (encoding) => {
      const main = await app.inject({ url: '/main.js', headers: { 'accept-encoding': encoding } });
      expect(main.statusCode).toBe(200);
      expect(main.headers['content-encoding']).toBe(encoding);
      expect(main.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(String(main.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(main.headers['cache-control']).toBe(NO_CACHE);
      expect(main.headers.etag).toBeDefined();
      expect(main.rawPayload.length).toBeLessThan(Buffer.byteLength(MAIN_JS) / 4);
      expect(decode[encoding](main.rawPayload)).toBe(MAIN_JS);

      const chunk = await app.inject({
        url: '/512.0badc0de.js',
        headers: { 'accept-encoding': `deflate, ${encoding}` },
      });
      expect(chunk.headers['content-encoding']).toBe(encoding);
      expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
      expect(decode[encoding](chunk.rawPayload)).toBe(CHUNK_JS);

      // The SPA fallback and the remote releases get the same treatment.
      const page = await app.inject({
        url: '/families/show/7',
        headers: { 'accept-encoding': encoding },
      });
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(decode[encoding](page.rawPayload)).toBe(INDEX_HTML);
      const remote = await app.inject({
        url: '/remotes/mf-finance/1.0.0/123.abcdef12.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(remote.headers['content-encoding']).toBe(encoding);
      expect(remote.headers['access-control-allow-origin']).toBe('*');
      expect(remote.headers['cache-control']).toBe(IMMUTABLE);
      expect(decode[encoding](remote.rawPayload)).toBe(CHUNK_JS);
    },
  );

  it('prefers brotli when both are accepted', async () => {
    const response = await app.inject({
      url: '/main.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('sends the raw file, still varying on Accept-Encoding, when no encoding is accepted', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await app.inject({ url: '/main.js', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(response.body).toBe(MAIN_JS);
    }
  });

  it('falls back to the raw file when a precompressed sibling is missing', async () => {
    const response = await app.inject({
      url: '/77.0ddba11a.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe(CHUNK_JS);
    const font = await app.inject({
      url: '/fonts/cairo.c3107482.woff2',
      headers: { 'accept-encoding': 'br' },
    });
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.body).toBe('wOF2 font bytes');
  });

  it('answers HEAD with the headers of the encoding it would send, and no body', async () => {
    const head = await app.inject({
      method: 'HEAD',
      url: '/main.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(
      fs.statSync(path.join(root, 'host', 'main.js.br')).size,
    );
    expect(head.rawPayload.length).toBe(0);
    const raw = await app.inject({ method: 'HEAD', url: '/main.js' });
    expect(raw.statusCode).toBe(200);
    expect(Number(raw.headers['content-length'])).toBe(Buffer.byteLength(MAIN_JS));
  });

  it('still answers a Range request', async () => {
    const raw = await app.inject({ url: '/main.js', headers: { range: 'bytes=0-9' } });
    expect(raw.statusCode).toBe(206);
    expect(raw.headers['content-range']).toBe(`bytes 0-9/${Buffer.byteLength(MAIN_JS)}`);
    expect(raw.body).toBe(MAIN_JS.slice(0, 10));
    // With an encoding, the range is of the encoded representation (as HTTP defines it).
    const gz = fs.readFileSync(path.join(root, 'host', 'main.js.gz'));
    const encoded = await app.inject({
      url: '/main.js',
      headers: { range: 'bytes=0-9', 'accept-encoding': 'gzip' },
    });
    expect(encoded.statusCode).toBe(206);
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(encoded.headers['content-range']).toBe(`bytes 0-9/${gz.length}`);
    expect(encoded.rawPayload.equals(gz.subarray(0, 10))).toBe(true);
  });

  it('revalidates each encoding with its own validator (ETag → 304)', async () => {
    const first = await app.inject({ url: '/main.js', headers: { 'accept-encoding': 'br' } });
    const again = await app.inject({
      url: '/main.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const plain = await app.inject({ url: '/main.js' });
    expect(plain.headers.etag).not.toBe(first.headers.etag);
  });

  it('never serves a source map, from the host or from a release', async () => {
    for (const url of [
      '/main.js.map',
      '/512.0badc0de.js.map',
      '/remotes/mf-finance/1.0.0/123.abcdef12.js.map',
      '/remotes/mf-finance/1.0.0/remoteEntry.js.map',
    ]) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.body).not.toContain('"version":3');
    }
    // …though the release keeps them beside its files, for decoding errors.
    expect(fs.existsSync(path.join(storeDir, 'mf-finance', '1.0.0', '123.abcdef12.js.map'))).toBe(
      true,
    );
  });

  it.each(['br', 'gzip'] as const)('compresses API JSON over 1 KB with %s', async (encoding) => {
    const response = await app.inject({
      url: '/api/big?page=1',
      headers: { 'accept-encoding': encoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(response.headers.etag).toBe('W/"v1"');
    const text = decode[encoding](response.rawPayload);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(text) / 3);
    expect(JSON.parse(text)).toMatchObject({ data: expect.any(Array) });
  });

  it('leaves small API answers and clients without an encoding alone', async () => {
    const small = await app.inject({ url: '/api/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const identity = await app.inject({ url: '/api/big' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(String(identity.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(identity.headers.etag).toBe('"v1"');
    expect(identity.json()).toMatchObject({ data: expect.any(Array) });
  });

  it('can leave API compression to a proxy in front (compressApi: false)', async () => {
    const plain = await buildGateway({
      hostDist: path.join(root, 'host'),
      storeDir,
      apiUrl: api.url,
      compressApi: false,
    });
    try {
      const response = await plain.inject({
        url: '/api/big',
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toMatchObject({ data: expect.any(Array) });
    } finally {
      await plain.close();
    }
  });

  it('a remote served on its own port gets the same treatment', async () => {
    const dir = path.join(root, 'v1');
    const site = await buildStaticSite({ root: dir, cors: true });
    try {
      const chunk = await site.inject({
        url: '/123.abcdef12.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(chunk.headers['content-encoding']).toBe('gzip');
      expect(decode.gzip(chunk.rawPayload)).toBe(CHUNK_JS);
      expect((await site.inject({ url: '/123.abcdef12.js.map' })).statusCode).toBe(404);
    } finally {
      await site.close();
    }
  });
});
