import { z } from 'zod';
import { access, defineEndpoints, fileResponse } from '../core/endpoint';
import { itemEnvelopeOf } from '../core/envelope';
import { countOf } from '../core/plural';
import {
  REASON_REQUIRED_MESSAGE,
  enumInputSchema,
  entityIdSchema,
  hasReason,
  isoDateSchema,
  optionalInput,
  personRefSchema,
  reasonTextSchema,
  textSchema,
  timestampSchema,
} from '../core/values';

/**
 * Documents (docs/documents.md): files attached to a family (optionally naming one of its
 * members), a service or a financial record. Seeing one follows its parent (whoever may open the
 * family, the service or the record); adding or deleting one needs the parent's edit key; a
 * medical kind also follows the medical rule (`maySeeMedicalFields`, beneficiaries/medical.ts).
 */

export const DOCUMENT_KINDS = [
  'national_id',
  'family_card',
  'lease',
  'income_proof',
  'bank_statement',
  'medical_report',
  'disability_card',
  'receipt',
  'invoice',
  'photo',
  'other',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  national_id: 'الهوية الوطنية',
  family_card: 'سجل الأسرة',
  lease: 'عقد الإيجار',
  income_proof: 'إثبات الدخل',
  bank_statement: 'كشف حساب بنكي',
  medical_report: 'تقرير طبي',
  disability_card: 'بطاقة إعاقة',
  receipt: 'إيصال',
  invoice: 'فاتورة',
  photo: 'صورة',
  other: 'مستند آخر',
};

/** The kinds whose very existence is a medical fact (docs/medical-fields.md). */
export const MEDICAL_DOCUMENT_KINDS: readonly DocumentKind[] = Object.freeze([
  'medical_report',
  'disability_card',
]);

export function isMedicalDocumentKind(kind: string): boolean {
  return MEDICAL_DOCUMENT_KINDS.some((medical) => medical === kind);
}

/** What a document may hold, recognised by its first bytes only (never by name or declared type). */
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

/** A stored type in Arabic words (the activity log's «النوع»; no Latin word on screen). */
export const DOCUMENT_MIME_TYPE_LABELS: Record<DocumentMimeType, string> = {
  'application/pdf': 'مستند بي دي إف',
  'image/jpeg': 'صورة جيه بي إي جي',
  'image/png': 'صورة بي إن جي',
  'image/webp': 'صورة ويب بي',
};

const KIB = 1024;
const MIB = 1024 * 1024;

/** A file's size in Arabic: "512 بايتاً", "12 كيلوبايتاً", "2.5 ميغابايت". */
export function formatFileSize(bytes: number): string {
  if (bytes < KIB) return countOf(bytes, 'byte', { zero: `0 بايت` });
  if (bytes < MIB) return countOf(Math.round(bytes / KIB), 'kilobyte');
  return countOf(Math.round((bytes / MIB) * 10) / 10, 'megabyte');
}

/** The default largest upload (the API reads DOCUMENT_MAX_MB). */
export const DOCUMENT_MAX_MB_DEFAULT = 10;
/** Images wider or taller than this are scaled down on upload. */
export const DOCUMENT_IMAGE_MAX_PX = 2500;

export const DOCUMENT_MESSAGES = {
  uploaded: 'تم رفع المستند',
  deleted: 'تم حذف المستند',
  notFound: 'المستند غير موجود',
  alreadyDeleted: 'هذا المستند محذوف',
  familyNotFound: 'الأسرة غير موجودة',
  serviceNotFound: 'الخدمة غير موجودة',
  recordNotFound: 'القيد المالي غير موجود',
  noFile: 'أرفق الملف المراد رفعه',
  emptyFile: 'الملف المرفوع فارغ',
  unsupportedType:
    'نوع الملف غير مقبول: تُقبل المستندات بصيغة بي دي إف والصور فقط، ويُعرف النوع من محتوى الملف لا من اسمه',
  brokenImage: 'تعذّرت قراءة الصورة: الملف تالف أو أبعاده أكبر من المسموح به',
  tooLarge: (maxMb: number) => `حجم الملف أكبر من المسموح به (${countOf(maxMb, 'megabyte')})`,
  memberNotInFamily: 'الفرد المختار ليس من أفراد هذه الأسرة',
  memberOnlyForFamily: 'يُحدَّد الفرد في مستندات الأسرة فقط',
  medicalForbidden: 'لا تملك صلاحية الاطلاع على المستندات الطبية',
  noThumbnail: 'لا توجد صورة مصغّرة لهذا المستند',
  missingContent: 'محتوى المستند غير متاح في المخزن',
} as const;

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/**
 * The upload's form fields besides the file (multipart; the file itself is streamed by the
 * route): `kind`, and optionally `member_id` (family documents), `expires_on` and `note`.
 */
export const documentUploadFieldsSchema = z.object({
  kind: enumInputSchema(DOCUMENT_KINDS),
  member_id: optionalInput(entityIdSchema),
  expires_on: optionalInput(isoDateSchema),
  note: optionalInput(textSchema(1000)),
});
export type DocumentUploadFields = z.output<typeof documentUploadFieldsSchema>;
export type DocumentUploadFieldsInput = z.input<typeof documentUploadFieldsSchema>;

