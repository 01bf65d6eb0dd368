import type { FamilyNeedsArchive, FamilyNeedsReport } from 'shared-contracts/reports';
import { archiveOf } from './fixtures';

/**
 * The family-needs report of the worked example of docs/family-needs.md (9,830 kcal/day, 30 days)
 * and one other family, as the API answers it; `overrides` change the figures.
 */
export function familyNeedsReport(overrides: Partial<FamilyNeedsReport> = {}): FamilyNeedsReport {
  return {
    kind: 'family-needs',
    period: { from: '2026-03-01', to: '2026-03-30', days: 30 },
    parameters: {
      season_id: null,
      season_name: null,
      city: 'riyadh',
      district: null,
      category: null,
    },
    calorie_settings: {
      id: 4,
      version_number: 2,
      planning_figure: 2100,
      pregnancy_addition: 285,
      lactation_addition: 500,
    },
    rows: [
      {
        family: { id: 11, file_number: 'F-1447-00011', head_name: 'عبدالله محمد القحطاني' },
        city: 'riyadh',
        district: 'riyadh_olaya',
        city_label: 'الرياض',
        district_label: 'العليا',
        members: 5,
        members_unbanded: 0,
        daily_kcal: 9830,
        period_kcal: 294_900,
        planning_daily_kcal: 10_500,
        planning_period_kcal: 315_000,
        rations: 140.4,
        recorded_needs: ['مواد غذائية'],
      },
      {
        family: { id: 12, file_number: 'F-1447-00012', head_name: 'خالد سعد الحربي' },
        city: 'riyadh',
        district: 'riyadh_malaz',
        city_label: 'الرياض',
        district_label: 'الملز',
        members: 3,
        members_unbanded: 0,
        daily_kcal: 6820,
        period_kcal: 204_600,
        planning_daily_kcal: 6300,
        planning_period_kcal: 189_000,
        rations: 97.4,
        recorded_needs: [],
      },
    ],
    rows_total: 2,
    totals: {
      families: 2,
      members: 8,
      members_unbanded: 0,
      daily_kcal: 16_650,
      period_kcal: 499_500,
      planning_daily_kcal: 16_800,
      planning_period_kcal: 504_000,
      rations: 237.9,
      basket: [
        { code: 'cereal', label: 'حبوب / دقيق / أرز', grams_per_ration: 400, kg: 95.16 },
        { code: 'oil', label: 'زيت نباتي مدعّم', grams_per_ration: 25, kg: 5.948 },
      ],
    },
    by_district: [
      {
        city: 'riyadh',
        city_label: 'الرياض',
        district: 'riyadh_olaya',
        district_label: 'العليا',
        families: 1,
        members: 5,
        members_unbanded: 0,
        daily_kcal: 9830,
        period_kcal: 294_900,
        planning_daily_kcal: 10_500,
        planning_period_kcal: 315_000,
        rations: 140.4,
      },
      {
        city: 'riyadh',
        city_label: 'الرياض',
        district: 'riyadh_malaz',
        district_label: 'الملز',
        families: 1,
        members: 3,
        members_unbanded: 0,
        daily_kcal: 6820,
        period_kcal: 204_600,
        planning_daily_kcal: 6300,
        planning_period_kcal: 189_000,
        rations: 97.4,
      },
    ],
    by_season: [],
    ...overrides,
  };
}

/** An archive of `snapshot`, made on 2026-03-31 by the report fixture's employee. */
export function familyNeedsArchive(
  snapshot: FamilyNeedsReport = familyNeedsReport(),
): FamilyNeedsArchive {
  return archiveOf(snapshot, {
    id: 7,
    title: 'احتياجات شهر مارس',
    calorie_settings_version_id: snapshot.calorie_settings.id,
    row_count: snapshot.rows.length,
    created_at: '2026-03-31T09:15:00.000Z',
  });
}
