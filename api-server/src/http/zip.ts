import { once } from 'node:events';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A ZIP archive written as it is read (docs/personal-data.md#the-data-export): each entry's
 * content is deflated while it streams in, its CRC and sizes follow it in a data descriptor, and
 * the central directory closes the archive — so no entry, and never the whole archive, sits in
 * memory. Written here rather than taken from a package because the one the spreadsheet library
 * uses internally is not a dependency of the server and cannot be added without the registry.
 *
 * Plain ZIP (no ZIP64): an archive or entry beyond 4 GiB is refused with an error; a family's
 * documents are each at most DOCUMENT_MAX_MB.
 */

export interface ZipEntry {
  /** The path inside the archive (UTF-8, `/` between folders). */
  name: string;
  /** Opened only when the entry's turn comes, so one source is open at a time. */
  open: () => Promise<Readable> | Readable;
  /** zlib's level: 1 for content already compressed (images, PDF), 6 for the spreadsheet. */
  level?: number;
}

const LIMIT = 0xffffffff;
/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

function dosDateTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  size: number;
  compressed: number;
}

function checked(value: number): number {
  if (value > LIMIT) throw new Error('ZIP archive too large (over 4 GiB)');
  return value;
}

function localHeader(name: Buffer, stamp: { time: number; day: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.day, 12);
  // CRC and sizes are zero here: the data descriptor carries them.
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(checked(entry.compressed), 8);
  descriptor.writeUInt32LE(checked(entry.size), 12);
  return descriptor;
}

function centralHeader(entry: Written, stamp: { time: number; day: number }): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(stamp.time, 12);
  header.writeUInt16LE(stamp.day, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt32LE(checked(entry.offset), 42);
  return Buffer.concat([header, entry.name]);
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  if (count > 0xffff) throw new Error('ZIP archive has too many entries');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(checked(size), 12);
  end.writeUInt32LE(checked(offset), 16);
  return end;
}

/** One entry's content deflated, counting its CRC and sizes into `written` as it goes. */
async function* deflated(
  source: Readable,
  level: number,
  written: Written,
): AsyncGenerator<Buffer> {
  const deflate = zlib.createDeflateRaw({ level });
  const feed = (async () => {
    for await (const chunk of source) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      written.crc = zlib.crc32(bytes, written.crc);
      written.size += bytes.length;
      if (!deflate.write(bytes)) await once(deflate, 'drain');
    }
    deflate.end();
  })();
  feed.catch((error: unknown) =>
    deflate.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  try {
    for await (const chunk of deflate) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      written.compressed += bytes.length;
      yield bytes;
    }
    await feed;
  } finally {
    // A reader that stops early (the client went away) closes the source and the deflater.
    source.destroy();
    deflate.destroy();
  }
}

async function* archive(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>) {
  const stamp = dosDateTime(new Date());
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const current: Written = {
      name: Buffer.from(entry.name, 'utf8'),
      offset,
      crc: 0,
      size: 0,
      compressed: 0,
    };
    const header = localHeader(current.name, stamp);
    offset += header.length;
    yield header;
    yield* deflated(await entry.open(), entry.level ?? 6, current);
    offset += current.compressed;
    const descriptor = dataDescriptor(current);
    offset += descriptor.length;
    yield descriptor;
    written.push(current);
  }
  const start = offset;
  for (const entry of written) {
    const header = centralHeader(entry, stamp);
    offset += header.length;
    yield header;
  }
  yield endOfDirectory(written.length, offset - start, start);
}

/** The archive of `entries`, in their order, as a stream that reads them as it is read. */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): Readable {
  return Readable.from(archive(entries), { objectMode: false });
}
