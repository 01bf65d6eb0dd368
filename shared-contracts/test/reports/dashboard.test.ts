import { countOf } from '../../src/core/plural';
import {
  DASHBOARD_NOUNS,
  DASHBOARD_SECTION_KEYS,
  dashboardEndpoints,
  dashboardMonths,
  dashboardSchema,
  monthBounds,
} from '../../src/reports/dashboard';

describe('dashboard contract', () => {
  test('GET /dashboard needs show_index', () => {
    expect(dashboardEndpoints.show).toMatchObject({
      method: 'GET',
      path: '/dashboard',
      access: { kind: 'permissions', all: ['show_index'] },
    });
  });

  test('each section is opened by the key of the list behind it', () => {
    expect(DASHBOARD_SECTION_KEYS).toEqual({
      families: 'show_families',
      visits: 'show_families',
      services: 'show_services',
      finance: 'show_financial',
      seminars: 'show_seminars',
      surveys: 'show_surveys',
    });
  });

  test('the registrations series: twelve months ending with this one, across a year', () => {
    expect(dashboardMonths('2026-02-10')).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(dashboardMonths('2026-12-31', 2)).toEqual(['2026-11', '2026-12']);
  });

  test('month bounds, leap years included', () => {
    expect(monthBounds('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthBounds('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthBounds('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  test('sections may be null; money must be a two-decimal string', () => {
    const bare = {
      today: '2026-11-24',
      month: '2026-11',
      families: null,
      visits: null,
      services: null,
      finance: null,
      seminars: null,
      surveys: null,
    };
    expect(dashboardSchema.parse(bare)).toEqual(bare);
    expect(
      dashboardSchema.safeParse({ ...bare, finance: { income: 0.3, expense: '1.00' } }).success,
    ).toBe(false);
    expect(
      dashboardSchema.safeParse({ ...bare, finance: { income: '0.30', expense: '1.00' } }).success,
    ).toBe(true);
  });

  test('the nouns count in Arabic', () => {
    expect(countOf(1, DASHBOARD_NOUNS.seminar)).toBe('ندوة واحدة');
    expect(countOf(2, DASHBOARD_NOUNS.survey)).toBe('استبيانان');
    expect(countOf(5, DASHBOARD_NOUNS.response)).toBe('5 ردود');
  });
});
