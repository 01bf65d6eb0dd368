import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  DOCUMENT_MESSAGES as M,
  documentEndpoints,
} from 'shared-contracts/resources/documents-contracts';
import type { FileStore } from '../../files/store';
import { registerEndpoint, type EndpointContext } from '../../http/endpoint';
import { HttpError, unprocessable } from '../../http/errors';
import {
  deleteDocument,
  listDocuments,
  openDocument,
  uploadDocument,
  type DocumentContent,
  type UploadRequest,
} from './commands/documents';
import { receiveFile } from './commands/receive';
import type { DocumentParent } from './repository';

/** `filename*` per RFC 6266 / RFC 5987: UTF-8, percent-encoded. */
function encodeFileName(name: string): string {
  return encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The plain `filename` for clients that ignore `filename*`: ASCII, no quotes or backslashes. */
function asciiFileName(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return ascii.trim() === '' ? 'document' : ascii;
}

/**
 * A document's bytes: its stored type, never sniffed by the browser, in a sandbox (no script of a
 * document runs with the site's origin), kept by no cache, saved under its own name unless shown.
 */
function sendDocument(reply: FastifyReply, content: DocumentContent): FastifyReply {
  const disposition = content.inline ? 'inline' : 'attachment';
  return reply
    .header('content-type', content.mimeType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `${disposition}; filename="${asciiFileName(content.fileName)}"; filename*=UTF-8''${encodeFileName(content.fileName)}`,
    )
    .send(content.stream);
}

function isTooLarge(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

/**
 * Reads the multipart upload: its text fields, and its `file` streamed into the store's staging
 * area while hashed (memory does not grow with the file). Over DOCUMENT_MAX_MB: 413.
 */
async function readUpload(
  request: FastifyRequest,
  store: FileStore,
  maxMb: number,
): Promise<UploadRequest> {
  if (!request.isMultipart()) throw unprocessable({ file: [M.noFile] });
  const fields: Record<string, string> = {};
  let file: UploadRequest['file'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          for await (const chunk of part.file) void chunk;
          continue;
        }
        const received = await receiveFile(part.file, store.stagingPath());
        file = { ...received, fileName: part.filename };
        if (part.file.truncated) throw new HttpError(413, M.tooLarge(maxMb));
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (file) await fs.promises.rm(file.stagedPath, { force: true });
    if (error instanceof HttpError) throw error;
    if (isTooLarge(error)) throw new HttpError(413, M.tooLarge(maxMb));
    throw unprocessable({ file: [M.noFile] });
  }
  return { fields, file };
}

/** What the three parents' upload and list handlers read: the same for each (`:id` is the parent). */
type ParentContext = Pick<
  EndpointContext<typeof documentEndpoints.familyUpload>,
  'params' | 'request' | 'author' | 'auth'
>;

/** Documents (docs/documents.md). Multipart only in this module's scope. */
export const documentRoutes: FastifyPluginAsync = async (app) => {
  const maxMb = app.settings.documentMaxMb;
  await app.register(multipart, {
    limits: { fileSize: maxMb * 1024 * 1024, files: 1, fields: 8, parts: 10, fieldSize: 4096 },
  });

  const upload =
    (kind: DocumentParent['kind']) =>
    async ({ params, request, author, auth }: ParentContext) => ({
      data: await uploadDocument(
        app.db,
        app.files,
        author(),
        auth().employee,
        { kind, id: params.id },
        await readUpload(request, app.files, maxMb),
      ),
      message: M.uploaded,
    });
  const list =
    (kind: DocumentParent['kind']) =>
    async ({ params, auth }: ParentContext) => ({
      data: await listDocuments(app.db, auth().employee, { kind, id: params.id }),
    });

  registerEndpoint(app, documentEndpoints.familyUpload, upload('family'), {
    notFound: M.familyNotFound,
  });
  registerEndpoint(app, documentEndpoints.familyList, list('family'), {
    notFound: M.familyNotFound,
  });
  registerEndpoint(app, documentEndpoints.serviceUpload, upload('service'), {
    notFound: M.serviceNotFound,
  });
  registerEndpoint(app, documentEndpoints.serviceList, list('service'), {
    notFound: M.serviceNotFound,
  });
  registerEndpoint(app, documentEndpoints.recordUpload, upload('financial_record'), {
    notFound: M.recordNotFound,
  });
  registerEndpoint(app, documentEndpoints.recordList, list('financial_record'), {
    notFound: M.recordNotFound,
  });

  registerEndpoint(
    app,
    documentEndpoints.content,
    async ({ params, query, reply, author, auth }) =>
      sendDocument(
        reply,
        await openDocument(
          app.db,
          app.files,
          author(),
          auth().employee,
          params.id,
          'content',
          query.inline === '1',
        ),
      ),
    { notFound: M.notFound },
  );

  registerEndpoint(
    app,
    documentEndpoints.thumbnail,
    async ({ params, reply, author, auth }) =>
      sendDocument(
        reply,
        await openDocument(
          app.db,
          app.files,
          author(),
          auth().employee,
          params.id,
          'thumbnail',
          true,
        ),
      ),
    { notFound: M.notFound },
  );

  registerEndpoint(
    app,
    documentEndpoints.remove,
    async ({ params, body, author, auth }) => ({
      data: await deleteDocument(
        app.db,
        app.files,
        author(),
        auth().employee,
        params.id,
        body.reason,
      ),
      message: M.deleted,
    }),
    { notFound: M.notFound },
  );
};
