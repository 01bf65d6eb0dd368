import { z } from 'zod';
import {
  REPORT_MESSAGES,
  reportFilter,
  reportPeriodSchema,
  reportSchemasOf,
  reportTableTotalSchema,
} from './report-kind';

/**
 * The family-needs report (تقرير احتياجات الأسر, docs/family-needs.md): for the approved families
 * the filters select, each family's daily calorie need — the sum over its active members of the
 * band of their sex and age (whole years at the period's start) in the ACTIVE calorie settings,
 * plus the pregnancy and lactation additions (`dailyCalorieNeed` of shared-contracts/admin) —, the
 * period need (daily × days of the period, both ends inclusive), beside the flat planning figure
 * (2,100 kcal × members), converted to WFP person-day rations, with the family's recorded
 * (unfulfilled) needs; totals overall, per district and per season (when filtered by season). A
 * member without a sex or birth date cannot be placed in a band: counted apart
 * (`members_unbanded`), never guessed.
 */

export const FAMILY_NEEDS_MESSAGES = {
  periodOrder: REPORT_MESSAGES.periodOrder,
  periodTooLong: REPORT_MESSAGES.periodTooLong,
  noCalorieSettings: 'لا توجد إعدادات سعرات حرارية معمول بها',
  exportLabel: 'تصدير تقرير احتياجات الأسر',
} as const;

/**
 * The food basket (docs/family-needs.md step 4, WFP full ration): one person-day ration ≈ 2,100
 * kcal = these grams. A family's rations = its period kcal ÷ the settings' planning figure; each
 * item's quantity = rations × grams.
 */
export const FOOD_BASKET_RATION = [
  { code: 'cereal', label: 'حبوب / دقيق / أرز', grams: 400 },
  { code: 'pulses', label: 'بقوليات', grams: 60 },
  { code: 'oil', label: 'زيت نباتي مدعّم', grams: 25 },
  { code: 'blended', label: 'غذاء مخلوط مدعّم', grams: 50 },
  { code: 'sugar', label: 'سكر', grams: 15 },
  { code: 'salt', label: 'ملح مدعّم باليود', grams: 5 },
] as const;

/** Person-day rations of a number of kcal, one decimal (295,000 / 2,100 → 140.5). */
export function rationsOf(kcal: number, planningFigure: number): number {
  return planningFigure > 0 ? Math.round((kcal / planningFigure) * 10) / 10 : 0;
}

/** The basket of a number of rations, in kilograms with one decimal. */
export function foodBasketOf(rations: number) {
  return FOOD_BASKET_RATION.map((item) => ({
    code: item.code,
    label: item.label,
    grams_per_ration: item.grams,
    kg: Math.round(rations * item.grams) / 1000,
  }));
}

/**
 * City, district and category are codes of admin-editable lookups: the shape is checked here
 * (422 on a malformed code); an unknown code simply selects no family.
 */
export const familyNeedsFilters = {
  season_id: reportFilter.id(),
  city: reportFilter.code(),
  district: reportFilter.code(),
  category: reportFilter.code(),
};

const schemas = reportSchemasOf(familyNeedsFilters);
/** `GET /reports/family-needs?from=&to=&season_id=&city=&district=&category=` */
export const familyNeedsQuerySchema = schemas.query;
export type FamilyNeedsQuery = z.output<typeof familyNeedsQuerySchema>;
/** `GET /reports/family-needs/export?…&format=xlsx` (default) or `csv`. */
export const familyNeedsExportQuerySchema = schemas.exportQuery;
/** `POST /reports/family-needs/archives`: the report's parameters and an optional title. */
export const familyNeedsArchiveInputSchema = schemas.archiveInput;
export type FamilyNeedsArchiveInput = z.output<typeof familyNeedsArchiveInputSchema>;

const kcal = z.number().int().min(0);

