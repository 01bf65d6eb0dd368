import { access, defineEndpoints, fileResponse } from '../core/endpoint';
import {
  familyImportListQuerySchema,
  familyImportListResponseSchema,
  familyImportResponseSchema,
  familyImportRowResponseSchema,
  familyImportRowsQuerySchema,
  familyImportRowsResponseSchema,
  importResolutionSchema,
} from './family-import';

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
  upload: {
    method: 'POST',
    path: '/imports',
    response: familyImportResponseSchema,
    status: 202,
    access: importFamilies,
    summary: 'رفع ملف استيراد (XLSX أو CSV) وبدء التحقق منه',
  },
  list: {
    method: 'GET',
    path: '/imports',
    query: familyImportListQuerySchema,
    response: familyImportListResponseSchema,
    access: importFamilies,
    summary: 'عمليات الاستيراد',
  },
  show: {
    method: 'GET',
    path: '/imports/:id',
    response: familyImportResponseSchema,
    access: importFamilies,
    summary: 'حالة عملية استيراد وأعداد صفوفها',
  },
  rows: {
    method: 'GET',
    path: '/imports/:id/rows',
    query: familyImportRowsQuerySchema,
    response: familyImportRowsResponseSchema,
    access: importFamilies,
    summary: 'صفوف عملية استيراد وأخطاؤها ومطابقاتها',
  },
  errorsExport: {
    method: 'GET',
    path: '/imports/:id/errors/export',
    response: fileResponse,
    access: importFamilies,
    summary: 'تنزيل الصفوف غير السليمة مع أخطائها',
  },
  resolve: {
    method: 'POST',
    path: '/imports/:id/rows/:row/resolution',
    body: importResolutionSchema,
    response: familyImportRowResponseSchema,
    access: importFamilies,
    summary: 'قرار في صف مكرر: تجاهل أو تحديث الأسرة المطابقة أو إنشاء أسرة',
  },
  /** Queues the job that creates the valid and resolved rows' families (202; the import). */
  commit: {
    method: 'POST',
    path: '/imports/:id/commit',
    response: familyImportResponseSchema,
    status: 202,
    access: importFamilies,
    summary: 'اعتماد الملف: إنشاء الأسر السليمة وتطبيق قرارات التحديث',
  },
});
