import type { FastifyPluginAsync } from 'fastify';
import {
  FAMILY_DATA_EXPORT_LABEL,
  PERSONAL_DATA_MESSAGES as M,
  ZIP_CONTENT_TYPE,
  personalDataEndpoints,
} from 'shared-contracts/resources/personal-data-contracts';
import { registerEndpoint } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { zipStream } from '../../http/zip';
import { exportFamilyData } from './commands/export';

/** `filename*` per RFC 6266 / RFC 5987: UTF-8, percent-encoded (as the documents' downloads). */
function encodeFileName(name: string): string {
  return encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Thin: the export's logging and entries from its command, streamed as one ZIP. */
export const personalDataRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(
    app,
    personalDataEndpoints.familyExport,
    async ({ params, author, auth, reply }) => {
      const exported = await exportFamilyData(
        app.db,
        app.files,
        author(),
        auth().employee.id,
        params.id,
      );
      if (!exported) throw notFound(M.familyNotFound);
      const name = `${FAMILY_DATA_EXPORT_LABEL.replace(/ /g, '-')}-${exported.fileNumber}.zip`;
      return reply
        .header('content-type', ZIP_CONTENT_TYPE)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="family-data-${exported.fileNumber.replace(/[^0-9A-Za-z-]/g, '_')}.zip"; filename*=UTF-8''${encodeFileName(name)}`,
        )
        .send(zipStream(exported.entries));
    },
  );
};
