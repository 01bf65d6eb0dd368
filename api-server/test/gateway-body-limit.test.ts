import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '../src/http/errors';
import { contractWriteEndpoints } from './support/contract-endpoints';
import { changedTables, fingerprint } from './support/db-fingerprint';
import { describeEachDatabase } from './support/harness';

/**
 * Bodies over the size limit, sent through the gateway to every write endpoint shared-contracts
 * declares, as a super admin: with a Content-Length and chunked, each must be answered 413 with
 * the API's Arabic error envelope (never a 5xx, never a reset without an answer, never a hang),
 * change no row, and leave the client's connection either usable or closed by the server. The
 * same bodies straight to the API get the same answer, word for word.
 *
 * The API listens on an ephemeral port (the harness's app, on PGlite and on PostgreSQL) and the
 * gateway runs as `pnpm start` runs it (gateway/src/main.ts, its own process, on an ephemeral port
 * too): the API's code never imports the gateway. The gateway's own process matters: a server that
 * answers and closes while a client in another process is still sending resets the connection,
 * and the answer is lost with it; in one process the client has sent everything before the server
 * runs. Requests go over raw sockets, so the test sees what the server does with the connection
 * rather than what a client library decides.
 */

/** The API's `bodyLimit` (src/app.ts) and the gateway's default, which is the same. */
const BODY_LIMIT = 1024 * 1024;
const GATEWAY_ROOT = path.resolve(__dirname, '..', '..', 'gateway');
/** An answer (or the server's close) that takes longer than this is a hang. */
const HANG_MS = 10_000;
const TOO_LARGE = { message: MESSAGES.payloadTooLarge };

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One client connection over a raw socket: requests written by hand, answers read by a small
 * HTTP/1.1 parser (Content-Length, chunked, or up to the close), and the server's close observed
 * as it happens.
 */
class Connection {
  private buffer = Buffer.alloc(0);
  private serverClosed = false;
  private wake: () => void = () => undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    const closed = () => {
      this.serverClosed = true;
      this.wake();
    };
    socket.on('end', closed);
    socket.on('close', closed);
    // A server that stops reading a body it refused may reset the connection under the writes:
    // the answer already received stands, and the close is observed above.
    socket.on('error', () => undefined);
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  /**
   * Writes a request; a body goes out with its length (or the length `announce`d instead), or
   * chunked in 64 KiB pieces.
   */
  write(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: { text: string; chunked: boolean; announce?: number },
  ): void {
    const lines = [`${method} ${url} HTTP/1.1`, 'host: 127.0.0.1', 'connection: keep-alive'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (!body) {
      this.socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      return;
    }
    const bytes = Buffer.from(body.text);
    lines.push(
      'content-type: application/json',
      body.chunked
        ? 'transfer-encoding: chunked'
        : `content-length: ${body.announce ?? bytes.length}`,
    );
    this.socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (!body.chunked) {
      this.socket.write(bytes);
      return;
    }
    for (let at = 0; at < bytes.length && !this.socket.destroyed; at += 64 * 1024) {
      const piece = bytes.subarray(at, at + 64 * 1024);
      this.socket.write(`${piece.length.toString(16)}\r\n`);
      this.socket.write(piece);
      this.socket.write('\r\n');
    }
    if (!this.socket.destroyed) this.socket.write('0\r\n\r\n');
  }

  /** The next answer on this connection; rejects when none comes within HANG_MS. */
  async read(): Promise<Answer> {
    const deadline = Date.now() + HANG_MS;
    for (;;) {
      const answer = this.parse();
      if (answer) return answer;
      if (this.serverClosed)
        throw new Error(
          `the server closed the connection without an answer: ${this.buffer.toString('utf8').slice(0, 300)}`,
        );
      if (Date.now() > deadline)
        throw new Error(`no answer within ${HANG_MS} ms: the connection hangs`);
      await this.until(deadline);
    }
  }

  /** Resolves once the server has closed the connection; rejects when it keeps it open past HANG_MS. */
  async closedByServer(): Promise<void> {
    const deadline = Date.now() + HANG_MS;
    while (!this.serverClosed) {
      if (Date.now() > deadline)
        throw new Error(
          `the server said "connection: close" but kept the connection open ${HANG_MS} ms`,
        );
      await this.until(deadline);
    }
  }

  destroy(): void {
    this.socket.destroy();
  }

  private until(deadline: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()) + 1);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private parse(): Answer | undefined {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine = '', ...headerLines] = this.buffer
      .subarray(0, end)
      .toString('latin1')
      .split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.split(' ')[1]);
    const rest = this.buffer.subarray(end + 4);
    let body: Buffer | undefined;
    let used = 0;
    if (headers['transfer-encoding']?.includes('chunked')) {
      const pieces: Buffer[] = [];
      for (;;) {
        const lineEnd = rest.indexOf('\r\n', used);
        if (lineEnd < 0) return undefined;
        const size = Number.parseInt(rest.subarray(used, lineEnd).toString('latin1'), 16);
        if (rest.length < lineEnd + 2 + size + 2) return undefined;
        pieces.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        used = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
      body = Buffer.concat(pieces);
    } else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (rest.length < length) return undefined;
      body = rest.subarray(0, length);
      used = length;
    } else {
      // No length: the body runs to the close.
      if (!this.serverClosed) return undefined;
      body = rest;
      used = rest.length;
    }
    this.buffer = rest.subarray(used);
    return { status, headers, body: body.toString('utf8') };
  }
}

interface Gateway {
  port: number;
  stop(): Promise<void>;
}

