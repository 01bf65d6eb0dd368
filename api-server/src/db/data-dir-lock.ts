import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupRefusal } from '../config';

/**
 * PGlite is one PostgreSQL backend without a postmaster: nothing stops two processes from opening
 * one data directory, and two writers corrupt it. This lock file (`O_EXCL`, the holder's pid in
 * it) makes the second process refuse to start. A holder killed with SIGKILL leaves the file
 * behind: a pid that no longer runs (or is this very process, e.g. pid 1 in a restarted
 * container) marks it stale and it is taken over.
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
    if (typeof parsed === 'object' && parsed !== null && 'pid' in parsed && Number.isInteger(parsed.pid)) {
      const record = parsed as { pid: number; host?: unknown; startedAt?: unknown };
      return { pid: record.pid, host: typeof record.host === 'string' ? record.host : '', startedAt: String(record.startedAt ?? '') };
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
    return (error as NodeJS.ErrnoException).code === 'EPERM';
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
  const content: LockContent = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (heldHere.has(file)) throw new StartupRefusal(lockRefusal(dataDir, process.pid));
    let fd: number;
    try {
      fd = fs.openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
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
