import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { LocalFileStore } from './local-store';
import { isKey } from './store';

/**
 * The documents' files in a backup (docs/documents.md): beside the database's backup `FILE`, the
 * directory `FILE.files/` holds every stored content under its SHA-256, as the store lays them
 * out. Content never changes under a key, so a copy is only made of what is missing, each written
 * to a temporary name, fsynced and renamed: an interrupted backup leaves no half file.
 */

export function filesBackupDir(backupFile: string): string {
  return `${path.resolve(backupFile)}.files`;
}

async function copyVerified(source: string, target: string, key: string): Promise<void> {
  const partial = `${target}.partial`;
  const hash = createHash('sha256');
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  await pipeline(
    fs.createReadStream(source),
    async function* (chunks) {
      for await (const chunk of chunks) {
        hash.update(chunk as Buffer);
        yield chunk;
      }
    },
    fs.createWriteStream(partial, { mode: 0o600 }),
  );
  if (hash.digest('hex') !== key) {
    await fs.promises.rm(partial, { force: true });
    throw new Error(`${source} does not hold the content its name says (${key})`);
  }
  const handle = await fs.promises.open(partial, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(partial, target);
}

/** Copies what `from` (a store directory) holds and `to` does not; returns how many were copied. */
export async function copyStoreFiles(from: string, to: string): Promise<number> {
  // The source may be the running API's directory: its uploads in progress are left alone.
  const source = await LocalFileStore.open(from, { sweepStaging: false });
  const target = await LocalFileStore.open(to);
  let copied = 0;
  for await (const key of source.keys()) {
    if (!isKey(key) || (await target.has(key))) continue;
    await copyVerified(source.pathOf(key), target.pathOf(key), key);
    copied += 1;
  }
  return copied;
}
