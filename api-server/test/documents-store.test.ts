import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { configFromEnv, StartupRefusal, type AppConfig } from '../src/config';
import { LocalFileStore } from '../src/files/local-store';
import { S3FileStore, signV4, type S3Settings } from '../src/files/s3-store';
import { MissingContent, type FileStore } from '../src/files/store';
import { describeEachDatabase, json } from './support/harness';
import { pdf, upload } from './support/documents';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readAll(store: FileStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(key)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function keysOf(store: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.keys()) keys.push(key);
  return keys.sort();
}

async function stage(store: FileStore, bytes: Buffer): Promise<string> {
  const staged = store.stagingPath();
  await fs.promises.writeFile(staged, bytes);
  return staged;
}

/** What every store does (src/files/store.ts), run against each kind. */
function storeContract(name: string, open: () => Promise<FileStore>) {
  describe(`${name} store`, () => {
    let store: FileStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store.close());

    test('stores by SHA-256, the same bytes once, reads back and removes', async () => {
      const bytes = randomBytes(200_000);
      const key = sha(bytes);
      expect(await store.has(key)).toBe(false);
      await store.put(key, await stage(store, bytes));
      await store.put(key, await stage(store, bytes));
      expect(await store.has(key)).toBe(true);
      expect((await readAll(store, key)).equals(bytes)).toBe(true);
      expect((await keysOf(store)).filter((k) => k === key)).toEqual([key]);
      await store.remove(key);
      expect(await store.has(key)).toBe(false);
      await expect(store.read(key)).rejects.toBeInstanceOf(MissingContent);
      // Removing what is gone is not an error.
      await store.remove(key);
    });

    test('refuses a key that is not a SHA-256', async () => {
      await expect(store.has('../../etc/passwd')).rejects.toThrow(/content key/);
    });
  });
}

storeContract('local', () =>
  LocalFileStore.open(fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-store-'))),
);

describe('local store after a crash', () => {
  test('a half-received upload is never visible under a key', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-store-'));
    const store = await LocalFileStore.open(dir);
    const bytes = randomBytes(100_000);
    // What a crash in the middle of receiving leaves: part of the bytes in the staging area.
    const staged = store.stagingPath();
    fs.writeFileSync(staged, bytes.subarray(0, 40_000));
    expect(await store.has(sha(bytes))).toBe(false);
    expect(await keysOf(store)).toEqual([]);
    // A second process's store opening meanwhile leaves this running process's uploads alone.
    await LocalFileStore.open(dir);
    expect(fs.existsSync(staged)).toBe(true);
  });

  test('killed with SIGKILL while storing: every stored key names its whole content', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-store-kill-'));
    const writer = fork(path.join(__dirname, 'support', 'store-writer.ts'), [dir], {
      cwd: path.resolve(__dirname, '..'),
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const acknowledged: string[] = [];
    await new Promise<void>((resolve) => {
      writer.on('message', (message: { stored: string; count: number }) => {
        acknowledged.push(message.stored);
        // Killed in the middle of the next file, some way into it.
        if (message.count === 5) setTimeout(() => writer.kill('SIGKILL'), 3);
      });
      writer.on('exit', () => resolve());
    });
    expect(acknowledged.length).toBeGreaterThanOrEqual(5);
    const store = await LocalFileStore.open(dir);
    const keys = await keysOf(store);
    // Every acknowledged put survived, and nothing visible is partial.
    for (const key of acknowledged) expect(keys).toContain(key);
    for (const key of keys) expect(sha(await readAll(store, key))).toBe(key);
    // What the killed writer had staged is swept when the store opens again.
    expect(fs.readdirSync(store.stagingDir)).toEqual([String(process.pid)]);
  }, 60_000);
});

test('the store from the environment: FILES_DIR beside the database, or a bucket with its keys', () => {
  const local = configFromEnv({ DATA_DIR: '/srv/ataa/db', DOCUMENT_MAX_MB: '25' }).config;
  expect(local.files).toEqual({ kind: 'local', dir: '/srv/ataa/files' });
  expect(local.documentMaxMb).toBe(25);
  expect(configFromEnv({ FILES_DIR: '/mnt/docs' }).config.files).toEqual({
    kind: 'local',
    dir: '/mnt/docs',
  });
  expect(() => configFromEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'docs' })).toThrow(
    StartupRefusal,
  );
  expect(
    configFromEnv({
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'docs',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).config.files,
  ).toEqual({
    kind: 's3',
    endpoint: 'http://127.0.0.1:9000',
    bucket: 'docs',
    region: 'us-east-1',
    accessKeyId: 'id',
    secretAccessKey: 'secret',
    prefix: 'documents/',
  });
});

const BUCKET = 'ataa-documents';
let s3: S3rver | undefined;
const s3Settings: S3Settings = {
  endpoint: '',
  bucket: BUCKET,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
};
/** The app's settings, completed once the local S3 server has its port. */
const s3App: Partial<AppConfig> = { seedDemo: true };

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-s3rver-')),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = await s3.run();
  s3Settings.endpoint = `http://127.0.0.1:${address.port}`;
  s3App.files = { kind: 's3', ...s3Settings };
});
afterAll(async () => {
  await s3?.close();
});

storeContract('S3', () => S3FileStore.open(s3Settings));

test('requests are signed with AWS Signature Version 4 (the published example)', () => {
  // The GET Object example of the S3 documentation ("Signature Calculations for the Authorization
  // Header"): the local server does not check signatures, so the signer is checked against it.
  const headers = signV4(
    {
      method: 'GET',
      path: '/test.txt',
      query: '',
      headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    },
    {
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    },
    new Date('2013-05-24T00:00:00Z'),
  );
  expect(headers.authorization).toBe(
    'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
      'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
      'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
  );
});

describeEachDatabase(
  'documents in an S3 bucket',
  (h) => {
    test('an upload lands in the bucket, is served from it and leaves it when deleted', async () => {
      const researcher = await h.createEmployee({
        permissions: ['show_families', 'edit_families'],
      });
      const family = await h.db.selectFrom('families').select('id').executeTakeFirstOrThrow();
      const file = pdf();
      const response = await upload(h, `families/${family.id}`, {
        token: researcher.token,
        kind: 'lease',
        file,
        fileName: 'lease.pdf',
      });
      expect(response.statusCode).toBe(201);
      const { data } = json<{ data: { id: number; sha256: string } }>(response);
      const bucket = await S3FileStore.open(s3Settings);
      try {
        expect(await bucket.has(sha(file))).toBe(true);
        expect((await readAll(bucket, data.sha256)).equals(file)).toBe(true);
        const content = await h.request('GET', `/api/documents/${data.id}/content`, {
          token: researcher.token,
        });
        expect(content.statusCode).toBe(200);
        expect(content.rawPayload.equals(file)).toBe(true);
        const removed = await h.request('DELETE', `/api/documents/${data.id}`, {
          token: researcher.token,
          body: { reason: 'أُرفق بالخطأ' },
        });
        expect(removed.statusCode).toBe(200);
        expect(await bucket.has(sha(file))).toBe(false);
      } finally {
        await bucket.close();
      }
    });
  },
  s3App,
);