/** `DELETE /documents/{id}`: why (required, ≥ 3 characters); the document stays listed as deleted. */
export const documentDeleteSchema = z.object({
  reason: z
    .preprocess(
      (value: unknown) => (value === undefined || value === null ? '' : value),
      reasonTextSchema,
    )
    .refine(hasReason, { error: REASON_REQUIRED_MESSAGE }),
});
export type DocumentDeleteInput = z.input<typeof documentDeleteSchema>;

/** `GET /documents/{id}/content?inline=1`: shown in the browser (PDF and images) instead of saved. */
export const documentContentQuerySchema = z.object({
  inline: z.enum(['0', '1']).optional(),
});

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const documentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  file_name: z.string(),
  mime_type: z.enum(DOCUMENT_MIME_TYPES),
  size: z.number().int(),
  sha256: z.string(),
  has_thumbnail: z.boolean(),
  member: personRefSchema.nullable(),
  expires_on: z.string().nullable(),
  note: z.string().nullable(),
  uploaded_by: personRefSchema.nullable(),
  uploaded_at: timestampSchema,
});
export type DocumentItem = z.infer<typeof documentSchema>;

/** What is left of a deleted document: its kind, who deleted it, when and why. */
export const documentTombstoneSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  deleted_by: personRefSchema.nullable(),
  deleted_at: timestampSchema,
  reason: z.string(),
});
export type DocumentTombstone = z.infer<typeof documentTombstoneSchema>;

export const documentResponseSchema = itemEnvelopeOf(documentSchema);
export const documentTombstoneResponseSchema = itemEnvelopeOf(documentTombstoneSchema);

/** A parent's documents, newest first, and the tombstones of its deleted ones. */
export const documentListResponseSchema = z.object({
  data: z.object({
    documents: z.array(documentSchema),
    deleted: z.array(documentTombstoneSchema),
  }),
});
export type DocumentList = z.infer<typeof documentListResponseSchema>['data'];

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

const showFamilies = access.allOf('show_families');
const editFamilies = access.allOf('edit_families');
const services = access.allOf('show_services');
const finance = access.allOf('show_financial');

/**
 * The uploads are multipart (`file`, `kind`, optional `member_id`, `expires_on`, `note`), read
 * by the route as a stream. Content, thumbnail and deletion check the document's parent (and the
 * medical rule) themselves, so they only need a session here.
 */
export const documentEndpoints = defineEndpoints('documents', {
  familyUpload: {
    method: 'POST',
    path: '/families/:id/documents',
    response: documentResponseSchema,
    status: 201,
    upload: { fields: documentUploadFieldsSchema, file: 'file' },
    access: editFamilies,
    summary: 'رفع مستند لأسرة (multipart: file وkind وmember_id وexpires_on وnote)',
  },
  familyList: {
    method: 'GET',
    path: '/families/:id/documents',
    response: documentListResponseSchema,
    access: showFamilies,
    summary: 'مستندات الأسرة والمحذوف منها',
  },
  serviceUpload: {
    method: 'POST',
    path: '/services/:id/documents',
    response: documentResponseSchema,
    status: 201,
    upload: { fields: documentUploadFieldsSchema, file: 'file' },
    access: services,
    summary: 'رفع مستند لخدمة (multipart: file وkind وexpires_on وnote)',
  },
  serviceList: {
    method: 'GET',
    path: '/services/:id/documents',
    response: documentListResponseSchema,
    access: services,
    summary: 'مستندات الخدمة والمحذوف منها',
  },
  recordUpload: {
    method: 'POST',
    path: '/financial-records/:id/documents',
    response: documentResponseSchema,
    status: 201,
    upload: { fields: documentUploadFieldsSchema, file: 'file' },
    access: finance,
    summary: 'رفع مستند لقيد مالي (multipart: file وkind وexpires_on وnote)',
  },
  recordList: {
    method: 'GET',
    path: '/financial-records/:id/documents',
    response: documentListResponseSchema,
    access: finance,
    summary: 'مستندات القيد المالي والمحذوف منها',
  },
  content: {
    method: 'GET',
    path: '/documents/:id/content',
    query: documentContentQuerySchema,
    response: fileResponse,
    fileTypes: DOCUMENT_MIME_TYPES,
    access: access.authenticated,
    summary: 'محتوى المستند (تنزيل، أو عرض في المتصفح مع inline=1 لملفات PDF والصور)',
  },
  thumbnail: {
    method: 'GET',
    path: '/documents/:id/thumbnail',
    response: fileResponse,
    fileTypes: ['image/webp'],
    access: access.authenticated,
    summary: 'الصورة المصغّرة لمستند من نوع صورة',
  },
  remove: {
    method: 'DELETE',
    path: '/documents/:id',
    body: documentDeleteSchema,
    response: documentTombstoneResponseSchema,
    access: access.authenticated,
    summary: 'حذف مستند مع ذكر السبب (يبقى أثره في القائمة)',
  },
});

/** The parent a document is attached to. */
export type DocumentParentKind = 'family' | 'service' | 'financial_record';

/** Which declared endpoint's access says who may see, and who may add to, each kind of parent. */
export const DOCUMENT_PARENT_ACCESS = {
  family: { see: documentEndpoints.familyList.access, edit: documentEndpoints.familyUpload.access },
  service: {
    see: documentEndpoints.serviceList.access,
    edit: documentEndpoints.serviceUpload.access,
  },
  financial_record: {
    see: documentEndpoints.recordList.access,
    edit: documentEndpoints.recordUpload.access,
  },
} as const satisfies Record<DocumentParentKind, { see: unknown; edit: unknown }>;
