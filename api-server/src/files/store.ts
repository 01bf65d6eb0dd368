import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (docs/documents.md): one interface, a directory on this machine
 * (`FILES_DIR`, local-store.ts) or an S3-compatible bucket (`S3_ENDPOINT` + `S3_BUCKET`,
 * s3-store.ts). Content is addressed by its SHA-256 (a key is the 64 hex digits), so the same
 * bytes are stored once however many documents hold them.
 *
 * The contract the documents module relies on: `put` returns only once the content is durable
 * under its key, and a key is either absent or whole — never half-written — whatever crashes
 * meanwhile. A document row is inserted after its `put`, in the same transaction, so a committed
 * row always has its file.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** A fresh local path to receive an upload into before `put` (hashing, image processing). */
  stagingPath(): string;
  /** Stores the staged file under `key` (its SHA-256) durably and removes the staged file. */
  put(key: string, stagedPath: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /** The content; rejects with `MissingContent` when the key is absent. */
  read(key: string): Promise<Readable>;
  /** Removes the content (no error when it is already gone). */
  remove(key: string): Promise<void>;
  /** Every stored key (backups). */
  keys(): AsyncIterable<string>;
  close(): Promise<void>;
}

/** The key is not in the store. */
export class MissingContent extends Error {
  constructor(readonly key: string) {
    super(`No stored content for ${key}`);
    this.name = 'MissingContent';
  }
}

const KEY = /^[0-9a-f]{64}$/;

/** A store key: a SHA-256 in lower-case hex (nothing else can reach a path or an object name). */
export function assertKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a content key: ${key}`);
  return key;
}

export function isKey(name: string): boolean {
  return KEY.test(name);
}
