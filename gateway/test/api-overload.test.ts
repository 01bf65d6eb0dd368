import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify from 'fastify';
import { FORWARDED_AT_HEADER } from 'shared-contracts';
import { createGateway, type ListeningServer } from '../src/gateway';
import { tempDir, writeHostDist } from './support/fake-build';

/**
 * The API's overload refusal (503 with Retry-After) reaches the browser as it was sent: the gateway
 * does not send the request again (reply-from's default for a GET would, ten times over).
 */
describe('gateway: the API busy', () => {
  const root = tempDir();
  const hostDist = writeHostDist(path.join(root, 'host'));
  const storeDir = path.join(root, 'store');

  it('passes a 503 with Retry-After on once, without retrying it', async () => {
    const received: string[] = [];
    const api = Fastify();
    api.get('/api/families', async (request, reply) => {
      received.push(String(request.headers[FORWARDED_AT_HEADER]));
      return reply
        .code(503)
        .header('retry-after', '2')
        .send({ message: 'الخادم مشغول حاليًا بطلبات كثيرة، يرجى المحاولة بعد لحظات' });
    });
    await api.listen({ port: 0, host: '127.0.0.1' });
    let site: ListeningServer | undefined;
    try {
      const { port } = api.server.address() as AddressInfo;
      site = await createGateway({
        hostDist,
        storeDir,
        apiUrl: `http://127.0.0.1:${port}`,
        port: 0,
        rolloutGuard: false,
      });
      const response = await fetch(`${site.url}/api/families?search=x`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('2');
      expect(await response.json()).toEqual({
        message: 'الخادم مشغول حاليًا بطلبات كثيرة، يرجى المحاولة بعد لحظات',
      });
      // Give a retry, were there one, time to arrive (reply-from's would come within milliseconds).
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toHaveLength(1);
      expect(Number(received[0])).toBeGreaterThan(0);
    } finally {
      await site?.close();
      await api.close();
    }
  });
});
