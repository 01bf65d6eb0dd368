import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { StartupRefusal } from '../config';
import { errorCode } from './errors';

/**
 * PGlite is one PostgreSQL backend without a postmaster: nothing stops two processes from opening
 * one data directory, and two writers corrupt it. This lock makes the second process refuse to
 * start.
 *
 * On Linux the lock is held by the kernel: an abstract Unix socket named after the directory (its
 * device and inode, so every spelling of the path is one name), bound for as long as the lock is
 * held. Binding is atomic, exactly one process can have a name, and the kernel frees it when the
 * process ends however it ends (SIGKILL, out of memory): there is no stale lock to take over, so
 * processes starting together after a crash cannot both get it, and a pid reused by an unrelated
 * process after a reboot does not keep the API out. The lock file beside it (the holder's pid and
 * host) names the holder in the refusal, and keeps out a process on another host (a container
 * sharing the volume has a network namespace, so socket names, of its own).
 *
 * Elsewhere (no abstract sockets) the file alone is the lock (`O_EXCL`): a holder killed with
 * SIGKILL leaves it behind, and a pid that no longer runs (or is this very process, e.g. pid 1 in
 * a restarted container) marks it stale and it is taken over.
 */
export const LOCK_FILE_NAME = 'ataa-api.lock';

interface LockContent {
  pid: number;
  host: string;
  startedAt: string;
}

/** Lock files this process holds: a second open in the same process is refused as well. */
const heldHere = new Set<string>();

export function lockRefusal(dataDir: string, pid: number): string {
  return (
    `مجلد البيانات ${dataDir} مستخدم من عملية أخرى (pid ${pid})، أوقفها أولاً / ` +
    `Data directory ${dataDir} is in use by another process (pid ${pid}); stop it first`
  );
}

function readLock(file: string): LockContent | undefined {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'pid' in parsed &&
      typeof parsed.pid === 'number' &&
      Number.isInteger(parsed.pid)
    ) {
      const host = 'host' in parsed && typeof parsed.host === 'string' ? parsed.host : '';
      const startedAt =
        'startedAt' in parsed && typeof parsed.startedAt === 'string' ? parsed.startedAt : '';
      return { pid: parsed.pid, host, startedAt };
    }
  } catch {
    // Unreadable or half-written (the holder died between open and write): treated as stale below.
  }
  return undefined;
}

function isRunning(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the pid exists but belongs to another user, so it runs.
    return errorCode(error) === 'EPERM';
  }
}

function isStale(file: string, content: LockContent | undefined): boolean {
  if (heldHere.has(file)) return false;
  if (!content) {
    // A file just created by a racing process may not hold its pid yet: give it a moment.
    const ageMs = Date.now() - fs.statSync(file).mtimeMs;
    return ageMs > 2000;
  }
  if (content.host !== '' && content.host !== os.hostname()) return false;
  return content.pid === process.pid || !isRunning(content.pid);
}

export interface DataDirLock {
  file: string;
  release(): void;
}

/** Takes the lock on `dataDir` (which must exist) or throws a StartupRefusal naming the holder. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  if (heldHere.has(file)) throw new StartupRefusal(lockRefusal(dataDir, process.pid));
  const name = kernelLockName(dataDir);
  return name === undefined
    ? acquireLockFile(dataDir, file)
    : acquireKernelLock(dataDir, file, name);
}

/** The abstract socket name of `dataDir`'s lock, or undefined where there are none. */
function kernelLockName(dataDir: string): string | undefined {
  if (process.platform !== 'linux') return undefined;
  const { dev, ino } = fs.statSync(dataDir, { bigint: true });
  return `\0ataa-api-data-dir:${dev}:${ino}`;
}

/** Binds the abstract socket `name`: the server when this process now holds it, else undefined. */
function bindKernelLock(name: string): net.Server | undefined {
  const server = net.createServer((connection) => connection.destroy());
  // A name already bound is reported as an event on the next tick; the outcome is known below.
  server.on('error', () => undefined);
  // `exclusive`: a cluster worker binds the name itself instead of asking the primary.
  server.listen({ path: name, exclusive: true });
  // Node binds a Unix socket synchronously inside listen(), so `listening` already says whether
  // the name was free (the lock is taken before PGlite opens anything, without awaiting).
  if (!server.listening) return undefined;
  // The lock must not keep the process alive on its own.
  server.unref();
  return server;
}

function acquireKernelLock(dataDir: string, file: string, name: string): DataDirLock {
  const server = bindKernelLock(name);
  if (!server) throw new StartupRefusal(lockRefusal(dataDir, holderPid(file)));
  try {
    const holder = readLock(file);
    if (holder && holder.host !== '' && holder.host !== os.hostname()) {
      throw new StartupRefusal(lockRefusal(dataDir, holder.pid));
    }
    // The socket makes this process the only writer: any file left here is a dead holder's.
    writeLockFile(file);
  } catch (error) {
    server.close();
    throw error;
  }
  heldHere.add(file);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    // The file first: a successor binds the name only after the socket is closed, then writes its own.
    if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
    server.close();
  };
  return { file, release };
}

/** Writes this process's lock file whole (temporary file, fsync, rename): never half a file. */
function writeLockFile(file: string): void {
  const content: LockContent = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
  };
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temporary, 'w', 0o600);
  try {
    fs.writeSync(fd, JSON.stringify(content));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, file);
}

/**
 * The pid in the lock file of the process that holds the socket. One that got the socket a moment
 * ago may not have replaced a dead holder's file yet: wait for it briefly, for a refusal naming
 * the right pid.
 */
function holderPid(file: string): number {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const pid = readLock(file)?.pid;
    if (pid !== undefined && isRunning(pid)) return pid;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  }
  return readLock(file)?.pid ?? 0;
}

/** The lock file alone (platforms without abstract sockets). */
function acquireLockFile(dataDir: string, file: string): DataDirLock {
  const content: LockContent = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (heldHere.has(file)) throw new StartupRefusal(lockRefusal(dataDir, process.pid));
    let fd: number;
    try {
      fd = fs.openSync(file, 'wx', 0o600);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
      const holder = readLock(file);
      if (!isStale(file, holder)) throw new StartupRefusal(lockRefusal(dataDir, holder?.pid ?? 0));
      fs.rmSync(file, { force: true });
      continue;
    }
    try {
      fs.writeSync(fd, JSON.stringify(content));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    heldHere.add(file);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      heldHere.delete(file);
      // Only our own file: never remove one a successor wrote after ours was judged stale.
      if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
    };
    return { file, release };
  }
  throw new StartupRefusal(lockRefusal(dataDir, readLock(file)?.pid ?? 0));
}
