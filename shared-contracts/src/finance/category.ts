import { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { financeResource } from '../resources/finance';
import { booleanFilter, codesFilter, defineListQuery } from '../core/list-query';
import {
  enumInputSchema,
  optionalInput,
  nameTextSchema,
  textSchema,
  timestampSchema,
} from '../core/values';
import type { LookupItem } from '../beneficiaries/lookups';

/**
 * Financial categories (التصنيفات المالية): the editable list a financial record
 * is filed under. Each category belongs to one direction (income or expense); `is_zakat` marks
 * zakat money — zakat received (income) and zakat paid out (expense), which may only reach an
 * approved family (the zakat rule, `record.ts`). Seeded: zakat, sadaqa, general donation, grant,
 * waqf revenue (income); zakat disbursement, cash aid, in-kind aid, operations, salaries
 * (expense). Seeded categories keep a stable `code`; categories added by people have none.
 * Everything here needs `show_financial`.
 */

export const FINANCE_DIRECTIONS = [
  { code: 'income', label: 'إيراد' },
  { code: 'expense', label: 'مصروف' },
] as const satisfies readonly LookupItem[];
export type FinanceDirection = (typeof FINANCE_DIRECTIONS)[number]['code'];
export const FINANCE_DIRECTION_CODES = FINANCE_DIRECTIONS.map(
  (item) => item.code,
) as FinanceDirection[];
export const financeDirectionSchema = enumInputSchema(['income', 'expense'] as const);

export function financeDirectionLabel(direction: FinanceDirection): string {
  return FINANCE_DIRECTIONS.find((item) => item.code === direction)?.label ?? direction;
}

/** The seeded categories' codes (what the seed, the tests and the demo data refer to). */
export const SEEDED_FINANCIAL_CATEGORIES = [
  { code: 'zakat', name: 'زكاة', direction: 'income', is_zakat: true },
  { code: 'sadaqa', name: 'صدقة', direction: 'income', is_zakat: false },
  { code: 'general_donation', name: 'تبرع عام', direction: 'income', is_zakat: false },
  { code: 'grant', name: 'منحة', direction: 'income', is_zakat: false },
  { code: 'waqf_revenue', name: 'إيرادات الأوقاف', direction: 'income', is_zakat: false },
  {
    code: 'zakat_disbursement',
    name: 'صرف الزكاة للمستحقين',
    direction: 'expense',
    is_zakat: true,
  },
  { code: 'cash_aid', name: 'مساعدات نقدية', direction: 'expense', is_zakat: false },
  { code: 'in_kind_aid', name: 'مساعدات عينية', direction: 'expense', is_zakat: false },
  { code: 'operations', name: 'مصاريف تشغيلية', direction: 'expense', is_zakat: false },
  { code: 'salaries', name: 'رواتب', direction: 'expense', is_zakat: false },
] as const satisfies readonly {
  code: string;
  name: string;
  direction: FinanceDirection;
  is_zakat: boolean;
}[];

export const FINANCIAL_CATEGORY_MESSAGES = {
  notFound: 'التصنيف المالي غير موجود',
  created: 'تمت إضافة التصنيف المالي بنجاح',
  updated: 'تم تحديث التصنيف المالي بنجاح',
  duplicateName: 'يوجد تصنيف مالي مسجل بالاسم نفسه',
  usedDirection: 'لا يمكن تغيير نوع التصنيف (إيراد/مصروف) لأنه مستخدم في سجلات مالية',
  usedZakat: 'لا يمكن تغيير صفة الزكاة لتصنيف مستخدم في سجلات مالية',
} as const;

/** The Arabic name of each field of a category, for its form (its declaration's, `resources/finance.ts`). */
export const FINANCIAL_CATEGORY_FIELD_LABELS = financeResource.activity.financial_category.fields;

/**
 * `POST /financial-categories`, `PUT /financial-categories/{id}`. The name is unique
 * (Arabic-normalised, 409). A category used by records keeps its direction and its zakat flag
 * (409); it can be deactivated instead (inactive categories are not offered for new records).
 */
export const financialCategoryInputSchema = z.object({
  name: nameTextSchema(100, 2),
  direction: financeDirectionSchema,
  is_zakat: z.boolean().default(false),
  active: z.boolean().default(true),
  description: optionalInput(textSchema(500)),
});
export type FinancialCategoryInput = z.output<typeof financialCategoryInputSchema>;
export type FinancialCategoryFormValues = z.input<typeof financialCategoryInputSchema>;

/** A category as a record refers to it. */
export const financialCategoryRefSchema = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  direction: z.enum(['income', 'expense']),
  is_zakat: z.boolean(),
});
export type FinancialCategoryRef = z.infer<typeof financialCategoryRefSchema>;

/** A category (list and detail). */
export const financialCategorySchema = financialCategoryRefSchema.extend({
  active: z.boolean(),
  description: z.string().nullable(),
  /** Records filed under it (any status). */
  records_count: z.number().int().min(0),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type FinancialCategory = z.infer<typeof financialCategorySchema>;
export const financialCategoryListResponseSchema = listEnvelopeOf(financialCategorySchema);
export const financialCategoryResponseSchema = itemEnvelopeOf(financialCategorySchema);

/** A category turned back into the write body (edit form defaults). */
export function financialCategoryToInput(category: FinancialCategory): FinancialCategoryFormValues {
  return {
    name: category.name,
    direction: category.direction,
    is_zakat: category.is_zakat,
    active: category.active,
    description: category.description,
  };
}

export const FINANCIAL_CATEGORY_SORTABLE = ['name', 'direction', 'active', 'created_at'] as const;

/**
 * `GET /financial-categories?search=&filter[direction]=expense&filter[active]=true&filter[is_zakat]=true`.
 * Default order: income first, then by name. `per_page` up to 200 loads the whole list for a select.
 */
export const financialCategoryListQuery = defineListQuery({
  sortable: FINANCIAL_CATEGORY_SORTABLE,
  filters: {
    direction: codesFilter(['income', 'expense'] as const),
    active: booleanFilter(),
    is_zakat: booleanFilter(),
  },
});
export const financialCategoryListQuerySchema = financialCategoryListQuery.schema;
export type FinancialCategoryListQuery = z.output<typeof financialCategoryListQuerySchema>;

const financeKey = access.allOf('show_financial');

export const financialCategoryEndpoints = defineEndpoints('financial-categories', {
  list: {
    method: 'GET',
    path: '/financial-categories',
    query: financialCategoryListQuerySchema,
    response: financialCategoryListResponseSchema,
    access: financeKey,
    summary: 'التصنيفات المالية (الإيرادات والمصروفات)',
  },
  show: {
    method: 'GET',
    path: '/financial-categories/:id',
    response: financialCategoryResponseSchema,
    access: financeKey,
    summary: 'بيانات تصنيف مالي',
  },
  create: {
    method: 'POST',
    path: '/financial-categories',
    body: financialCategoryInputSchema,
    response: financialCategoryResponseSchema,
    status: 201,
    access: financeKey,
    summary: 'إضافة تصنيف مالي',
  },
  update: {
    method: 'PUT',
    path: '/financial-categories/:id',
    body: financialCategoryInputSchema,
    response: financialCategoryResponseSchema,
    access: financeKey,
    summary: 'تعديل تصنيف مالي',
  },
});
