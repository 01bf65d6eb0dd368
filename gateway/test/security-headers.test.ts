import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FORWARDED_AT_HEADER, type RemotesConfig } from 'shared-contracts';
import { buildGateway } from '../src/gateway';
import { writeFileAtomic } from '../src/release/atomic-write';
import { ReleaseStore } from '../src/release/release-store';
import { createHash } from 'node:crypto';
import {
  HSTS_HEADER,
  NON_DOCUMENT_POLICY,
  foreignOrigin,
  inlineScriptHashes,
  securityEnvSchema,
} from '../src/security-headers';
import { buildStaticSite } from '../src/static-site';
import { startEchoApi, type EchoApi } from './support/echo-api';
import { tempDir, writeFakeBuild, writeHostDist } from './support/fake-build';

/** The site's policy with `remotes` as the remote origins (in sorted order), as shipped. */
function sitePolicy(...remotes: string[]): string {
  const and = remotes.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    `script-src 'self'${and}`,
    "script-src-attr 'none'",
    `style-src 'self' 'unsafe-inline'${and}`,
    `img-src 'self' data: blob:${and}`,
    `font-src 'self'${and}`,
    `connect-src 'self'${and}`,
  ].join(';');
}

function directive(policy: string | undefined, name: string): string[] {
  const found = (policy ?? '').split(';').find((part) => part.startsWith(`${name} `));
  return found ? found.split(' ').slice(1) : [];
}

function remotesConfig(manifests: Partial<Record<'mf-finance' | 'mf-admin', string>>): string {
  const config: RemotesConfig = { remotes: {} };
  for (const [remote, manifest] of Object.entries(manifests)) {
    config.remotes[remote as keyof typeof manifests] = { version: '0.9.0', manifest };
  }
  return `${JSON.stringify(config, null, 2)}\n`;
}

