import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalFileStore } from './local-store';
import { S3FileStore, type S3Settings } from './s3-store';
import type { FileStore } from './store';

/** Where documents are stored: a directory (FILES_DIR) or an S3-compatible bucket (S3_*). */
export type FilesConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Settings);

/**
 * Opens the configured store. Without one (tests, the in-memory database) a temporary directory
 * of its own, removed when the store closes.
 */
export async function openFileStore(config: FilesConfig | undefined): Promise<FileStore> {
  if (config?.kind === 's3') return S3FileStore.open(config);
  if (config) return LocalFileStore.open(config.dir);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-files-'));
  const store = await LocalFileStore.open(dir);
  return {
    kind: store.kind,
    stagingPath: () => store.stagingPath(),
    put: (key, staged) => store.put(key, staged),
    has: (key) => store.has(key),
    read: (key) => store.read(key),
    remove: (key) => store.remove(key),
    keys: () => store.keys(),
    close: async () => {
      await fs.promises.rm(dir, { recursive: true, force: true });
    },
  };
}

export { LocalFileStore, S3FileStore };
export type { FileStore, S3Settings };
export { MissingContent } from './store';