const figuresShape = {
  families: z.number().int().min(0),
  members: z.number().int().min(0),
  members_unbanded: z.number().int().min(0),
  daily_kcal: kcal,
  period_kcal: kcal,
  planning_daily_kcal: kcal,
  planning_period_kcal: kcal,
  rations: z.number().min(0),
};

export const familyNeedsRowSchema = z.object({
  family: z.object({ id: z.number().int(), file_number: z.string(), head_name: z.string() }),
  city: z.string().nullable(),
  district: z.string().nullable(),
  /** Arabic labels, stored so an archived row reads the same after a lookup changes. */
  city_label: z.string(),
  district_label: z.string(),
  members: z.number().int().min(0),
  members_unbanded: z.number().int().min(0),
  daily_kcal: kcal,
  period_kcal: kcal,
  planning_daily_kcal: kcal,
  planning_period_kcal: kcal,
  rations: z.number().min(0),
  /** The family's unfulfilled recorded needs, in Arabic. */
  recorded_needs: z.array(z.string()),
});
export type FamilyNeedsRow = z.infer<typeof familyNeedsRowSchema>;

export const familyNeedsReportSchema = z.object({
  kind: z.literal('family-needs'),
  period: reportPeriodSchema,
  parameters: z.object({
    season_id: z.number().int().nullable(),
    season_name: z.string().nullable(),
    city: z.string().nullable(),
    district: z.string().nullable(),
    category: z.string().nullable(),
  }),
  /** The calorie settings version the figures come from (an archive keeps it). */
  calorie_settings: z.object({
    id: z.number().int(),
    version_number: z.number().int(),
    planning_figure: z.number().int(),
    pregnancy_addition: z.number().int(),
    lactation_addition: z.number().int(),
  }),
  /** One row per family, the greatest period need first (on screen: the first rows only). */
  rows: z.array(familyNeedsRowSchema),
  rows_total: reportTableTotalSchema,
  totals: z.object({
    ...figuresShape,
    basket: z.array(
      z.object({
        code: z.string(),
        label: z.string(),
        grams_per_ration: z.number().int(),
        kg: z.number().min(0),
      }),
    ),
  }),
  /**
   * Per city and district: a district's name repeats across cities (a «الروضة» in several), so a
   * group is the pair and reads with its city (`placeLabelOf`). Archives made before the city was
   * kept read with no city.
   */
  by_district: z.array(
    z.object({
      city: z.string().nullable().default(null),
      city_label: z.string().default(''),
      district: z.string().nullable(),
      district_label: z.string(),
      ...figuresShape,
    }),
  ),
  /** One row when the report is filtered by a season, else empty. */
  by_season: z.array(
    z.object({ season: z.object({ id: z.number().int(), name: z.string() }), ...figuresShape }),
  ),
});
export type FamilyNeedsReport = z.infer<typeof familyNeedsReportSchema>;

/** «الرياض — الروضة»: a district with its city, as the report's tables, chart and export say it. */
export function placeLabelOf(place: { city_label: string; district_label: string }): string {
  return place.city_label === ''
    ? place.district_label
    : `${place.city_label} — ${place.district_label}`;
}

/** The export's columns (one row per family, then the totals row). */
export const FAMILY_NEEDS_EXPORT_COLUMNS = [
  { key: 'file_number', header: 'رقم الملف' },
  { key: 'head_name', header: 'رب الأسرة' },
  { key: 'city', header: 'المدينة' },
  { key: 'district', header: 'الحي' },
  { key: 'members', header: 'عدد الأفراد' },
  { key: 'daily_kcal', header: 'الاحتياج اليومي (سعرة)' },
  { key: 'period_kcal', header: 'احتياج الفترة (سعرة)' },
  { key: 'planning_daily_kcal', header: 'رقم التخطيط اليومي (سعرة)' },
  { key: 'planning_period_kcal', header: 'رقم التخطيط للفترة (سعرة)' },
  { key: 'rations', header: 'حصص غذائية (فرد/يوم)' },
  { key: 'recorded_needs', header: 'الاحتياجات المسجلة' },
] as const;