describe('gateway security headers', () => {
  const root = tempDir();
  const storeDir = path.join(root, 'store');
  const remotesJson = path.join(storeDir, 'remotes.json');
  let api: EchoApi;
  let app: FastifyInstance;

  beforeAll(async () => {
    api = await startEchoApi();
    const store = new ReleaseStore({ dir: storeDir, hostContractsVersion: '1.0.0' });
    store.publish('mf-finance', writeFakeBuild(path.join(root, 'v1'), 'mf-finance'));
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

  const csp = async (url = '/') =>
    (await app.inject({ url })).headers['content-security-policy'] as string | undefined;

  it('sends the site policy with the origins of the remotes in remotes.json', async () => {
    fs.writeFileSync(
      remotesJson,
      remotesConfig({
        'mf-finance': 'http://127.0.0.1:3913/mf-manifest.json',
        'mf-admin': 'https://cdn.example.org/admin/2.0.0/mf-manifest.json',
      }),
    );
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(
      sitePolicy('http://127.0.0.1:3913', 'https://cdn.example.org'),
    );
  });

  it('allows no inline script, no eval and no framing', async () => {
    fs.writeFileSync(remotesJson, remotesConfig({ 'mf-finance': 'http://127.0.0.1:3913/m.json' }));
    const policy = await csp();
    expect(policy).not.toMatch(/unsafe-eval|unsafe-hashes|strict-dynamic|\*/);
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'http://127.0.0.1:3913']);
    expect(directive(policy, 'script-src-attr')).toEqual(["'none'"]);
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('allows the host page’s own inline scripts by their hash, and follows a rebuilt page', async () => {
    const index = path.join(root, 'host', 'index.html');
    const original = fs.readFileSync(index, 'utf8');
    const script = '(function(){document.body.dataset.boot="1"})()';
    const sha = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    try {
      fs.writeFileSync(
        index,
        `<!doctype html><div id="root"></div><script>${script}</script><script src="/main.js"></script>`,
      );
      expect(directive(await csp(), 'script-src')).toEqual([
        "'self'",
        'http://127.0.0.1:3913',
        sha,
      ]);
      // Another build: the old hash goes, the new one comes; a page without inline script has none.
      fs.writeFileSync(index, '<!doctype html><script src="/main.js"></script>');
      expect(directive(await csp(), 'script-src')).toEqual(["'self'", 'http://127.0.0.1:3913']);
    } finally {
      fs.writeFileSync(index, original);
    }
    expect(
      inlineScriptHashes(
        '<script type="module">a()</script><SCRIPT src=x.js></SCRIPT><script></script>',
      ),
    ).toEqual([`'sha256-${createHash('sha256').update('a()').digest('base64')}'`]);
  });

  it('follows remotes.json as a release replaces it, or as it is edited by hand', async () => {
    fs.writeFileSync(remotesJson, remotesConfig({ 'mf-finance': 'http://127.0.0.1:3913/m.json' }));
    expect(await csp()).toBe(sitePolicy('http://127.0.0.1:3913'));

    // As promote and rollback write it: a temp file renamed over the old one.
    writeFileAtomic(
      remotesJson,
      remotesConfig({ 'mf-finance': 'https://finance.example.org/1.1.0/mf-manifest.json' }),
    );
    expect(await csp()).toBe(sitePolicy('https://finance.example.org'));

    // In place, same size, straight after.
    writeFileAtomic(remotesJson, remotesConfig({ 'mf-finance': 'http://127.0.0.1:3913/m.json' }));
    expect(await csp()).toBe(sitePolicy('http://127.0.0.1:3913'));
    fs.writeFileSync(remotesJson, remotesConfig({ 'mf-finance': 'http://127.0.0.1:3914/m.json' }));
    expect(await csp()).toBe(sitePolicy('http://127.0.0.1:3914'));

    // Released on the site itself (the store's own URLs): nothing beyond 'self'.
    const store = new ReleaseStore({ dir: storeDir, hostContractsVersion: '1.0.0' });
    store.promote('mf-finance', '1.0.0', 'test');
    expect(JSON.parse(fs.readFileSync(remotesJson, 'utf8'))).toMatchObject({
      remotes: { 'mf-finance': { manifest: '/remotes/mf-finance/1.0.0/mf-manifest.json' } },
    });
    expect(await csp()).toBe(sitePolicy());
  });

  it('lists no remote origin when remotes.json is missing or not a valid remotes.json', async () => {
    for (const content of [
      null,
      '{"remotes": {"mf-finance": {"manifest": "http://evil.example/m.json"}}}',
      '{"remotes": {"mf-nothing": {"version": "1.0.0", "manifest": "http://evil.example/m.json"}}}',
      '{not json',
    ]) {
      if (content === null) fs.rmSync(remotesJson, { force: true });
      else fs.writeFileSync(remotesJson, content);
      expect(await csp()).toBe(sitePolicy());
    }
  });

  it('sends nosniff, no-referrer and DENY on pages, files, release files, 404s and the API', async () => {
    fs.writeFileSync(remotesJson, remotesConfig({ 'mf-finance': 'http://127.0.0.1:3913/m.json' }));
    for (const url of ['/', '/families/show/7']) {
      const { headers } = await app.inject({ url });
      expect({
        url,
        type: headers['content-type'],
        csp: headers['content-security-policy'],
      }).toEqual({
        url,
        type: expect.stringMatching(/^text\/html/),
        csp: sitePolicy('http://127.0.0.1:3913'),
      });
    }
    for (const url of [
      '/',
      '/families/show/7',
      '/main.js',
      '/512.0badc0de.js',
      '/remotes.json',
      '/remotes/mf-finance/1.0.0/remoteEntry.js',
      '/remotes/mf-finance/9.9.9/remoteEntry.js',
      '/missing.js',
      '/api/health',
    ]) {
      const { headers } = await app.inject({ url });
      expect({ url, headers }).toMatchObject({
        url,
        headers: {
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'no-referrer',
          'x-frame-options': 'DENY',
        },
      });
      expect(headers['strict-transport-security']).toBeUndefined();
      // The site's policy governs pages; every other answer gets the lockdown one (about 1 KB less
      // on each script, and nothing may run should it be opened as a page).
      if (!String(headers['content-type']).startsWith('text/html'))
        expect({ url, csp: headers['content-security-policy'] }).toEqual({
          url,
          csp: NON_DOCUMENT_POLICY,
        });
    }
  });

  it('keeps the policy an API answer came with (a document’s sandbox), else the lockdown one', async () => {
    const sandboxed = await app.inject({ url: '/api/documents/3/content?policy=sandbox' });
    expect(sandboxed.headers['content-security-policy']).toBe('sandbox');
    const plain = await app.inject({ url: '/api/documents/3/content' });
    expect(plain.headers['content-security-policy']).toBe(NON_DOCUMENT_POLICY);
    // Per answer: the next one without a policy of its own gets the lockdown one again.
    const next = await app.inject({ url: '/api/health' });
    expect(next.headers['content-security-policy']).toBe(NON_DOCUMENT_POLICY);
  });

  it('keeps the site policy on a 304, whose headers the browser copies onto the cached page', async () => {
    fs.writeFileSync(remotesJson, remotesConfig({ 'mf-finance': 'http://127.0.0.1:3913/m.json' }));
    for (const url of ['/', '/main.js']) {
      const first = await app.inject({ url });
      expect(first.headers.etag).toBeDefined();
      const again = await app.inject({
        url,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect({
        url,
        status: again.statusCode,
        csp: again.headers['content-security-policy'],
      }).toEqual({
        url,
        status: 304,
        csp: sitePolicy('http://127.0.0.1:3913'),
      });
    }
  });

  it('lets other origins load the release files, and only the release files', async () => {
    const entry = await app.inject({ url: '/remotes/mf-finance/1.0.0/remoteEntry.js' });
    expect(entry.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    expect(
      (await app.inject({ url: '/remotes.json' })).headers['cross-origin-resource-policy'],
    ).toBe('cross-origin');
    const hostScript = await app.inject({ url: '/main.js' });
    expect(hostScript.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(hostScript.headers['access-control-allow-origin']).toBeUndefined();
  });

  describe('Strict-Transport-Security', () => {
    const gatewayWith = (options: Partial<Parameters<typeof buildGateway>[0]>) =>
      buildGateway({ hostDist: path.join(root, 'host'), storeDir, apiUrl: api.url, ...options });

    it('is not sent over plain HTTP, even when a client claims https', async () => {
      const response = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it('is sent when a trusted proxy says the request came over TLS', async () => {
      const behindProxy = await gatewayWith({ trustProxy: '10.0.0.2' });
      try {
        const viaProxy = await behindProxy.inject({
          url: '/',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(viaProxy.headers['strict-transport-security']).toBe(HSTS_HEADER);
        expect(HSTS_HEADER).toBe('max-age=31536000; includeSubDomains');
        const plainViaProxy = await behindProxy.inject({ url: '/', remoteAddress: '10.0.0.2' });
        expect(plainViaProxy.headers['strict-transport-security']).toBeUndefined();
        // The same claim from an address that is not the proxy counts for nothing.
        const direct = await behindProxy.inject({
          url: '/',
          remoteAddress: '198.51.100.7',
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(direct.headers['strict-transport-security']).toBeUndefined();
      } finally {
        await behindProxy.close();
      }
    });

    it('is sent on every answer when configured always', async () => {
      const always = await gatewayWith({ hsts: 'always' });
      try {
        for (const url of ['/', '/main.js', '/api/health']) {
          expect((await always.inject({ url })).headers['strict-transport-security']).toBe(
            HSTS_HEADER,
          );
        }
      } finally {
        await always.close();
      }
    });
  });

  describe('forwarding headers to the API', () => {
    type Echo = { headers: Record<string, string | undefined> };

    it('replaces a client-sent X-Forwarded-For with the peer address instead of appending to it', async () => {
      const response = await app.inject({
        url: '/api/auth/create/sanctum/token',
        method: 'POST',
        remoteAddress: '203.0.113.50',
        headers: {
          'x-forwarded-for': '6.6.6.6, 7.7.7.7',
          forwarded: 'for=6.6.6.6;proto=https',
          'x-real-ip': '6.6.6.6',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'evil.example',
          'content-type': 'application/json',
        },
        payload: { email: 'a@b.co', password: 'x' },
      });
      const { headers } = response.json<Echo>();
      expect(headers['x-forwarded-for']).toBe('203.0.113.50');
      expect(headers['x-forwarded-proto']).toBe('http');
      expect(headers['x-forwarded-host']).not.toBe('evil.example');
      expect(headers.forwarded).toBeUndefined();
      expect(headers['x-real-ip']).toBeUndefined();
    });

    it('stamps when it forwarded, overwriting a stamp a client sent', async () => {
      for (const sent of [undefined, '1', String(Date.now() + 60_000), 'soon']) {
        const before = Date.now();
        const response = await app.inject({
          url: '/api/families?search=x',
          headers: sent === undefined ? {} : { [FORWARDED_AT_HEADER]: sent },
        });
        const stamp = Number(response.json<Echo>().headers[FORWARDED_AT_HEADER]);
        expect(stamp).toBeGreaterThanOrEqual(before);
        expect(stamp).toBeLessThanOrEqual(Date.now());
      }
    });

    it('passes on the client address a trusted proxy in front reported, and only that', async () => {
      const behindProxy = await buildGateway({
        hostDist: path.join(root, 'host'),
        storeDir,
        apiUrl: api.url,
        trustProxy: '10.0.0.2',
      });
      try {
        const viaProxy = await behindProxy.inject({
          url: '/api/health',
          remoteAddress: '10.0.0.2',
          // A client forged the first entry; the proxy appended the address it saw.
          headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.50', 'x-forwarded-proto': 'https' },
        });
        expect(viaProxy.json<Echo>().headers).toMatchObject({
          'x-forwarded-for': '203.0.113.50',
          'x-forwarded-proto': 'https',
        });
        const direct = await behindProxy.inject({
          url: '/api/health',
          remoteAddress: '198.51.100.7',
          headers: { 'x-forwarded-for': '6.6.6.6' },
        });
        expect(direct.json<Echo>().headers['x-forwarded-for']).toBe('198.51.100.7');
      } finally {
        await behindProxy.close();
      }
    });
  });
});

describe('a remote served on its own port (buildStaticSite)', () => {
  it('sends nosniff and a policy under which nothing loads, and lets other origins run its files', async () => {
    const dir = writeFakeBuild(tempDir(), 'mf-finance');
    const site = await buildStaticSite({ root: dir, cors: true });
    try {
      for (const url of ['/remoteEntry.js', '/mf-manifest.json', '/missing.js']) {
        const { headers } = await site.inject({ url });
        expect({ url, headers }).toMatchObject({
          url,
          headers: {
            'content-security-policy': "default-src 'none';frame-ancestors 'none'",
            'x-content-type-options': 'nosniff',
            'referrer-policy': 'no-referrer',
            'cross-origin-resource-policy': 'cross-origin',
            'access-control-allow-origin': '*',
          },
        });
      }
    } finally {
      await site.close();
    }
  });

  it('keeps its files to its own origin without cors, and serves a host build with the site policy', async () => {
    const host = writeHostDist(tempDir());
    fs.writeFileSync(
      path.join(host, 'remotes.json'),
      remotesConfig({ 'mf-admin': 'http://127.0.0.1:3916/mf-manifest.json' }),
    );
    const site = await buildStaticSite({ root: host, spaFallback: true });
    try {
      const page = await site.inject({ url: '/families' });
      expect(page.headers['content-security-policy']).toBe(sitePolicy('http://127.0.0.1:3916'));
      expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(page.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await site.close();
    }
  });
});

describe('foreignOrigin (a manifest URL → a CSP source)', () => {
  it.each([
    ['/remotes/mf-finance/1.0.0/mf-manifest.json', null],
    ['remotes/mf-finance/1.0.0/mf-manifest.json', null],
    ['http://127.0.0.1:3911/mf-manifest.json', 'http://127.0.0.1:3911'],
    ['https://cdn.example.org:8443/a/b/mf-manifest.json?x=1', 'https://cdn.example.org:8443'],
    ['HTTPS://CDN.Example.org/m.json', 'https://cdn.example.org'],
    ['//cdn.example.org/m.json', 'http://cdn.example.org'],
    ['javascript:alert(1)', null],
    ['data:application/json,{}', null],
    ['http://[::1', null],
  ])('%s → %s', (url, origin) => {
    expect(foreignOrigin(url)).toBe(origin);
  });
});

describe('GATEWAY_TRUST_PROXY and HSTS (main.ts)', () => {
  it('trusts no proxy and sends HSTS over TLS only by default, an empty value counting as unset', () => {
    for (const env of [{}, { GATEWAY_TRUST_PROXY: '', HSTS: ' ' }]) {
      expect(securityEnvSchema.parse(env)).toEqual({ GATEWAY_TRUST_PROXY: false, HSTS: 'tls' });
    }
  });

  it('takes a list of proxies, and refuses to trust every client', () => {
    expect(
      securityEnvSchema.parse({
        GATEWAY_TRUST_PROXY: '10.0.0.2, 192.168.0.0/16,loopback',
        HSTS: 'always',
      }),
    ).toEqual({ GATEWAY_TRUST_PROXY: ['10.0.0.2', '192.168.0.0/16', 'loopback'], HSTS: 'always' });
    expect(securityEnvSchema.parse({ GATEWAY_TRUST_PROXY: 'none' }).GATEWAY_TRUST_PROXY).toBe(
      false,
    );
    expect(securityEnvSchema.safeParse({ GATEWAY_TRUST_PROXY: 'true' }).success).toBe(false);
    expect(securityEnvSchema.safeParse({ HSTS: 'yes' }).success).toBe(false);
  });
});
