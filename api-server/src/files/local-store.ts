import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, isKey, MissingContent, type FileStore } from './store';

/** Received uploads wait here (same file system as the content, so the final move is a rename). */
const STAGING = '.staging';

/** Whether a process with this id runs (on this machine). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another account.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** fsync a file or a directory by path. */
async function syncPath(target: string): Promise<void> {
  const handle = await fs.promises.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The store as a directory (`FILES_DIR`): `<dir>/<first two hex digits>/<sha256>`. A put is
 * atomic and durable: the staged file (already in `<dir>/.staging`, on the same file system) is
 * fsynced, renamed to its final name, and the directory holding it fsynced — so after a crash the
 * name is either absent or names the whole content. Staged files a crash left behind are removed
 * when the store opens; they were never visible under a key.
 */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  readonly stagingDir: string;

  private constructor(readonly dir: string) {
    this.stagingDir = path.join(dir, STAGING);
    this.ownStaging = path.join(this.stagingDir, String(process.pid));
  }

  /** This process's part of the staging area: several API processes may share one directory. */
  private readonly ownStaging: string;

  /**
   * `sweepStaging: false` for a reader beside the API that owns the directory (`pnpm backup` while
   * it runs), which must not touch the uploads it is receiving.
   */
  static async open(
    dir: string,
    options: { sweepStaging?: boolean } = {},
  ): Promise<LocalFileStore> {
    const root = path.resolve(dir);
    await fs.promises.mkdir(root, { recursive: true, mode: 0o700 });
    const store = new LocalFileStore(root);
    await fs.promises.mkdir(store.stagingDir, { recursive: true, mode: 0o700 });
    if (options.sweepStaging !== false) await store.sweepStaging();
    await fs.promises.mkdir(store.ownStaging, { recursive: true, mode: 0o700 });
    await syncPath(root);
    return store;
  }

  /** The final path of a key. */
  pathOf(key: string): string {
    assertKey(key);
    return path.join(this.dir, key.slice(0, 2), key);
  }

  /**
   * Removes what uploads cut short left (a crash, a kill): each process stages under its own pid,
   * and the parts of processes that no longer run are dropped. Never visible under a key, so safe.
   */
  private async sweepStaging(): Promise<void> {
    for (const entry of await fs.promises.readdir(this.stagingDir)) {
      const pid = Number(entry);
      if (pid === process.pid || (Number.isInteger(pid) && pid > 0 && isRunning(pid))) continue;
      await fs.promises.rm(path.join(this.stagingDir, entry), { recursive: true, force: true });
    }
  }

  /** A fresh name in this process's staging directory. */
  stagingPath(): string {
    return path.join(this.ownStaging, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  async put(key: string, stagedPath: string): Promise<void> {
    const target = this.pathOf(key);
    const shard = path.dirname(target);
    await syncPath(stagedPath);
    if (!fs.existsSync(shard)) {
      await fs.promises.mkdir(shard, { recursive: true, mode: 0o700 });
      await syncPath(this.dir);
    }
    // Same key, same bytes: renaming over an existing copy changes nothing a reader can see.
    await fs.promises.rename(stagedPath, target);
    await syncPath(shard);
  }

  async has(key: string): Promise<boolean> {
    const target = this.pathOf(key);
    try {
      return (await fs.promises.stat(target)).isFile();
    } catch {
      return false;
    }
  }

  async read(key: string): Promise<Readable> {
    const target = this.pathOf(key);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(target, 'r');
    } catch {
      throw new MissingContent(key);
    }
    return handle.createReadStream();
  }

  async remove(key: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.rm(target, { force: true });
    try {
      await syncPath(path.dirname(target));
    } catch {
      // The shard directory is gone too: nothing to make durable.
    }
  }

  async *keys(): AsyncIterable<string> {
    for (const shard of await fs.promises.readdir(this.dir)) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      for (const name of await fs.promises.readdir(path.join(this.dir, shard)))
        if (isKey(name) && name.startsWith(shard)) yield name;
    }
  }

  async close(): Promise<void> {
    // Nothing held open between calls.
  }
}