/** The gateway as `pnpm start` runs it, in front of the API at `apiUrl`; resolves once it listens. */
function startGateway(apiUrl: string): Promise<Gateway> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-gateway-limit-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: GATEWAY_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      API_URL: apiUrl,
      RELEASE_STORE: path.join(work, 'store'),
      HOST_DIST: path.join(work, 'host'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(work, { recursive: true, force: true });
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the gateway did not start within 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /gateway listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ port: Number(match[1]), stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the gateway exited before listening:\n${output}`));
    });
  });
}

/** A JSON object of `bytes` bytes, the shape of every write endpoint's body. */
function bodyOf(bytes: number): string {
  // `{"name":"…"}` is 11 bytes around the filler.
  return JSON.stringify({ name: 'x'.repeat(bytes - 11) });
}

/** The endpoint's path with id 1 in every parameter: a row wherever the seed made one. */
function urlOf(endpointPath: string): string {
  return `/api${endpointPath.replace(/:[A-Za-z_]+/g, '1')}`;
}

describeEachDatabase(
  'bodies over the size limit through the gateway, to every write endpoint',
  (h) => {
    const writes = contractWriteEndpoints();
    let gateway: Gateway | undefined;
    let apiPort = 0;
    let auth: Record<string, string> = {};

    beforeAll(async () => {
      auth = { authorization: `Bearer ${await h.adminToken()}` };
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      apiPort = (h.app.server.address() as AddressInfo).port;
      gateway = await startGateway(`http://127.0.0.1:${apiPort}`);
    }, 90_000);

    afterAll(async () => {
      await gateway?.stop();
    }, 30_000);

    /**
     * For each endpoint and each way of sending, on a connection that has already carried a request:
     * the body over the limit, then the next request on a new connection. Returns the problems
     * found, one line each.
     */
    async function overLimitToEveryEndpoint(port: number): Promise<string[]> {
      const problems: string[] = [];
      for (const [index, endpoint] of writes.entries()) {
        for (const chunked of [false, true]) {
          const label = `${endpoint.method} ${endpoint.path} (${chunked ? 'chunked' : 'content-length'})`;
          // One byte over, or four times the limit: all of it is sent, and the answer must
          // still reach the client.
          const size = index % 2 === 0 ? BODY_LIMIT + 1 : 4 * BODY_LIMIT;
          const connection = await Connection.open(port);
          try {
            // A kept-alive connection first (a body the API refuses would close it: Fastify
            // closes the connection after any body it cannot parse).
            connection.write('GET', '/api/user', auth);
            const first = await connection.read();
            if (first.status !== 200 || first.headers.connection === 'close') {
              problems.push(
                `${label}: the connection's first request → ${first.status} (connection: ${first.headers.connection ?? '-'})`,
              );
            }
            connection.write(endpoint.method, urlOf(endpoint.path), auth, {
              text: bodyOf(size),
              chunked,
            });
            const refused = await connection.read();
            if (refused.status !== 413)
              problems.push(`${label}: ${refused.status} ${refused.body.slice(0, 200)}`);
            else if (
              refused.body !== JSON.stringify(TOO_LARGE) ||
              !refused.headers['content-type']?.startsWith('application/json')
            ) {
              problems.push(
                `${label}: 413 without the Arabic envelope: ${refused.headers['content-type']} ${refused.body.slice(0, 200)}`,
              );
            }
            if (refused.headers.connection === 'close') {
              await connection.closedByServer();
            } else {
              // Kept open: the connection must carry the next request.
              connection.write('GET', '/api/user', auth);
              const next = await connection.read();
              if (next.status !== 200)
                problems.push(`${label}: the kept connection's next request → ${next.status}`);
            }
          } catch (error) {
            problems.push(`${label}: ${(error as Error).message}`);
          } finally {
            connection.destroy();
          }
          // The client goes on, on a new connection.
          const after = await Connection.open(port);
          try {
            after.write('GET', '/api/user', auth);
            const answer = await after.read();
            if (answer.status !== 200)
              problems.push(`${label}: the next connection's request → ${answer.status}`);
          } catch (error) {
            problems.push(`${label}: the next connection: ${(error as Error).message}`);
          } finally {
            after.destroy();
          }
        }
      }
      return problems;
    }

    test('413 in Arabic with and without Content-Length, no row changed, the connection closed', async () => {
      expect(writes.length).toBeGreaterThanOrEqual(60);
      const before = await fingerprint(h.db);
      expect(await overLimitToEveryEndpoint(gateway?.port ?? 0)).toEqual([]);
      expect(changedTables(before, await fingerprint(h.db))).toEqual([]);
    }, 60_000);

    test('a body announced far over the limit is refused at once, without waiting for it', async () => {
      const problems: string[] = [];
      for (const endpoint of writes) {
        const connection = await Connection.open(gateway?.port ?? 0);
        try {
          // 64 KiB sent of 64 MiB announced: the client waits for an answer before it sends more.
          connection.write(endpoint.method, urlOf(endpoint.path), auth, {
            text: bodyOf(64 * 1024),
            chunked: false,
            announce: 64 * BODY_LIMIT,
          });
          const refused = await connection.read();
          if (refused.status !== 413 || refused.body !== JSON.stringify(TOO_LARGE)) {
            problems.push(
              `${endpoint.method} ${endpoint.path}: ${refused.status} ${refused.body.slice(0, 200)}`,
            );
          }
          await connection.closedByServer();
        } catch (error) {
          problems.push(`${endpoint.method} ${endpoint.path}: ${(error as Error).message}`);
        } finally {
          connection.destroy();
        }
      }
      expect(problems).toEqual([]);
    }, 60_000);

    test("the API's own answer to the same bodies is the same, word for word", async () => {
      const before = await fingerprint(h.db);
      expect(await overLimitToEveryEndpoint(apiPort)).toEqual([]);
      expect(changedTables(before, await fingerprint(h.db))).toEqual([]);
    }, 60_000);
  },
);
