import { SEED_CALORIE_SETTINGS, dailyCalorieNeed } from '../../src/admin';
import {
  BUILT_REPORT_KINDS,
  FAMILY_NEEDS_MESSAGES,
  familyNeedsArchiveInputSchema,
  familyNeedsQuerySchema,
  foodBasketOf,
  periodDays,
  rationsOf,
} from '../../src/reports';
import { REPORT_KINDS } from '../../src/routes';

const version = { ...SEED_CALORIE_SETTINGS };

/**
 * The worked example of docs/family-needs.md, hand-computed:
 * 2,460 + (1,990 + 500) + 2,370 + 1,730 + 780 = 9,830 kcal/day.
 */
describe('family needs: the reference worked example', () => {
  const family = [
    { sex: 'male', ageYears: 45 },
    { sex: 'female', ageYears: 38, lactating: true },
    { sex: 'male', ageYears: 12 },
    { sex: 'female', ageYears: 7 },
    { sex: 'female', ageYears: 0 },
  ] as const;

  test('each member and the family', () => {
    const needs = family.map((person) => dailyCalorieNeed(version, person));
    expect(needs).toEqual([2460, 2490, 2370, 1730, 780]);
    const daily = needs.reduce<number>((sum, kcal) => sum + (kcal ?? 0), 0);
    expect(daily).toBe(9830);
    expect(version.planning_figure * family.length).toBe(10_500);
    // 30 days ≈ 295,000 kcal ≈ 140 person-day rations.
    expect(daily * periodDays('2026-03-01', '2026-03-30')).toBe(294_900);
    expect(rationsOf(294_900, version.planning_figure)).toBe(140.4);
  });

  test('the basket of 140.4 rations (WFP grams per person-day)', () => {
    const basket = foodBasketOf(140.4);
    expect(basket.find((item) => item.code === 'cereal')?.kg).toBe(56.16);
    expect(basket.find((item) => item.code === 'oil')?.kg).toBe(3.51);
  });
});

describe('family needs: parameters', () => {
  test('both dates required, in order, in Arabic', () => {
    const reversed = familyNeedsQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]?.message).toBe(FAMILY_NEEDS_MESSAGES.periodOrder);
    expect(familyNeedsQuerySchema.safeParse({ from: '', to: '' }).success).toBe(false);
    expect(
      familyNeedsQuerySchema.parse({
        from: '2026-01-01',
        to: '2026-01-31',
        season_id: '',
        district: '',
      }),
    ).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  test('an archive body is the parameters and an optional title', () => {
    expect(
      familyNeedsArchiveInputSchema.parse({ from: '2026-01-01', to: '2026-01-31', season_id: '3' }),
    ).toMatchObject({ season_id: 3 });
    expect(
      familyNeedsArchiveInputSchema.safeParse({ from: '2026-01-01', to: '2026-01-31', title: 'أ' })
        .success,
    ).toBe(false);
  });

  test('the built kinds are report kinds', () => {
    for (const kind of BUILT_REPORT_KINDS) expect(REPORT_KINDS).toContain(kind);
  });
});
