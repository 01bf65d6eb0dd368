// A child process of documents-store.test.ts: stores one distinct 1 MB file after another in the
// local store at argv[2], telling the parent after each `put` returned, until it is killed.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { LocalFileStore } from '../../src/files/local-store';

async function main(): Promise<void> {
  const store = await LocalFileStore.open(process.argv[2] ?? '');
  for (let i = 0; ; i += 1) {
    const bytes = randomBytes(1024 * 1024);
    const key = createHash('sha256').update(bytes).digest('hex');
    const staged = store.stagingPath();
    // Written in pieces, as an upload arrives: a kill can land in the middle.
    const handle = await fs.promises.open(staged, 'w');
    for (let offset = 0; offset < bytes.length; offset += 64 * 1024)
      await handle.write(bytes.subarray(offset, offset + 64 * 1024));
    await handle.close();
    await store.put(key, staged);
    process.send?.({ stored: key, count: i + 1 });
  }
}

void main();
