import fs from 'node:fs';
import path from 'node:path';
import { ReleaseError } from './release-error';
import { LOCK_FILE } from './store-layout';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `work` while holding the store's lock file, so two release managers cannot interleave a
 * promotion and a rollback. A lock left by a process that no longer runs is taken over.
 */
export function withStoreLock<T>(storeDir: string, work: () => T): T {
  const lock = path.join(storeDir, LOCK_FILE);
  fs.mkdirSync(storeDir, { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = fs.openSync(lock, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readOr(lock, ''), 10);
      if (attempt === 0 && (!Number.isFinite(holder) || !isAlive(holder))) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      throw new ReleaseError(
        'store-locked',
        `أمر إصدار آخر قيد التنفيذ (العملية ${holder}): أعد المحاولة بعد انتهائه`,
        `Another release command is running (process ${holder}): try again when it has finished`,
      );
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function readOr(file: string, fallback: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}
