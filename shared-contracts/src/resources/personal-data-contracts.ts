import { access, defineEndpoints, fileResponse } from '../core/endpoint';

/**
 * A family's personal data as one download (docs/personal-data.md#the-data-export): the answer
 * to a subject-access request. A ZIP holding a workbook — one right-to-left sheet per kind of data
 * kept about the family, Arabic headers, values as people read them — and the family's documents
 * in a folder. Taken by whoever manages personal data; logged (activity row and an `export` look)
 * before it streams.
 */

export const PERSONAL_DATA_MESSAGES = {
  familyNotFound: 'الأسرة غير موجودة',
} as const;

/** The button on the family page and the download's name. */
export const FAMILY_DATA_EXPORT_LABEL = 'تصدير بيانات الأسرة';

export const ZIP_CONTENT_TYPE = 'application/zip';

/** The workbook's sheets, in order: one per kind of data kept about the family. */
export const FAMILY_DATA_SHEETS = {
  family: 'بيانات الأسرة',
  members: 'أفراد الأسرة',
  status_history: 'سجل حالات الأسرة',
  services: 'الخدمات',
  financial_records: 'القيود المالية',
  seminars: 'الندوات',
  survey_answers: 'إجابات الاستبيانات',
  visits: 'الزيارات',
  consents: 'الموافقات',
  documents: 'المستندات',
  access_log: 'من اطّلع على الملف',
} as const;
export type FamilyDataSheet = keyof typeof FAMILY_DATA_SHEETS;

/** The ZIP's folder of the family's documents (each as `<id>-<its name>`). */
export const FAMILY_DATA_DOCUMENTS_FOLDER = 'المستندات';

/**
 * The headers no resource, activity format or other export already names. Every other header of
 * the workbook is the product's own label for the field (resource fields, export columns).
 */
export const FAMILY_DATA_HEADERS = {
  field: 'الحقل',
  value: 'القيمة',
  member_start_date: 'تاريخ الانضمام إلى الأسرة',
  member_end_date: 'تاريخ مغادرة الأسرة',
  member_end_reason: 'سبب المغادرة',
  from_status: 'الحالة السابقة',
  to_status: 'الحالة الجديدة',
  at: 'التاريخ والوقت',
  by: 'بواسطة',
  seminar: 'الندوة',
  seminar_starts_at: 'موعد الندوة',
  venue: 'المكان',
  attendance_at: 'وقت تسجيل الحضور',
  survey: 'الاستبيان',
  current: 'سارية',
  recorded_by: 'سجّلها',
  recorded_at: 'وقت التسجيل',
  withdrawn_by: 'سجّل السحب',
  attached_to: 'مرفق بـ',
  uploaded_by: 'رفعه',
  uploaded_at: 'وقت الرفع',
  path: 'مساره في الملف المضغوط',
  employee: 'الموظف',
  look: 'نوع الاطلاع',
  document: 'المستند',
  needs: 'الاحتياجات',
  income_sources: 'مصادر الدخل',
  consent_date: 'تاريخ الموافقة',
  consent_by: 'سجّل الموافقة',
  missing_content: 'محتواه غير موجود في مخزن الملفات',
} as const;

export const personalDataEndpoints = defineEndpoints('personal-data', {
  familyExport: {
    method: 'GET',
    path: '/families/:id/data-export',
    response: fileResponse,
    fileTypes: [ZIP_CONTENT_TYPE],
    access: access.allOf('show_families', 'manage_personal_data'),
    summary: 'تصدير كل ما يحفظه النظام عن الأسرة (ملف ZIP: جدول بيانات ومستنداتها)',
  },
});
