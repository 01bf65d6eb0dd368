import net from 'node:net';
import type { AppConfig } from '../src/config';
import { MESSAGES } from '../src/http/errors';
import { startApiServer, type RunningApiServer } from '../src/server';

/**
 * Fastify's own errors, raised before a request reaches a route (the router's malformed URL, an
 * over-long path parameter) or by Node's HTTP parser (a malformed request), left in Fastify's
 * English shape and echoed the URL back. Every answer the API gives is the Arabic envelope.
 * No database behaviour is involved: one in-memory PGlite serves the file.
 */

const CONFIG: AppConfig = {
  prefix: '/api',
  database: { kind: 'pglite' },
  admin: { email: 'framework.admin@ataa.test', password: 'Framework-2026!' },
  seedDemo: false,
  tokenTtlHours: 1,
};

/** Sends `raw` on a fresh connection and returns all the server wrote before it closed. */
function rawExchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(raw);
  });
}

function splitResponse(text: string): {
  statusLine: string;
  headers: Record<string, string>;
  body: string;
} {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { statusLine, headers, body };
}

describe('security: Fastify’s own errors answer in the Arabic envelope', () => {
  let server: RunningApiServer;
  beforeAll(async () => {
    server = await startApiServer({ config: CONFIG });
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  test('a malformed URL (FST_ERR_BAD_URL): 400 in Arabic, the URL not echoed', async () => {
    for (const url of [
      '/api/families/%E0%A4%A',
      '/api/user/%E0%A4%A',
      '/api/families/%zz<script>',
    ]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.badUrl });
      expect(response.body).not.toMatch(/FST_|%E0|families|script|Bad Request/);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('a path parameter over the router’s length limit (FST_ERR_MAX_PARAM_LENGTH): 414 in Arabic', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/families/${'9'.repeat(150)}`,
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: MESSAGES.urlTooLong });
    expect(response.body).not.toContain('999');
  });

  test('a wrong or malformed content type, a malformed JSON body: the Arabic envelope', async () => {
    const login = '/api/auth/create/sanctum/token';
    const cases = [
      {
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
        status: 415,
        message: MESSAGES.unsupportedMediaType,
      },
      {
        headers: { 'content-type': ';;;' },
        payload: 'x',
        status: 415,
        message: MESSAGES.unsupportedMediaType,
      },
      {
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
        status: 400,
        message: MESSAGES.malformedJson,
      },
    ];
    for (const { headers, payload, status, message } of cases) {
      const response = await server.app.inject({ method: 'POST', url: login, headers, payload });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message });
    }
  });

  test('over a real connection: the bad URL, and a request Node’s parser refuses', async () => {
    const badUrl = splitResponse(
      await rawExchange(
        portOf(server),
        'GET /api/families/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      ),
    );
    expect(badUrl.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(badUrl.body)).toEqual({ message: MESSAGES.badUrl });

    // A header line without a colon: the HTTP parser refuses it before Fastify sees a request.
    const malformed = splitResponse(
      await rawExchange(
        portOf(server),
        'GET /api/user HTTP/1.1\r\nHost: x\r\nthis is not a header\r\n\r\n',
      ),
    );
    expect(malformed.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(malformed.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(malformed.headers['content-length'])).toBe(Buffer.byteLength(malformed.body));
    expect(JSON.parse(malformed.body)).toEqual({ message: MESSAGES.badRequest });
  });
});

function portOf(server: RunningApiServer): number {
  return Number(new URL(server.origin).port);
}
