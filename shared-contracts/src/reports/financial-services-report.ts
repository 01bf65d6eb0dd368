import { z } from 'zod';
import {
  defineReportEndpoints,
  reportArchiveDetailSchemaOf,
  reportPeriodSchema,
  reportSchemasOf,
  reportTableTotalSchema,
} from './report-kind';
import { servicesReportFilters, servicesReportParametersSchema } from './services-report';

/**
 * The financial-services report (تقرير الخدمات المالية): the money spent through
 * services — the cost of the services DELIVERED in the period (delivery date) that the filters
 * select — by type, department and axis, per family and per beneficiary (a service for one
 * member), and against the budget of each season that has one and overlaps the period (spent =
 * the delivered services of the season's enrolled families within the season's dates and the
 * period). Money is exact: PostgreSQL sums `numeric` and answers decimal strings ("1250.50"),
 * never floats. A delivered service without a cost is counted apart (`unpriced`), never guessed.
 */

export const FINANCIAL_SERVICES_REPORT_MESSAGES = {
  seasonNotFound: 'البرنامج الموسمي غير موجود',
} as const;

/** The filters: those of the services report (period, season, department, axis, type, city). */
export const financialServicesReportFilters = servicesReportFilters;

const schemas = reportSchemasOf(financialServicesReportFilters);
/** `GET /reports/financial-services?from=&to=&season_id=&department_id=&axis_id=&service_type_id=&city=` */
export const financialServicesReportQuerySchema = schemas.query;
export type FinancialServicesReportQuery = z.output<typeof financialServicesReportQuerySchema>;
export const financialServicesReportExportQuerySchema = schemas.exportQuery;
export const financialServicesReportArchiveInputSchema = schemas.archiveInput;

/** An exact amount in riyals with two decimals, as PostgreSQL wrote it ("1250.50", "-30.00"). */
export const decimalTextSchema = z.string().regex(/^-?\d+\.\d{2}$/);

const count = z.number().int().min(0);
const namedRef = z.object({ id: z.number().int(), name: z.string() });
const familyRef = z.object({
  id: z.number().int(),
  file_number: z.string(),
  head_name: z.string(),
});
const moneyShape = { services: count, spent: decimalTextSchema };

export const financialServicesFamilyRowSchema = z.object({
  family: familyRef,
  city: z.string().nullable(),
  city_label: z.string(),
  ...moneyShape,
  /** Distinct members served by name (services for one member). */
  beneficiaries: count,
  /** The row counts a medical service (`rowsWithoutMedical`: only for who may see them). */
  medical: z.boolean().optional(),
});
export type FinancialServicesFamilyRow = z.infer<typeof financialServicesFamilyRowSchema>;

export const financialServicesReportSchema = z.object({
  kind: z.literal('financial-services'),
  period: reportPeriodSchema,
  parameters: servicesReportParametersSchema,
  totals: z.object({
    ...moneyShape,
    families: count,
    beneficiaries: count,
    /** Delivered services with no cost recorded (not in `spent`). */
    unpriced: count,
    /** `spent` ÷ families, rounded to the halala by PostgreSQL. */
    average_per_family: decimalTextSchema,
  }),
  by_type: z.array(
    z.object({
      service_type: namedRef,
      department_name: z.string(),
      axis_name: z.string(),
      ...moneyShape,
    }),
  ),
  by_department: z.array(z.object({ department: namedRef, ...moneyShape })),
  by_axis: z.array(z.object({ axis: namedRef, ...moneyShape })),
  /** The report's rows (the export's and the archive's row count), most spent first. */
  by_family: z.array(financialServicesFamilyRowSchema),
  by_family_total: reportTableTotalSchema,
  by_beneficiary: z.array(
    z.object({
      member: namedRef,
      family: familyRef.pick({ id: true, file_number: true }),
      ...moneyShape,
      /** The row counts a medical service (`rowsWithoutMedical`). */
      medical: z.boolean().optional(),
    }),
  ),
  by_beneficiary_total: reportTableTotalSchema,
  /** Each season with a budget overlapping the period (or the filtered one, when it has one). */
  by_season: z.array(
    z.object({
      season: namedRef,
      start_date: z.iso.date(),
      end_date: z.iso.date(),
      budget: decimalTextSchema,
      spent: decimalTextSchema,
      remaining: decimalTextSchema,
      /** Percent of the budget spent, one decimal; null for a zero budget. */
      used_percent: z.number().nullable(),
      services: count,
    }),
  ),
});
export type FinancialServicesReport = z.infer<typeof financialServicesReportSchema>;

/** The export's columns: one row per family, then the totals, types and seasons. */
export const FINANCIAL_SERVICES_EXPORT_COLUMNS = [
  { key: 'file_number', header: 'رقم الملف' },
  { key: 'head_name', header: 'رب الأسرة' },
  { key: 'city', header: 'المدينة' },
  { key: 'services', header: 'الخدمات المنفذة' },
  { key: 'beneficiaries', header: 'المستفيدون' },
  { key: 'spent', header: 'المصروف (ريال)' },
] as const;

/** The financial-services report and its archives (report-kind.ts gives the six endpoints). */
export const financialServicesReportEndpoints = defineReportEndpoints('financial-services', {
  title: 'تقرير الخدمات المالية',
  filters: financialServicesReportFilters,
  report: financialServicesReportSchema,
});

export const financialServicesReportArchiveSchema = reportArchiveDetailSchemaOf(
  financialServicesReportSchema,
);
export type FinancialServicesReportArchive = z.infer<typeof financialServicesReportArchiveSchema>;
