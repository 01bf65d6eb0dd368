import type { LightMyRequestResponse } from 'fastify';
import { describeEachDatabase } from './support/harness';

function expectSecurityHeaders(label: string, response: LightMyRequestResponse): void {
  expect({ label, headers: response.headers }).toMatchObject({
    label,
    headers: {
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    },
  });
}

describeEachDatabase(
  'security headers on every API answer',
  (h) => {
    test('public, authenticated, refused, invalid and unknown requests all carry them', async () => {
      const admin = await h.adminToken();
      const answers: Array<[string, LightMyRequestResponse]> = [
        ['health', await h.request('GET', '/api/health')],
        ['openapi', await h.request('GET', '/api/openapi.json')],
        ['current user', await h.request('GET', '/api/user', { token: admin })],
        ['no token', await h.request('GET', '/api/user')],
        ['bad login', await h.request('POST', '/api/auth/create/sanctum/token', { body: {} })],
        [
          'malformed json',
          await h.request('POST', '/api/auth/create/sanctum/token', { rawBody: '{' }),
        ],
        ['unknown route', await h.request('GET', '/api/nothing-here')],
        ['outside the prefix', await h.request('GET', '/')],
      ];
      expect(answers.map(([label, response]) => [label, response.statusCode])).toEqual([
        ['health', 200],
        ['openapi', 200],
        ['current user', 200],
        ['no token', 401],
        ['bad login', 422],
        ['malformed json', 400],
        ['unknown route', 404],
        ['outside the prefix', 404],
      ]);
      for (const [label, response] of answers) {
        expectSecurityHeaders(label, response);
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    test('HSTS only when the request came over TLS, as a trusted proxy reports it', async () => {
      const viaGateway = await h.request('GET', '/api/health', {
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(viaGateway.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expectSecurityHeaders('over TLS', viaGateway);

      const plain = await h.request('GET', '/api/health', { remoteAddress: '127.0.0.1' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();

      // A client that is not the trusted proxy cannot claim TLS.
      const forged = await h.request('GET', '/api/health', {
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
    });
  },
  { trustProxy: ['127.0.0.1'] },
);
