import { collectMigrations } from '../../src/db/migrate';
import { BASELINE, isBaselinePart } from '../../src/db/migrations';
import type { BaselinePart, NamedMigration } from '../../src/db/migrations/types';
import { droppedFields } from '../../src/http/endpoint';
import { API_MODULES } from '../../src/modules';

const migration = (name: string): NamedMigration => ({ name, up: async () => undefined });
/** The modules' shares of the shipped baseline (`collectMigrations` refuses a baseline with a step missing). */
const baselineParts: BaselinePart[] = API_MODULES.flatMap(
  (module) => module.migrations ?? [],
).filter(isBaselinePart);
const BASELINE_NAMES = BASELINE.map((item) => item.name);

describe('migrations: the baseline, then the modules’ own', () => {
  test('module migrations sort after the baseline, in date order', () => {
    const all = collectMigrations([
      migration('2026_12_01_services_types'),
      ...baselineParts,
      migration('2026_11_23_services_create'),
    ]);
    expect(all.map((item) => item.name)).toEqual([
      '0001_foundation',
      '0002_beneficiaries',
      '2026_11_23_services_create',
      '2026_12_01_services_types',
    ]);
    expect(BASELINE_NAMES).toEqual(['0001_foundation', '0002_beneficiaries']);
  });

  test('a module migration must be named YYYY_MM_DD_<module>_<what>, once', () => {
    expect(() => collectMigrations([migration('0003_services')])).toThrow(/YYYY_MM_DD/);
    expect(() => collectMigrations([migration('services_create')])).toThrow(/YYYY_MM_DD/);
    expect(() =>
      collectMigrations([...baselineParts, migration('2026_11_23_a'), migration('2026_11_23_a')]),
    ).toThrow(/Two migrations/);
  });

  test('the baseline is assembled from the modules’ shares, each step given once', () => {
    const [first, ...rest] = baselineParts;
    if (!first) throw new Error('no baseline parts');
    expect(() => collectMigrations(rest)).toThrow(
      `No module gives the baseline step ${first.baselineStep}`,
    );
    expect(() => collectMigrations([...baselineParts, first])).toThrow(/Two modules give/);
    expect(() =>
      collectMigrations([...baselineParts, { baselineStep: 'nothing', up: async () => undefined }]),
    ).toThrow(/No baseline migration has a step nothing/);
    expect(new Set(baselineParts.map((part) => part.baselineStep))).toEqual(
      new Set(BASELINE.flatMap((item) => item.steps)),
    );
  });

  test('the shipped modules’ migrations follow the baseline, each named after its module', () => {
    const all = collectMigrations(API_MODULES.flatMap((module) => module.migrations ?? []));
    expect(all.slice(0, BASELINE_NAMES.length).map((item) => item.name)).toEqual(BASELINE_NAMES);
    for (const module of API_MODULES) {
      for (const entry of module.migrations ?? []) {
        if (isBaselinePart(entry)) continue;
        expect(entry.name).toMatch(
          new RegExp(`^\\d{4}_\\d{2}_\\d{2}_${module.name.replace(/-/g, '_')}_[a-z0-9_]+$`),
        );
      }
    }
    // TRUNCATE refused on the activity log
    expect(all.map((item) => item.name)).toContain('2026_11_23_activity_log_no_truncate');
  });
});

describe('the module list', () => {
  test('one entry per module folder, names unique', () => {
    const names = API_MODULES.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'health',
        'auth',
        'employees',
        'activity-log',
        'lookups',
        'families',
        'family-members',
        'organisations',
        'seasons',
        'openapi',
        'bench',
      ]),
    );
  });

  test('the employees seed comes first (it decides that a database is new), seasons after families and organisations', () => {
    const seeding = API_MODULES.filter((module) => module.seed).map((module) => module.name);
    expect(seeding[0]).toBe('employees');
    expect(seeding).toEqual(expect.arrayContaining(['families', 'organisations', 'seasons']));
    expect(seeding.indexOf('seasons')).toBeGreaterThan(
      Math.max(seeding.indexOf('families'), seeding.indexOf('organisations')),
    );
  });
});

describe('strict contracts: the fields a declaration would drop', () => {
  test('nested objects and arrays; undefined values do not count', () => {
    const sent = {
      data: { id: 1, extra: 'x', members: [{ id: 2, secret: true }], gone: undefined },
      warnings: [],
    };
    const kept = { data: { id: 1, members: [{ id: 2 }] }, warnings: [] };
    expect(droppedFields(sent, kept)).toEqual(['data.extra', 'data.members[0].secret']);
    expect(droppedFields(kept, kept)).toEqual([]);
  });
});
