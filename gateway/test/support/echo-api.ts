import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EchoApi {
  url: string;
  close(): Promise<void>;
}

/** A stand-in API server that echoes what it received (its headers too); `?policy=` sets its CSP. */
export async function startEchoApi(name = 'api'): Promise<EchoApi> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      // `?policy=…`: answered with that Content-Security-Policy, as the API answers a document.
      const policy = new URL(request.url ?? '/', 'http://api.invalid').searchParams.get('policy');
      if (policy) response.setHeader('content-security-policy', policy);
      response.end(
        JSON.stringify({
          server: name,
          method: request.method,
          url: request.url,
          body,
          authorization: request.headers.authorization ?? null,
          forwardedFor: request.headers['x-forwarded-for'] ?? null,
          headers: request.headers,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
