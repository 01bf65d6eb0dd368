import { z } from 'zod';
import { listEnvelopeOf, itemEnvelopeOf } from '../core/envelope';
import { defineListQuery } from '../core/list-query';
import { personRefSchema, timestampSchema } from '../core/values';

/**
 * Importing a charity's existing register from spreadsheets (docs/family-import.md): a file is
 * uploaded, each row validated with the same rules as `POST /families` and checked for
 * duplicates (in the register and within the file), the duplicates adjudicated one by one, then
 * the valid and resolved rows created as families. Validation and creation run as database jobs.
 */

/** What an import can bring in; families (with their members) for now. */
export const IMPORT_KINDS = ['families'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * The life of an import: `validating` (the job reads and checks the rows), `ready` (every row
 * has a state; duplicates may be adjudicated), `committing` (the job creates the families),
 * `done`, or `failed` (the file could not be read; its Arabic reason in `error`).
 */
export const IMPORT_STATUSES = ['validating', 'ready', 'committing', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  validating: 'قيد التحقق',
  ready: 'جاهز للاعتماد',
  committing: 'قيد الإنشاء',
  done: 'مكتمل',
  failed: 'تعذرت المعالجة',
};

/**
 * The state of one row: after validation `valid`, `invalid` or `duplicate`; after adjudication a
 * duplicate may become `skipped`, or be kept for update/creation; after commit `created`,
 * `updated` or `skipped`.
 */
export const IMPORT_ROW_STATES = [
  'valid',
  'invalid',
  'duplicate',
  'created',
  'updated',
  'skipped',
] as const;
export type ImportRowState = (typeof IMPORT_ROW_STATES)[number];

export const IMPORT_ROW_STATE_LABELS: Record<ImportRowState, string> = {
  valid: 'سليم',
  invalid: 'غير سليم',
  duplicate: 'مكرر',
  created: 'أُنشئ',
  updated: 'حُدّث',
  skipped: 'تُجوهل',
};

/**
 * The sheet a row's number refers to: a family of the families sheet, or a member of the members
 * sheet whose head's national ID names no family of the file (an invalid row of its own).
 */
export const IMPORT_ROW_SHEETS = ['families', 'members'] as const;
export type ImportRowSheet = (typeof IMPORT_ROW_SHEETS)[number];

/** How sure a duplicate is: the same national ID is certain; the same phone or name+birth date, possible. */
export const DUPLICATE_CERTAINTIES = ['certain', 'possible'] as const;
export type DuplicateCertainty = (typeof DUPLICATE_CERTAINTIES)[number];

/** What matched between the row and a family (or an earlier row of the same file). */
export const DUPLICATE_REASONS = ['national_id', 'primary_phone', 'name_birth_date'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  national_id: 'رقم الهوية نفسه',
  primary_phone: 'رقم الجوال نفسه',
  name_birth_date: 'اسم رب الأسرة وتاريخ ميلاده نفسهما',
};

/** What a person decides about a duplicate row. */
export const IMPORT_RESOLUTION_ACTIONS = ['skip', 'update', 'create'] as const;
export type ImportResolutionAction = (typeof IMPORT_RESOLUTION_ACTIONS)[number];

export const IMPORT_RESOLUTION_LABELS: Record<ImportResolutionAction, string> = {
  skip: 'تخطي الصف',
  update: 'تحديث الأسرة المطابقة',
  create: 'إنشاء أسرة جديدة',
};

/**
 * A decision is logged per row, as `row_<number>` (the row's number in its sheet), so its label
 * names the row. The import's other activity-log fields are labelled in its declaration
 * (`resources/families.ts`).
 */
export const FAMILY_IMPORT_DECISION_FIELD = /^row_(\d+)$/;
export function familyImportDecisionLabel(rowNumber: string): string {
  return `القرار في الصف ${rowNumber}`;
}

export const FAMILY_IMPORT_MESSAGES = {
  notFound: 'عملية الاستيراد غير موجودة',
  rowNotFound: 'الصف غير موجود في عملية الاستيراد',
  noFile: 'أرفق ملف جدول بيانات (ملف إكسل أو ملفاً نصياً مفصولاً بفواصل)',
  notSpreadsheet:
    'الملف ليس جدول بيانات مقروءاً؛ ارفع ملف إكسل أو ملفاً نصياً مفصولاً بفواصل بترميز يونيكود',
  tooLarge: 'حجم الملف أكبر من المسموح به',
  tooManyRows: 'عدد صفوف الملف أكبر من المسموح به',
  emptyFile: 'الملف لا يحتوي على أي صف بيانات',
  unknownHeaders: 'لم يُتعرف على عناوين الأعمدة؛ استخدم نموذج الاستيراد',
  missingFamiliesSheet: 'لم يوجد في الملف ورقة الأسر',
  sheetsUnclear:
    'تعذر تمييز ورقة الأسر من ورقة الأفراد؛ سمِّ الورقتين كما في نموذج الاستيراد أو اجعل ورقة الأسر أولاً',
  accepted: 'استُلم الملف وبدأ التحقق من صفوفه',
  commitStarted: 'بدأ إنشاء الأسر من الملف',
  notReady: 'لا يمكن تنفيذ ذلك قبل انتهاء التحقق من الملف',
  alreadyCommitted: 'اعتُمد هذا الملف من قبل',
  notDuplicate: 'هذا الصف ليس مكرراً',
  certainOnlySkipOrUpdate: 'رقم الهوية مسجل في أسرة أخرى؛ يمكن تجاهل الصف أو تحديث تلك الأسرة فقط',
  noMatchToUpdate: 'لا توجد أسرة مطابقة لتحديثها',
  resolved: 'حُفظ القرار',
  unknownValue: 'القيمة غير موجودة في القائمة المسموح بها',
  badDate: 'تاريخ غير صالح؛ استخدم يوم/شهر/سنة أو سنة-شهر-يوم أو التاريخ الهجري',
  badPhone: 'رقم جوال غير صالح',
  duplicateInFile: 'مكرر مع صف سابق في الملف نفسه',
  memberWithoutFamily: 'لا توجد في ورقة الأسر أسرة برقم هوية رب الأسرة هذا',
  readFailed: 'تعذرت قراءة الملف',
  commitFailed: 'تعذر إنشاء الأسر من الملف؛ أعد اعتماده ليكمل من حيث توقف',
  headNotInFamily:
    'رب الأسرة في هذا الصف ليس من أفراد الأسرة المطابقة؛ لا يمكن أن يكون للأسرة ربّان، فتجاهل الصف أو صحّحه',
  /** The activity-log label of a family created or updated by an import: the file it came from. */
  fromImport: (fileName: string) => `من ملف الاستيراد «${fileName}»`,
} as const;

/** A duplicate's match: the family already registered, or an earlier row of the same file. */
export const importMatchSchema = z.object({
  certainty: z.enum(DUPLICATE_CERTAINTIES),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
  family: z
    .object({
      id: z.number().int(),
      file_number: z.string().nullable(),
      head_name: z.string().nullable(),
    })
    .nullable(),
  row_number: z.number().int().nullable(),
});
export type ImportMatch = z.infer<typeof importMatchSchema>;

export const importCountsSchema = z.object({
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicate: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const familyImportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  counts: importCountsSchema,
  error: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  created_by: personRefSchema.nullable(),
});
export type FamilyImport = z.infer<typeof familyImportSchema>;

export const familyImportRowSchema = z.object({
  row_number: z.number().int(),
  /** The API always sends it; optional for answers written before members' rows existed (families). */
  sheet: z.enum(IMPORT_ROW_SHEETS).optional(),
  state: z.enum(IMPORT_ROW_STATES),
  /** The cells as read, by field path (`head.national_id`, `city`…), members under `members`. */
  values: z.record(z.string(), z.unknown()),
  /** Arabic errors per field path. */
  errors: z.record(z.string(), z.array(z.string())),
  matches: z.array(importMatchSchema),
  resolution: z.enum(IMPORT_RESOLUTION_ACTIONS).nullable(),
  family_id: z.number().int().nullable(),
});
export type FamilyImportRow = z.infer<typeof familyImportRowSchema>;

export const familyImportListQuery = defineListQuery({
  sortable: ['created_at'],
  filters: {},
});
export const familyImportListQuerySchema = familyImportListQuery.schema;

export const familyImportRowsQuery = defineListQuery({
  sortable: ['row_number'],
  filters: { state: z.enum(IMPORT_ROW_STATES).optional() },
});
export const familyImportRowsQuerySchema = familyImportRowsQuery.schema;

export const familyImportListResponseSchema = listEnvelopeOf(familyImportSchema);
export const familyImportResponseSchema = itemEnvelopeOf(familyImportSchema);
export const familyImportRowsResponseSchema = listEnvelopeOf(familyImportRowSchema);
export const familyImportRowResponseSchema = itemEnvelopeOf(familyImportRowSchema);

export const importResolutionSchema = z.object({
  action: z.enum(IMPORT_RESOLUTION_ACTIONS, { error: 'اختر قراراً: تجاهل أو تحديث أو إنشاء' }),
});
export type ImportResolution = z.infer<typeof importResolutionSchema>;

/** The upload's form fields besides the file (multipart; the file itself is read as a stream). */
export const importUploadFieldsSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: 'نوع الاستيراد غير معروف' }),
});

/** Limits of an uploaded file (the API reads its own from the environment, these by default). */
export const IMPORT_LIMITS = { maxBytes: 20 * 1024 * 1024, maxRows: 100_000 } as const;
