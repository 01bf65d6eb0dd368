import { z } from 'zod';
import { ARABIC_MESSAGES } from '../core/arabic-error-map';
import type { FieldReader } from '../core/field-visibility';
import { isBlank } from '../core/values';
import { maySeeMedicalFields } from '../beneficiaries/medical';
import { GENDERS } from '../beneficiaries/lookups';
import {
  REPORT_MESSAGES,
  defineReportEndpoints,
  reportFilter,
  reportArchiveDetailSchemaOf,
  reportPeriodSchema,
  reportSchemasOf,
  reportTableTotalSchema,
} from './report-kind';

/**
 * The medical report (التقرير الطبي): the health conditions and disabilities of the
 * active members of the approved families the filters select, and the medical services
 * (service types marked `is_medical`) requested in the period, AGGREGATED — by condition, by
 * disability, by sex and age band, by city and district; services by type, status and month.
 *
 * - A member's condition is `health_status` as recorded now; «بحالة صحية» is any recorded status
 *   but `healthy`. Ages are whole years on the period's last day.
 * - A service counts when its request date falls in the period; city and district are its
 *   family's; with a sex or age band filter only services for a member who matches count (a
 *   service for the whole family has no sex or age).
 * - The list of individuals (name, file number, condition, disabilities) is medical data: it is
 *   in the answer only for a reader who may see the members' medical fields
 *   (`MEMBER_FIELD_VISIBILITY`, super admin always), else `null` — live, archive and export
 *   alike, whoever archived it. Every answer that shows the list is logged.
 */

export const MEDICAL_REPORT_TITLE = 'التقرير الطبي';

export const MEDICAL_MESSAGES = {
  periodOrder: REPORT_MESSAGES.periodOrder,
  periodTooLong: REPORT_MESSAGES.periodTooLong,
  individualsHidden: 'قائمة الأفراد تظهر لمن يملك صلاحية الاطلاع على البيانات الصحية فقط',
  unrecorded: 'غير مسجلة',
  unknown: 'غير محدد',
} as const;

/** The age bands of the report (whole years on the period's last day). */
export const MEDICAL_AGE_BANDS = [
  { code: 'under_5', label: 'أقل من 5 سنوات', from: 0, to: 4 },
  { code: 'age_5_17', label: 'من 5 إلى 17 سنة', from: 5, to: 17 },
  { code: 'age_18_59', label: 'من 18 إلى 59 سنة', from: 18, to: 59 },
  { code: 'age_60_plus', label: '60 سنة فأكثر', from: 60, to: null },
] as const;
export type MedicalAgeBand = (typeof MEDICAL_AGE_BANDS)[number]['code'];
export const MEDICAL_AGE_BAND_CODES = MEDICAL_AGE_BANDS.map((band) => band.code) as [
  MedicalAgeBand,
  ...MedicalAgeBand[],
];

/** The band of an age in whole years (null: no birth date). */
export function medicalAgeBandOf(age: number | null): MedicalAgeBand | null {
  if (age === null) return null;
  return MEDICAL_AGE_BANDS.find((band) => age >= band.from && (band.to === null || age <= band.to))
    ?.code as MedicalAgeBand;
}

/** The health status that is not a condition. */
export const HEALTHY_STATUS = 'healthy';

const SEX_CODES = GENDERS.map((gender) => gender.code) as ['male', 'female'];

/** A closed list filter: blank is "no filter", anything else must be one of the codes. */
function choiceFilter<const T extends readonly [string, ...string[]]>(codes: T) {
  return z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z.enum(codes, { error: ARABIC_MESSAGES.invalidEnum }).optional(),
  );
}

/** City and district are lookup codes (an unknown code selects nothing); sex and age band closed lists. */
export const medicalFilters = {
  city: reportFilter.code(),
  district: reportFilter.code(),
  sex: choiceFilter(SEX_CODES),
  age_band: choiceFilter(MEDICAL_AGE_BAND_CODES),
};

const schemas = reportSchemasOf(medicalFilters);
/** `GET /reports/medical?from=&to=&city=&district=&sex=&age_band=` */
export const medicalQuerySchema = schemas.query;
export type MedicalQuery = z.output<typeof medicalQuerySchema>;
/** `GET /reports/medical/export?…&format=xlsx` (default) or `csv`. */
export const medicalExportQuerySchema = schemas.exportQuery;
/** `POST /reports/medical/archives`: the report's parameters and an optional title. */
export const medicalArchiveInputSchema = schemas.archiveInput;
export type MedicalArchiveInput = z.output<typeof medicalArchiveInputSchema>;

