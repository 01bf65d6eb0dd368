import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import {
  FAMILY_IMPORT_MESSAGES,
  IMPORT_LIMITS,
  familyImportEndpoints,
  importUploadFieldsSchema,
  maySeeMedicalFields,
} from 'shared-contracts/beneficiaries';
import { XLSX_CONTENT_TYPE, sendExport } from '../../http/export';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { listEnvelope } from '../../http/pagination';
import { loadLookups } from '../lookups';
import { startCommit } from './commands/commit-start';
import { invalidRowsExport } from './commands/errors-export';
import { importRowsPage, importsPage, showImport } from './commands/read';
import { resolveRow } from './commands/resolve';
import { familyImportTemplate } from './commands/template';
import { createImport } from './commands/upload';
// Registers the validation and commit jobs' handlers with the runner.
import './commands/validate';
import './commands/commit';

/** A positive whole number from the environment, else the default. */
function limitFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Imports of families from spreadsheets (docs/family-import.md). */
export const importRoutes: FastifyPluginAsync = async (app) => {
  const maxBytes = limitFromEnv('IMPORT_MAX_BYTES', IMPORT_LIMITS.maxBytes);
  const maxRows = limitFromEnv('IMPORT_MAX_ROWS', IMPORT_LIMITS.maxRows);
  // Multipart only in this module's scope: one file, a few fields, the size limit enforced while reading.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });

  registerEndpoint(app, familyImportEndpoints.template, async ({ reply }) => {
    const file = await familyImportTemplate(await loadLookups(app.db));
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header(
        'content-disposition',
        `attachment; filename="families-import-template.xlsx"; filename*=UTF-8''${encodeURIComponent('نموذج استيراد الأسر.xlsx')}`,
      )
      .send(file);
  });

  registerEndpoint(app, familyImportEndpoints.upload, async ({ request, author }) => {
    if (!request.isMultipart()) throw new HttpError(422, FAMILY_IMPORT_MESSAGES.noFile);
    let part;
    try {
      part = await request.file();
    } catch {
      throw new HttpError(422, FAMILY_IMPORT_MESSAGES.noFile);
    }
    if (!part) throw new HttpError(422, FAMILY_IMPORT_MESSAGES.noFile);
    const kindField = part.fields.kind;
    const kind = kindField && 'value' in kindField ? kindField.value : undefined;
    const fields = importUploadFieldsSchema.safeParse({ kind });
    if (!fields.success)
      throw new HttpError(422, fields.error.issues[0]?.message ?? FAMILY_IMPORT_MESSAGES.noFile, {
        kind: [fields.error.issues[0]?.message ?? ''],
      });
    let file: Buffer;
    try {
      file = await part.toBuffer();
    } catch {
      throw new HttpError(413, FAMILY_IMPORT_MESSAGES.tooLarge);
    }
    if (part.file.truncated || file.length > maxBytes)
      throw new HttpError(413, FAMILY_IMPORT_MESSAGES.tooLarge);
    const id = await createImport(
      app.db,
      author(),
      { name: part.filename || 'import', content: file },
      maxRows,
    );
    return { data: await showImport(app.db, id), message: FAMILY_IMPORT_MESSAGES.accepted };
  });

  registerEndpoint(app, familyImportEndpoints.list, async ({ query }) => {
    const { data, total } = await importsPage(
      app.db,
      query.page,
      query.per_page,
      query.order === 'asc' ? 'asc' : 'desc',
    );
    return listEnvelope(data, query.page, query.per_page, total);
  });

  registerEndpoint(
    app,
    familyImportEndpoints.show,
    async ({ params }) => ({ data: await showImport(app.db, params.id) }),
    { notFound: FAMILY_IMPORT_MESSAGES.notFound },
  );

  registerEndpoint(
    app,
    familyImportEndpoints.rows,
    async ({ params, query, auth }) => {
      const { data, total } = await importRowsPage(
        app.db,
        params.id,
        query.filter.state,
        query.page,
        query.per_page,
        maySeeMedicalFields(auth().employee),
      );
      return listEnvelope(data, query.page, query.per_page, total);
    },
    { notFound: FAMILY_IMPORT_MESSAGES.notFound },
  );

  registerEndpoint(
    app,
    familyImportEndpoints.errorsExport,
    async ({ params, reply, author, auth }) =>
      sendExport(
        reply,
        'xlsx',
        await invalidRowsExport(app.db, author(), params.id, maySeeMedicalFields(auth().employee)),
      ),
    { notFound: FAMILY_IMPORT_MESSAGES.notFound },
  );

  registerEndpoint(
    app,
    familyImportEndpoints.resolve,
    async ({ params, body, author, auth }) => ({
      data: await resolveRow(
        app.db,
        author(),
        params.id,
        params.row,
        body.action,
        maySeeMedicalFields(auth().employee),
      ),
      message: FAMILY_IMPORT_MESSAGES.resolved,
    }),
    { notFound: { id: FAMILY_IMPORT_MESSAGES.notFound, row: FAMILY_IMPORT_MESSAGES.rowNotFound } },
  );

  registerEndpoint(
    app,
    familyImportEndpoints.commit,
    async ({ params, author }) => ({
      data: await startCommit(app.db, author(), params.id),
      message: FAMILY_IMPORT_MESSAGES.commitStarted,
    }),
    { notFound: FAMILY_IMPORT_MESSAGES.notFound },
  );
};
