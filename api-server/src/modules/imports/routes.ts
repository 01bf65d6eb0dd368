import type { FastifyPluginAsync } from 'fastify';
import { familyImportEndpoints } from 'shared-contracts/beneficiaries';
import { XLSX_CONTENT_TYPE } from '../../http/export';
import { registerEndpoint } from '../../http/endpoint';
import { loadLookups } from '../lookups';
import { familyImportTemplate } from './commands/template';

/** Imports of families from spreadsheets (docs/family-import.md). */
export const importRoutes: FastifyPluginAsync = async (app) => {
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
};
