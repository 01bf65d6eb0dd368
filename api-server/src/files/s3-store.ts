import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, isKey, MissingContent, type FileStore } from './store';

/** An S3-compatible bucket (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects under this prefix (`documents/` by default). */
  prefix?: string;
}

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

interface S3Answer {
  status: number;
  body: Buffer;
}

function hmac(key: Buffer | string, value: string): Buffer {
  return createHmac('sha256', key).update(value, 'utf8').digest();
}

/** RFC 3986 encoding as SigV4 wants it (`/` kept in paths). */
function encode(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

/** One request to sign: its canonical path and query, the headers to sign, its payload's SHA-256. */
export interface RequestToSign {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  payloadHash: string;
}

/**
 * AWS Signature Version 4 for S3: the request's headers with `x-amz-date`,
 * `x-amz-content-sha256` and `authorization` added (every header given is signed).
 */
export function signV4(
  request: RequestToSign,
  credentials: Pick<S3Settings, 'region' | 'accessKeyId' | 'secretAccessKey'>,
  now: Date,
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value.trim()]),
    ),
    'x-amz-content-sha256': request.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const canonical = [
    request.method,
    request.path,
    request.query,
    names.map((name) => `${name}:${headers[name]}\n`).join(''),
    names.join(';'),
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(toSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

/**
 * The store as an S3-compatible bucket, spoken to with plain HTTP requests signed with AWS
 * Signature Version 4 (path-style addressing, which MinIO, Ceph, Garage and AWS all accept). A PUT
 * is atomic on the server — an object is visible whole or not at all — and acknowledged once
 * durable, which is the store's contract; the payload's SHA-256 is the key itself, so the server
 * checks the bytes it received against it.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly base: URL;
  private readonly prefix: string;
  private readonly staging: string;

  private constructor(private readonly settings: S3Settings) {
    this.base = new URL(settings.endpoint);
    this.prefix = settings.prefix ?? 'documents/';
    this.staging = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-staging-'));
  }

  static async open(settings: S3Settings): Promise<S3FileStore> {
    const store = new S3FileStore(settings);
    const answer = await store.request('HEAD', '');
    if (answer.status >= 300)
      throw new Error(`S3 bucket ${settings.bucket} is not reachable (HTTP ${answer.status})`);
    return store;
  }

  stagingPath(): string {
    return path.join(this.staging, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  private objectPath(key: string): string {
    return `${this.prefix}${assertKey(key)}`;
  }

  /** One signed request; `body` is streamed from a file of `length` bytes whose SHA-256 is `payloadHash`. */
  private request(
    method: string,
    object: string,
    options: {
      query?: Record<string, string>;
      body?: { file: string; length: number; sha256: string };
      stream?: boolean;
    } = {},
  ): Promise<S3Answer & { stream?: Readable }> {
    const { bucket } = this.settings;
    const basePath = this.base.pathname.replace(/\/+$/, '');
    const canonicalPath = `${basePath}/${encode(bucket)}${object === '' ? '' : `/${encode(object, true)}`}`;
    const query = Object.entries(options.query ?? {})
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, value]) => `${encode(name)}=${encode(value)}`)
      .join('&');
    const extra: Record<string, string> = options.body
      ? {
          'content-length': String(options.body.length),
          'content-type': 'application/octet-stream',
        }
      : {};
    const headers = signV4(
      {
        method,
        path: canonicalPath,
        query,
        headers: { host: this.base.host, ...extra },
        payloadHash: options.body?.sha256 ?? EMPTY_SHA256,
      },
      this.settings,
      new Date(),
    );

    const client = this.base.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(
        {
          method,
          protocol: this.base.protocol,
          hostname: this.base.hostname,
          port: this.base.port,
          path: `${canonicalPath}${query === '' ? '' : `?${query}`}`,
          headers,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (options.stream && status === 200) {
            resolve({ status, body: Buffer.alloc(0), stream: response });
            return;
          }
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      if (options.body) {
        const source = fs.createReadStream(options.body.file);
        source.on('error', (error) => request.destroy(error));
        source.pipe(request);
      } else request.end();
    });
  }

  async put(key: string, stagedPath: string): Promise<void> {
    const { size } = await fs.promises.stat(stagedPath);
    const answer = await this.request('PUT', this.objectPath(key), {
      body: { file: stagedPath, length: size, sha256: key },
    });
    if (answer.status !== 200)
      throw new Error(`S3 PUT ${key}: HTTP ${answer.status} ${answer.body.toString('utf8')}`);
    await fs.promises.rm(stagedPath, { force: true });
  }

  async has(key: string): Promise<boolean> {
    const answer = await this.request('HEAD', this.objectPath(key));
    if (answer.status === 404) return false;
    if (answer.status !== 200) throw new Error(`S3 HEAD ${key}: HTTP ${answer.status}`);
    return true;
  }

  async read(key: string): Promise<Readable> {
    const answer = await this.request('GET', this.objectPath(key), { stream: true });
    if (answer.status === 404) throw new MissingContent(key);
    if (!answer.stream) throw new Error(`S3 GET ${key}: HTTP ${answer.status}`);
    return answer.stream;
  }

  async remove(key: string): Promise<void> {
    const answer = await this.request('DELETE', this.objectPath(key));
    if (answer.status !== 204 && answer.status !== 200 && answer.status !== 404)
      throw new Error(`S3 DELETE ${key}: HTTP ${answer.status}`);
  }

  async *keys(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const answer = await this.request('GET', '', {
        query: {
          'list-type': '2',
          prefix: this.prefix,
          ...(token ? { 'continuation-token': token } : {}),
        },
      });
      if (answer.status !== 200) throw new Error(`S3 list: HTTP ${answer.status}`);
      const xml = answer.body.toString('utf8');
      for (const match of xml.matchAll(/<Key>([^<]+)<\/Key>/g)) {
        const name = (match[1] ?? '').slice(this.prefix.length);
        if (isKey(name)) yield name;
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? /<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1]
        : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    await fs.promises.rm(this.staging, { recursive: true, force: true });
  }
}
