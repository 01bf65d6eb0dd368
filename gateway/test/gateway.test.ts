import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_CONNECTION_LOST, API_RETRY_AFTER_SECONDS, API_UNAVAILABLE } from '../src/api-errors';
import { apiUpstreams, buildGateway, createGateway } from '../src/gateway';
import { IMMUTABLE, NO_CACHE } from '../src/cache-control';
import { ReleaseStore } from '../src/release/release-store';
import { startEchoApi } from './support/echo-api';
import { tempDir, writeFakeBuild, writeHostDist } from './support/fake-build';

describe('gateway', () => {
  let app: FastifyInstance;
  let api: Awaited<ReturnType<typeof startEchoApi>>;
  const root = tempDir();
  const storeDir = path.join(root, 'store');

  beforeAll(async () => {
    api = await startEchoApi();
    const store = new ReleaseStore({ dir: storeDir, hostContractsVersion: '1.0.0' });
    store.publish(
      'mf-finance',
      writeFakeBuild(path.join(root, 'v1'), 'mf-finance', { version: '1.0.0' }),
    );
    store.publish(
      'mf-finance',
      writeFakeBuild(path.join(root, 'v2'), 'mf-finance', { version: '1.1.0' }),
    );
    store.promote('mf-finance', '1.1.0', 'test');
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

  it('serves the host index.html at / with no-cache', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.body).toContain('dir="rtl"');
  });

  it('answers deep links with index.html (SPA fallback)', async () => {
    for (const url of ['/families/show/7', '/reports/medical/archive/3?page=2', '/login']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<script src="/main.js">');
      expect(response.headers['cache-control']).toBe(NO_CACHE);
    }
  });

  it('serves the un-hashed main.js no-cache and hashed chunks and fonts immutable', async () => {
    expect((await app.inject({ url: '/main.js' })).headers['cache-control']).toBe(NO_CACHE);
    const chunk = await app.inject({ url: '/512.0badc0de.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['content-type']).toMatch(/javascript/);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect(
      (await app.inject({ url: '/fonts/cairo-arabic.c3107482.woff2' })).headers['cache-control'],
    ).toBe(IMMUTABLE);
  });

  it('answers a missing script or stylesheet with 404, never with the HTML page', async () => {
    for (const url of ['/512.deadbeef.js', '/families/main.js', '/styles.css']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<html');
    }
  });

  it('lets a no-cache file revalidate cheaply (ETag → 304)', async () => {
    const first = await app.inject({ url: '/remotes/mf-finance/1.1.0/remoteEntry.js' });
    const again = await app.inject({
      url: '/remotes/mf-finance/1.1.0/remoteEntry.js',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves remotes.json from the store, no-cache, readable from other origins', async () => {
    const response = await app.inject({ url: '/remotes.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      remotes: {
        'mf-finance': { version: '1.1.0', manifest: '/remotes/mf-finance/1.1.0/mf-manifest.json' },
      },
    });
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('serves every published version at its own URL with the cache rules', async () => {
    const manifest = await app.inject({ url: '/remotes/mf-finance/1.1.0/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe(NO_CACHE);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const entry = await app.inject({ url: '/remotes/mf-finance/1.0.0/remoteEntry.js' });
    expect(entry.body).toBe('/* mf-finance 1.0.0 */');
    expect(entry.headers['cache-control']).toBe(NO_CACHE);
    expect(
      (await app.inject({ url: '/remotes/mf-finance/1.1.0/123.abcdef12.js' })).headers[
        'cache-control'
      ],
    ).toBe(IMMUTABLE);
    expect(
      (await app.inject({ url: '/remotes/mf-finance/1.1.0/release.json' })).headers[
        'cache-control'
      ],
    ).toBe(NO_CACHE);
  });

  it('answers unknown remotes, versions, files and escapes with 404', async () => {
    for (const url of [
      '/remotes/mf-finance/9.9.9/remoteEntry.js',
      '/remotes/mf-nothing/1.0.0/remoteEntry.js',
      '/remotes/mf-finance/1.0.0/missing.js',
      '/remotes/mf-finance/1.0.0/',
      '/remotes/mf-finance/1.0.0/..%2F..%2Fremotes.json',
      '/remotes/mf-finance/..%2F..%2Fremotes.json',
      '/remotes/release-history.jsonl',
      '/remotes',
    ]) {
      const response = await app.inject({ url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('never serves a file outside the host build', async () => {
    const response = await app.inject({ url: '/..%2F..%2F..%2Fetc/passwd' });
    expect(response.body).not.toContain('root:');
    expect(response.body).toContain('<script src="/main.js">');
  });

  it('proxies /api/* to the API server unchanged (method, path, query, body, headers)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/families?page=2&filter[status]=active',
      headers: { authorization: 'Bearer abc', 'content-type': 'application/json' },
      payload: { name: 'أسرة' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      server: 'api',
      method: 'POST',
      url: '/api/families?page=2&filter[status]=active',
      body: JSON.stringify({ name: 'أسرة' }),
      authorization: 'Bearer abc',
      forwardedFor: '127.0.0.1',
      headers: expect.objectContaining({ 'content-type': 'application/json' }) as unknown,
    });
  });

  it('answers 503 with Retry-After and an Arabic message while nothing listens where the API should be', async () => {
    const dead = await buildGateway({
      hostDist: path.join(root, 'host'),
      storeDir,
      apiUrl: 'http://127.0.0.1:1',
    });
    for (const request of [
      { url: '/api/health' },
      { method: 'POST' as const, url: '/api/families', payload: { name: 'أسرة' } },
    ]) {
      const response = await dead.inject(request);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(API_RETRY_AFTER_SECONDS));
      expect(response.json()).toEqual(API_UNAVAILABLE);
      expect(API_UNAVAILABLE.message).toMatch(/^[\u0600-\u06FF\s،]+$/);
    }
    // The site itself goes on.
    expect((await dead.inject({ url: '/remotes.json' })).statusCode).toBe(200);
    await dead.close();
  });

  it('answers 502 in Arabic when the API goes away in the middle of a request', async () => {
    const dropping = http.createServer((request) => request.socket.destroy());
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const { port } = dropping.address() as AddressInfo;
    const site = await buildGateway({
      hostDist: path.join(root, 'host'),
      storeDir,
      apiUrl: `http://127.0.0.1:${port}`,
    });
    try {
      const response = await site.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(502);
      expect(response.headers['retry-after']).toBeUndefined();
      expect(response.json()).toEqual(API_CONNECTION_LOST);
      expect(API_CONNECTION_LOST.message).toMatch(/^[\u0600-\u06FF\s،]+$/);
    } finally {
      await site.close();
      await new Promise((resolve) => dropping.close(resolve));
    }
  });

  it('shares API requests between several upstreams (API_URL with several URLs)', async () => {
    const second = await startEchoApi('second');
    const shared = await buildGateway({
      hostDist: path.join(root, 'host'),
      storeDir,
      apiUrl: `${api.url}, ${second.url}/`,
    });
    try {
      const servers = new Set<string>();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => shared.inject({ url: '/api/health' })),
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        servers.add(answer.json<{ server: string }>().server);
      }
      expect([...servers].sort()).toEqual(['api', 'second']);
    } finally {
      await shared.close();
      await second.close();
    }
  });

  it('reads API_URL as a list of distinct origins', () => {
    expect(apiUpstreams('http://127.0.0.1:3000')).toEqual(['http://127.0.0.1:3000']);
    expect(apiUpstreams('http://a:1/api, http://b:2 ,http://a:1')).toEqual([
      'http://a:1',
      'http://b:2',
    ]);
    expect(() => apiUpstreams(' , ')).toThrow(/API_URL/);
  });

  it('serves an empty remotes.json before anything is promoted, and a notice before the host is built', async () => {
    const empty = await buildGateway({
      hostDist: path.join(root, 'no-host'),
      storeDir: path.join(root, 'no-store'),
      apiUrl: api.url,
    });
    expect((await empty.inject({ url: '/remotes.json' })).json()).toEqual({ remotes: {} });
    const page = await empty.inject({ url: '/dashboard' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('pnpm --filter host-shell build');
    await empty.close();
  });

  it('listens on a real port (createGateway)', async () => {
    const gateway = await createGateway({
      hostDist: path.join(root, 'host'),
      storeDir,
      apiUrl: api.url,
      port: 0,
    });
    try {
      const response = await fetch(`${gateway.url}/remotes.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBeTruthy();
    } finally {
      await gateway.close();
    }
  });
});
