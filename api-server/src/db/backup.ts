import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { createPGlite } from './database';
import { acquireDataDirLock, LOCK_FILE_NAME } from './data-dir-lock';

/**
 * Backups of the embedded database. The running API holds the data directory's lock,
 * so `pnpm backup` cannot open it: the API listens on a local socket (mode 0600, so only the
 * account that owns the data can ask, no password to leak) and writes `dumpDataDir` itself. PGlite
 * takes that dump between two queries, a crash-consistent copy of the directory that PostgreSQL
 * recovery makes whole on restore (what the kill -9 test checks), and the API keeps serving. With
 * the API stopped, the script takes the lock and dumps directly.
 */

export function backupSocketPath(dataDir: string): string {
  // Unix socket paths are limited to ~100 bytes: a hash of the directory in the temp folder.
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `ataa-backup-${id}.sock`);
}

const requestSchema = z.object({
  op: z.literal('backup'),
  file: z
    .string()
    .min(1)
    .refine((file) => path.isAbsolute(file)),
});
const answerSchema = z.union([
  z.object({ ok: z.literal(true), bytes: z.number() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

async function writeDump(pglite: PGlite, file: string): Promise<number> {
  const dump = await pglite.dumpDataDir('gzip');
  const bytes = Buffer.from(await dump.arrayBuffer());
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Never a half-written backup under the final name.
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, bytes, { mode: 0o600 });
  const fd = fs.openSync(partial, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
  return bytes.length;
}

export interface BackupSocket {
  close(): Promise<void>;
}

/** In the API process (main.ts), while it holds the data directory's lock. */
export async function startBackupSocket(
  dataDir: string,
  pglite: PGlite,
  onError: (error: unknown) => void,
): Promise<BackupSocket> {
  const socketPath = backupSocketPath(dataDir);
  // A socket left by a killed API on this directory: ours now, since we hold the lock.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      input += chunk;
      if (!input.includes('\n')) {
        if (input.length > 8192) socket.destroy();
        return;
      }
      const reply = (answer: z.infer<typeof answerSchema>) =>
        socket.end(`${JSON.stringify(answer)}\n`);
      let request: z.infer<typeof requestSchema>;
      try {
        request = requestSchema.parse(JSON.parse(input.slice(0, input.indexOf('\n'))));
      } catch {
        reply({ ok: false, error: 'bad request' });
        return;
      }
      writeDump(pglite, request.file).then(
        (bytes) => reply({ ok: true, bytes }),
        (error: unknown) => {
          onError(error);
          reply({ ok: false, error: error instanceof Error ? error.message : String(error) });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

function askRunningApi(
  socketPath: string,
  file: string,
): Promise<z.infer<typeof answerSchema> | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let input = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ op: 'backup', file })}\n`));
    socket.on('data', (chunk: string) => (input += chunk));
    socket.on('end', () => {
      try {
        resolve(answerSchema.parse(JSON.parse(input)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
  });
}

/** `pnpm backup`: through the running API, or directly when none runs. Returns how it went. */
export async function backupDataDir(
  dataDir: string,
  file: string,
): Promise<{ via: 'running-api' | 'direct'; bytes: number }> {
  const target = path.resolve(file);
  const answer = await askRunningApi(backupSocketPath(dataDir), target);
  if (answer) {
    if (!answer.ok) throw new Error(answer.error);
    return { via: 'running-api', bytes: answer.bytes };
  }
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new Error(`No database in ${dataDir}`);
  const lock = acquireDataDirLock(dataDir);
  try {
    const pglite = await createPGlite(dataDir);
    try {
      return { via: 'direct', bytes: await writeDump(pglite, target) };
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * `pnpm restore FILE`: unpacks a backup into `dataDir`. A database already there is kept, moved
 * aside to `<dataDir>.before-restore-<time>`; a running API on it refuses the restore (its lock).
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
): Promise<{ movedAside?: string }> {
  const source = path.resolve(file);
  const dump = new Blob([fs.readFileSync(source)]);
  let movedAside: string | undefined;
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    acquireDataDirLock(dataDir).release();
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dataDir, movedAside);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir);
  try {
    const pglite = await createPGlite(dataDir, dump);
    await pglite.query('select 1');
    await pglite.close();
  } finally {
    // The backup carries the lock file of the API it came from.
    fs.rmSync(path.join(dataDir, LOCK_FILE_NAME), { force: true });
    lock.release();
  }
  return movedAside ? { movedAside } : {};
}
