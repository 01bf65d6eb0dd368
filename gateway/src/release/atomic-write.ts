import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** The file operations a store write uses; tests inject failing ones to simulate a crash. */
export interface FileOps {
  openSync(file: string, flags: string): number;
  writeSync(fd: number, data: string): number;
  fsyncSync(fd: number): void;
  closeSync(fd: number): void;
  renameSync(from: string, to: string): void;
  unlinkSync(file: string): void;
}

export const nodeFileOps: FileOps = {
  openSync: (file, flags) => fs.openSync(file, flags),
  writeSync: (fd, data) => fs.writeSync(fd, data),
  fsyncSync: (fd) => fs.fsyncSync(fd),
  closeSync: (fd) => fs.closeSync(fd),
  renameSync: (from, to) => fs.renameSync(from, to),
  unlinkSync: (file) => fs.unlinkSync(file),
};

function writeAll(ops: FileOps, fd: number, data: string): void {
  // writeSync with a string writes it whole or throws; a Buffer loop is not needed.
  ops.writeSync(fd, data);
}

/**
 * Replaces `target` so that a reader (or a crash at any point) sees the old content or the new
 * content, never a mix: write a temp file in the same directory, fsync it, rename it over the
 * target (atomic on POSIX within one file system), then fsync the directory so the rename itself
 * survives a power loss.
 */
export function writeFileAtomic(target: string, data: string, ops: FileOps = nodeFileOps): void {
  const dir = path.dirname(target);
  const temp = path.join(
    dir,
    `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  const fd = ops.openSync(temp, 'wx');
  try {
    try {
      writeAll(ops, fd, data);
      ops.fsyncSync(fd);
    } finally {
      ops.closeSync(fd);
    }
    ops.renameSync(temp, target);
  } catch (error) {
    try {
      ops.unlinkSync(temp);
    } catch {
      // Already renamed or never created: nothing to clean.
    }
    throw error;
  }
  fsyncDirectory(dir, ops);
}

/** Appends one line and fsyncs it: the history survives a crash right after a promotion. */
export function appendLineDurably(file: string, line: string, ops: FileOps = nodeFileOps): void {
  const fd = ops.openSync(file, 'a');
  try {
    writeAll(ops, fd, line.endsWith('\n') ? line : `${line}\n`);
    ops.fsyncSync(fd);
  } finally {
    ops.closeSync(fd);
  }
}

function fsyncDirectory(dir: string, ops: FileOps): void {
  let fd: number | undefined;
  try {
    fd = ops.openSync(dir, 'r');
    ops.fsyncSync(fd);
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic there.
  } finally {
    if (fd !== undefined) ops.closeSync(fd);
  }
}