const count = z.number().int().min(0);
/** An exact decimal (numeric summed in SQL), e.g. "1250.50". */
const money = z.string().regex(/^\d+\.\d{2}$/);

/** Members counted under a heading, with the split by sex. */
const memberCountsShape = { members: count, male: count, female: count };

export const medicalIndividualSchema = z.object({
  member_id: z.number().int(),
  full_name: z.string(),
  family: z.object({ id: z.number().int(), file_number: z.string() }),
  sex: z.string().nullable(),
  sex_label: z.string(),
  age: z.number().int().min(0).nullable(),
  health_status: z.string().nullable(),
  health_status_label: z.string(),
  disabilities: z.array(z.string()),
  disability_labels: z.array(z.string()),
  city_label: z.string(),
  district_label: z.string(),
  /** Medical services requested for this member in the period. */
  services: count,
});
export type MedicalIndividual = z.infer<typeof medicalIndividualSchema>;

export const medicalReportSchema = z.object({
  kind: z.literal('medical'),
  period: reportPeriodSchema,
  parameters: z.object({
    city: z.string().nullable(),
    district: z.string().nullable(),
    sex: z.string().nullable(),
    age_band: z.string().nullable(),
  }),
  summary: z.object({
    families: count,
    members: count,
    /** Members with a recorded status other than `healthy`. */
    members_with_condition: count,
    members_with_disability: count,
    /** Members whose health status is not recorded. */
    members_unrecorded: count,
    /** Families with at least one member with a condition or a disability. */
    families_affected: count,
    services: count,
    services_delivered: count,
    services_open: count,
    /** The cost of the delivered medical services. */
    services_cost: money,
    families_served: count,
  }),
  by_condition: z.array(
    z.object({ code: z.string().nullable(), label: z.string(), ...memberCountsShape }),
  ),
  by_disability: z.array(z.object({ code: z.string(), label: z.string(), ...memberCountsShape })),
  by_sex_age: z.array(
    z.object({
      sex: z.string().nullable(),
      sex_label: z.string(),
      age_band: z.string().nullable(),
      age_band_label: z.string(),
      members: count,
      with_condition: count,
      with_disability: count,
    }),
  ),
  by_area: z.array(
    z.object({
      city: z.string().nullable(),
      city_label: z.string(),
      district: z.string().nullable(),
      district_label: z.string(),
      members: count,
      with_condition: count,
      with_disability: count,
      services: count,
    }),
  ),
  services_by_type: z.array(
    z.object({
      type_id: z.number().int(),
      type_name: z.string(),
      services: count,
      delivered: count,
      cost: money,
    }),
  ),
  services_by_status: z.array(z.object({ status: z.string(), label: z.string(), services: count })),
  /** Every month of the period (`YYYY-MM`), empty months included. */
  services_by_month: z.array(
    z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), services: count, delivered: count }),
  ),
  /** The members with a condition or a disability; null for a reader who may not see them. */
  individuals: z.array(medicalIndividualSchema).nullable(),
  individuals_total: reportTableTotalSchema.nullable(),
});
export type MedicalReport = z.infer<typeof medicalReportSchema>;

/** An archive of the medical report (its snapshot holds the individuals only as archived). */
export const medicalArchiveSchema = reportArchiveDetailSchemaOf(medicalReportSchema);
export type MedicalArchive = z.infer<typeof medicalArchiveSchema>;

/** True when the reader may see the medical report's list of individuals (the medical rule). */
export function mayReadMedicalIndividuals(reader: FieldReader): boolean {
  return maySeeMedicalFields(reader);
}

/** The report as `reader` may see it: without the individuals unless they may. */
export function medicalReportFor(report: MedicalReport, reader: FieldReader): MedicalReport {
  if (report.individuals === null || mayReadMedicalIndividuals(reader)) return report;
  return { ...report, individuals: null, individuals_total: null };
}

/**
 * The export's columns: the aggregate sections use section / item / count / detail; each
 * individual (only for a reader who may see them) fills the rest.
 */
export const MEDICAL_EXPORT_COLUMNS = [
  { key: 'section', header: 'القسم' },
  { key: 'item', header: 'البند' },
  { key: 'count', header: 'العدد' },
  { key: 'detail', header: 'تفصيل' },
  { key: 'file_number', header: 'رقم الملف' },
  { key: 'health_status', header: 'الحالة الصحية' },
  { key: 'disabilities', header: 'الإعاقات' },
] as const;

/** The medical report and its archives (report-kind.ts gives the six endpoints). */
export const medicalReportEndpoints = defineReportEndpoints('medical', {
  title: MEDICAL_REPORT_TITLE,
  filters: medicalFilters,
  report: medicalReportSchema,
});
