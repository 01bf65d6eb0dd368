import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DocumentMimeType } from 'shared-contracts/resources/documents-contracts';

/** A file received into the store's staging area: never held in memory whole. */
export interface ReceivedFile {
  stagedPath: string;
  size: number;
  sha256: string;
  /** The first bytes (what the type is recognised by). */
  head: Buffer;
  /** A PDF marker of active content (JavaScript, launch actions, embedded files) was seen. */
  activeContent: boolean;
}

const HEAD_BYTES = 16;

/**
 * The PDF names that make a document act when opened: scripts, actions run on open, launching
 * programs, embedded files, rich media and forms that run code. A PDF holding one is still
 * stored (a form from a bank may carry a script) but is never shown in the browser.
 */
const ACTIVE_PDF_MARKERS = [
  '/JavaScript',
  '/JS',
  '/OpenAction',
  '/AA',
  '/Launch',
  '/EmbeddedFile',
  '/RichMedia',
  '/XFA',
  '/SubmitForm',
].map((marker) => Buffer.from(marker, 'latin1'));
const MARKER_OVERLAP = Math.max(...ACTIVE_PDF_MARKERS.map((marker) => marker.length)) - 1;

/** Hashes, counts and looks at what passes through, without keeping it. */
class Inspector extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  head = Buffer.alloc(0);
  activeContent = false;
  private tail = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.head.length < HEAD_BYTES)
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    if (!this.activeContent) {
      // The end of the previous chunk too: a marker may straddle two chunks.
      const window = Buffer.concat([this.tail, chunk]);
      this.activeContent = ACTIVE_PDF_MARKERS.some((marker) => window.includes(marker));
      this.tail = window.subarray(Math.max(0, window.length - MARKER_OVERLAP));
    }
    done(null, chunk);
  }
}

/**
 * Streams an upload into `stagedPath` while hashing it. The upload's own size limit is enforced by
 * the stream it comes from (multipart's `fileSize`), which errors when crossed; the staged file is
 * removed on any failure.
 */
export async function receiveFile(source: Readable, stagedPath: string): Promise<ReceivedFile> {
  const inspector = new Inspector();
  try {
    await pipeline(source, inspector, fs.createWriteStream(stagedPath, { mode: 0o600 }));
  } catch (error) {
    await fs.promises.rm(stagedPath, { force: true });
    throw error;
  }
  return {
    stagedPath,
    size: inspector.size,
    sha256: inspector.hash.digest('hex'),
    head: inspector.head,
    activeContent: inspector.activeContent,
  };
}

/** The SHA-256 and size of a file on disk, read as a stream. */
export async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const inspector = new Inspector();
  await pipeline(fs.createReadStream(file), inspector, async function* (chunks) {
    for await (const chunk of chunks) void chunk;
  });
  return { sha256: inspector.hash.digest('hex'), size: inspector.size };
}

/**
 * The type by its first bytes alone — the name and the declared type are never believed. Only
 * PDF, JPEG, PNG and WebP are recognised; anything else (SVG, HTML, scripts, archives, programs,
 * unknown bytes) is null.
 */
export function sniffType(head: Buffer): DocumentMimeType | null {
  if (head.subarray(0, 5).equals(Buffer.from('%PDF-', 'latin1'))) return 'application/pdf';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}
