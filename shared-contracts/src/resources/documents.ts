import { defineNoun } from '../core/plural';
import { defineResource } from '../core/resource';

/**
 * A document's fields, as its upload answer and its activity rows name them (upload, view,
 * download and deletion: docs/documents.md).
 */
const DOCUMENT_FIELDS = {
  kind: 'نوع المستند',
  file_name: 'اسم الملف',
  mime_type: 'نوع الملف',
  size: 'الحجم بالبايت',
  sha256: 'بصمة المحتوى',
  member: 'الفرد',
  expires_on: 'تاريخ الانتهاء',
  note: 'ملاحظة',
  family: 'الأسرة',
  service: 'الخدمة',
  financial_record: 'القيد المالي',
  reason: 'سبب الحذف',
  part: 'الجزء المعروض',
  disposition: 'طريقة العرض',
} as const;

/**
 * Documents attached to a family, a service or a financial record. They have no page and no key
 * of their own: who may see or add one follows its parent's keys (shared-contracts
 * `documents-contracts.ts`), and a medical kind the medical rule.
 */
export const documentsResource = defineResource({
  name: 'documents',
  order: 45,
  noun: defineNoun({
    one: 'مستند',
    two: 'مستندان',
    few: 'مستندات',
    many: 'مستنداً',
    other: 'مستند',
    gender: 'masculine',
    zero: 'لا توجد مستندات',
  }),
  owner: 'mf-beneficiaries',
  permissions: { section: 'الأسر', keys: {} },
  routes: [],
  pages: 'listed',
  activity: {
    document: { label: 'مستند', link: null },
  },
  fields: DOCUMENT_FIELDS,
});
