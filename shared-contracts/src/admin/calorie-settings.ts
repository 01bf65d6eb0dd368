import { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { defineListQuery } from '../core/list-query';
import { ageRangeOf, countOf } from '../core/plural';
import { optionalInput, personRefSchema, textSchema, timestampSchema } from '../core/values';

/**
 * Calorie settings (docs/family-needs.md): the versioned table of daily calorie needs by sex
 * and age band, the pregnancy and lactation additions and the planning figure. A version is never
 * edited: saving creates the next one, with a note; the newest is the active one the family-needs
 * report uses, and an archived report keeps the id of the version it used.
 */

export const CALORIE_SEXES = ['male', 'female'] as const;
export type CalorieSex = (typeof CALORIE_SEXES)[number];
export const CALORIE_SEX_LABELS: Record<CalorieSex, string> = { male: 'ذكور', female: 'إناث' };

export const CALORIE_MAX_AGE = 120;
export const CALORIE_KCAL_MIN = 500;
export const CALORIE_KCAL_MAX = 4000;

export const CALORIE_MESSAGES = {
  notFound: 'إصدار إعدادات السعرات غير موجود',
  created: 'تم حفظ إصدار جديد من إعدادات السعرات',
  ageTooHigh: `العمر يجب ألا يزيد على ${countOf(CALORIE_MAX_AGE, 'year', { case: 'oblique' })}`,
  ageNegative: 'العمر لا يكون سالباً',
  ageOrder: 'نهاية الفئة العمرية يجب ألا تسبق بدايتها',
  kcalRange: `السعرات اليومية بين ${CALORIE_KCAL_MIN} و${CALORIE_KCAL_MAX}`,
  additionRange: 'الزيادة بين 0 و2000 سعرة',
  planningRange: 'رقم التخطيط بين 1000 و4000 سعرة',
  wholeNumber: 'أدخل عدداً صحيحاً',
} as const;

/** "الفئات العمرية للذكور لا تغطي الأعمار من 18 إلى 19" */
export function calorieGapMessage(sex: CalorieSex, from: number, to: number): string {
  return `الفئات العمرية لل${CALORIE_SEX_LABELS[sex]} لا تغطي الأعمار من ${from} إلى ${to}`;
}
/** "الفئات العمرية للإناث متداخلة في الأعمار من 15 إلى 19" */
export function calorieOverlapMessage(sex: CalorieSex, from: number, to: number): string {
  return `الفئات العمرية لل${CALORIE_SEX_LABELS[sex]} متداخلة في الأعمار من ${from} إلى ${to}`;
}

const wholeNumber = (min: number, max: number, rangeMessage: string) =>
  z.coerce
    .number({ error: CALORIE_MESSAGES.wholeNumber })
    .int({ error: CALORIE_MESSAGES.wholeNumber })
    .min(min, { error: rangeMessage })
    .max(max, { error: rangeMessage });

const ageSchema = z.coerce
  .number({ error: CALORIE_MESSAGES.wholeNumber })
  .int({ error: CALORIE_MESSAGES.wholeNumber })
  .min(0, { error: CALORIE_MESSAGES.ageNegative })
  .max(CALORIE_MAX_AGE, { error: CALORIE_MESSAGES.ageTooHigh });

/** One age band: ages in whole years, both ends inclusive (`age_from` 5, `age_to` 9 = 5–9). */
export const calorieBandSchema = z
  .object({
    sex: z.enum(CALORIE_SEXES),
    age_from: ageSchema,
    age_to: ageSchema,
    kcal: wholeNumber(CALORIE_KCAL_MIN, CALORIE_KCAL_MAX, CALORIE_MESSAGES.kcalRange),
  })
  .refine((band) => band.age_to >= band.age_from, {
    message: CALORIE_MESSAGES.ageOrder,
    path: ['age_to'],
  });
export type CalorieBand = z.output<typeof calorieBandSchema>;

/**
 * Each sex's bands must cover 0–120 without gap or overlap: the first problem of each sex, in
 * Arabic, naming the ages. Empty when the table is whole.
 */
export function calorieCoverageProblems(bands: readonly CalorieBand[]): string[] {
  const problems: string[] = [];
  for (const sex of CALORIE_SEXES) {
    const own = bands
      .filter((band) => band.sex === sex)
      .sort((a, b) => a.age_from - b.age_from || a.age_to - b.age_to);
    let next = 0;
    let problem: string | undefined;
    for (const band of own) {
      if (band.age_from > next) problem = calorieGapMessage(sex, next, band.age_from - 1);
      else if (band.age_from < next)
        problem = calorieOverlapMessage(sex, band.age_from, Math.min(next - 1, band.age_to));
      if (problem) break;
      next = band.age_to + 1;
    }
    if (!problem && next <= CALORIE_MAX_AGE)
      problem = calorieGapMessage(sex, next, CALORIE_MAX_AGE);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** `POST /calorie-settings`: the whole table as the next version, with a note saying why. */
export const calorieSettingsInputSchema = z
  .object({
    note: textSchema(500, 3),
    source: optionalInput(textSchema(300)),
    planning_figure: wholeNumber(1000, 4000, CALORIE_MESSAGES.planningRange),
    pregnancy_addition: wholeNumber(0, 2000, CALORIE_MESSAGES.additionRange),
    lactation_addition: wholeNumber(0, 2000, CALORIE_MESSAGES.additionRange),
    bands: z.array(calorieBandSchema).min(2).max(100),
  })
  .superRefine((value, ctx) => {
    for (const message of calorieCoverageProblems(value.bands))
      ctx.addIssue({ code: 'custom', message, path: ['bands'] });
  });
export type CalorieSettingsInput = z.output<typeof calorieSettingsInputSchema>;
export type CalorieSettingsFormValues = z.input<typeof calorieSettingsInputSchema>;

export const calorieVersionSchema = z.object({
  id: z.number().int(),
  version_number: z.number().int(),
  note: z.string(),
  source: z.string().nullable(),
  planning_figure: z.number().int(),
  pregnancy_addition: z.number().int(),
  lactation_addition: z.number().int(),
  bands: z.array(
    z.object({
      sex: z.enum(CALORIE_SEXES),
      age_from: z.number().int(),
      age_to: z.number().int(),
      kcal: z.number().int(),
    }),
  ),
  /** The newest version: what reports use now. */
  active: z.boolean(),
  created_at: timestampSchema,
  created_by: personRefSchema.nullable(),
});
export type CalorieVersion = z.infer<typeof calorieVersionSchema>;
export const calorieVersionResponseSchema = itemEnvelopeOf(calorieVersionSchema);
export const calorieVersionListResponseSchema = listEnvelopeOf(calorieVersionSchema);

export const calorieVersionListQuery = defineListQuery({ sortable: ['created_at'], filters: {} });
export const calorieVersionListQuerySchema = calorieVersionListQuery.schema;

/** A band's ages in words: "أقل من سنة", "سنة واحدة", "من 1 إلى 3 سنوات", "60 سنة فأكثر". */
export function calorieBandAges(band: Pick<CalorieBand, 'age_from' | 'age_to'>): string {
  return ageRangeOf(band.age_from, band.age_to >= CALORIE_MAX_AGE ? null : band.age_to);
}

/** A band as the activity log and comparisons show it: "ذكور من 5 إلى 9 سنوات: 1980". */
export function describeCalorieBand(
  band: Pick<CalorieBand, 'sex' | 'age_from' | 'age_to' | 'kcal'>,
): string {
  return `${CALORIE_SEX_LABELS[band.sex]} ${calorieBandAges(band)}: ${band.kcal}`;
}

/**
 * One person's daily need under a version (docs/family-needs.md, step 1): the band of their sex and
 * age (whole years, capped at 120) plus the pregnancy and lactation additions. `undefined` only for
 * a table that does not cover the age (never one the API accepted).
 */
export function dailyCalorieNeed(
  version: Pick<CalorieVersion, 'bands' | 'pregnancy_addition' | 'lactation_addition'>,
  person: { sex: CalorieSex; ageYears: number; pregnant?: boolean; lactating?: boolean },
): number | undefined {
  const age = Math.min(Math.max(Math.floor(person.ageYears), 0), CALORIE_MAX_AGE);
  const band = version.bands.find(
    (item) => item.sex === person.sex && item.age_from <= age && age <= item.age_to,
  );
  if (!band) return undefined;
  return (
    band.kcal +
    (person.pregnant ? version.pregnancy_addition : 0) +
    (person.lactating ? version.lactation_addition : 0)
  );
}

/** The seed (docs/family-needs.md: UNHCR/WFP 1997 Annex I, light activity). */
export const SEED_CALORIE_SETTINGS: CalorieSettingsInput = {
  note: 'الجدول الأولي من إرشادات المفوضية وبرنامج الأغذية العالمي',
  // In Arabic: it is shown on the page (UNHCR/WFP 1997, Annex I; WHO Technical Report Series 724).
  source:
    'إرشادات المفوضية السامية للأمم المتحدة لشؤون اللاجئين وبرنامج الأغذية العالمي (1997)، الملحق الأول، عن تقرير منظمة الصحة العالمية الفني رقم 724',
  planning_figure: 2100,
  pregnancy_addition: 285,
  lactation_addition: 500,
  bands: (
    [
      [0, 0, 850, 780],
      [1, 1, 1250, 1190],
      [2, 2, 1430, 1330],
      [3, 3, 1560, 1440],
      [4, 4, 1690, 1540],
      [5, 9, 1980, 1730],
      [10, 14, 2370, 2040],
      [15, 19, 2700, 2120],
      [20, 59, 2460, 1990],
      [60, CALORIE_MAX_AGE, 2010, 1780],
    ] as const
  ).flatMap(([from, to, male, female]) => [
    { sex: 'male' as const, age_from: from, age_to: to, kcal: male },
    { sex: 'female' as const, age_from: from, age_to: to, kcal: female },
  ]),
};

const calorieSettingsAccess = access.allOf('show_calorie_settings');

export const calorieSettingsEndpoints = defineEndpoints('calorie-settings', {
  active: {
    method: 'GET',
    path: '/calorie-settings',
    response: calorieVersionResponseSchema,
    access: calorieSettingsAccess,
    summary: 'إعدادات السعرات الحرارية المعمول بها',
  },
  versions: {
    method: 'GET',
    path: '/calorie-settings/versions',
    query: calorieVersionListQuerySchema,
    response: calorieVersionListResponseSchema,
    access: calorieSettingsAccess,
    summary: 'إصدارات إعدادات السعرات الحرارية',
  },
  version: {
    method: 'GET',
    path: '/calorie-settings/versions/:id',
    response: calorieVersionResponseSchema,
    access: calorieSettingsAccess,
    summary: 'إصدار من إعدادات السعرات الحرارية',
  },
  create: {
    method: 'POST',
    path: '/calorie-settings',
    body: calorieSettingsInputSchema,
    response: calorieVersionResponseSchema,
    status: 201,
    access: calorieSettingsAccess,
    summary: 'حفظ إصدار جديد من إعدادات السعرات الحرارية',
  },
});
