import fs from 'node:fs';
import path from 'node:path';
import { buildStaticSite, createStaticSite } from '../src/static-site';
import { IMMUTABLE, NO_CACHE } from '../src/cache-control';
import { tempDir, writeFakeBuild } from './support/fake-build';

describe('createStaticSite (one directory on its own port)', () => {
  it('serves a remote build cross-origin with the cache rules', async () => {
    const dir = writeFakeBuild(tempDir(), 'mf-finance');
    const site = await createStaticSite({ root: dir, port: 0, cors: true });
    try {
      const manifest = await fetch(`${site.url}/mf-manifest.json`);
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
      expect(manifest.headers.get('cache-control')).toBe(NO_CACHE);
      const chunk = await fetch(`${site.url}/123.abcdef12.js`);
      expect(chunk.headers.get('cache-control')).toBe(IMMUTABLE);
      expect((await fetch(`${site.url}/nope.js`)).status).toBe(404);
      expect((await fetch(`${site.url}/families`)).status).toBe(404);
    } finally {
      await site.close();
    }
  });

  it('sends no CORS header unless asked, and falls back to index.html when asked', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'index.html'), '<html dir="rtl"></html>');
    const app = await buildStaticSite({ root: dir, spaFallback: true });
    const page = await app.inject({ url: '/families/show/1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('rtl');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    expect((await app.inject({ url: '/missing.js' })).statusCode).toBe(404);
    await app.close();
  });
});
