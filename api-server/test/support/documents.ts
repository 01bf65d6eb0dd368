import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { TestHarness } from './harness';

/** One part of a multipart body: a text field, or a file with its name and declared type. */
export type FormPart =
  { name: string; value: string } | { name: string; file: Buffer; fileName: string; type?: string };

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: readonly FormPart[]): { body: Buffer; contentType: string } {
  const boundary = `----ataa${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('file' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.file,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadOptions {
  token?: string;
  kind?: string;
  file?: Buffer;
  fileName?: string;
  type?: string;
  fields?: Record<string, string>;
}

/** POSTs a document to `/api/<parentPath>/documents` (e.g. `families/3`). */
export function upload(
  h: TestHarness,
  parentPath: string,
  options: UploadOptions,
): Promise<LightMyRequestResponse> {
  const parts: FormPart[] = [];
  if (options.kind !== undefined) parts.push({ name: 'kind', value: options.kind });
  for (const [name, value] of Object.entries(options.fields ?? {})) parts.push({ name, value });
  if (options.file)
    parts.push({
      name: 'file',
      file: options.file,
      fileName: options.fileName ?? 'file.bin',
      ...(options.type ? { type: options.type } : {}),
    });
  const { body, contentType } = multipart(parts);
  return h.app.inject({
    method: 'POST',
    url: `/api/${parentPath}/documents`,
    headers: {
      'content-type': contentType,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    payload: body,
    remoteAddress: '127.0.0.1',
  });
}

/** A small valid PDF (text only), with extra bytes to make it unique. */
export function pdf(extra = randomBytes(8).toString('hex'), body = ''): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R ${body} >> endobj\n` +
      `2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${extra}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

/** A PDF that runs a script when opened. */
export function scriptedPdf(): Buffer {
  return pdf(
    randomBytes(8).toString('hex'),
    '/OpenAction << /S /JavaScript /JS (app.alert\\("x"\\)) >>',
  );
}

export function image(
  format: 'jpeg' | 'png' | 'webp',
  width = 40,
  height = 30,
  colour = { r: 200, g: 30, b: 60 },
): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: colour } });
  return (format === 'jpeg' ? base.jpeg() : format === 'png' ? base.png() : base.webp()).toBuffer();
}

/** A JPEG carrying a GPS position and a camera name in its EXIF, and an orientation of 6 (90° clockwise). */
export function jpegWithGps(width = 60, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCamera', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '24/1 42/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '46/1 40/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
