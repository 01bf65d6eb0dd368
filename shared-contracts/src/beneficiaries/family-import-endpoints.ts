import { access, defineEndpoints, fileResponse } from '../core/endpoint';

const importFamilies = access.allOf('import_families');

/**
 * Imports (docs/family-import.md): the template, the upload (multipart, parsed by the route
 * itself: `file` and `kind`), progress, rows, adjudication of duplicates and the commit.
 */
export const familyImportEndpoints = defineEndpoints('imports', {
  template: {
    method: 'GET',
    path: '/imports/families/template',
    response: fileResponse,
    access: importFamilies,
    summary: 'نموذج استيراد الأسر (XLSX)',
  },
});
