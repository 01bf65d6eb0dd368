import { documentEndpoints } from 'shared-contracts/resources/documents-contracts';
import type { ApiModule } from '../../http/api-module';
import { documentsMigration } from './migrations/2026_11_28_documents_tables';
import { documentRoutes } from './routes';
import './tables';

/**
 * Documents attached to families, services and financial records (docs/documents.md): uploads
 * streamed into the file store, their lists with tombstones, content and thumbnails, deletion.
 */
export const documentsModule: ApiModule = {
  name: 'documents',
  routes: documentRoutes,
  endpoints: [documentEndpoints],
  migrations: [documentsMigration],
};

export { referencedContent } from './repository';
// A family's erasure deletes its documents in its own transaction, then drops their files.
export { removeUnreferencedContent } from './commands/documents';
