import { z } from 'zod';
import { listMetaSchema, PERMISSION_KEYS } from 'shared-contracts';
import {
  CALORIE_MESSAGES,
  SEED_CALORIE_SETTINGS,
  calorieVersionSchema,
  dailyCalorieNeed,
  findActivityFieldLabel,
  type CalorieSettingsInput,
} from 'shared-contracts/admin';
import { MESSAGES } from '../src/http/errors';
import { activeCalorieVersion } from '../src/modules/calorie-settings';
import { describeEachDatabase, type TestEmployee } from './support/harness';

const item = z.object({ message: z.string().optional(), data: calorieVersionSchema });
const list = z.object({ data: z.array(calorieVersionSchema), meta: listMetaSchema });

/** The versioned calorie table (docs/family-needs.md), its validation and its history. */
describeEachDatabase('calorie settings', (h) => {
  let editor: TestEmployee;
  let outsider: TestEmployee;

  beforeAll(async () => {
    editor = await h.createEmployee({
      name: 'مسؤولة التغذية',
      permissions: ['show_calorie_settings'],
    });
    outsider = await h.createEmployee({
      name: 'موظف بلا صلاحية',
      permissions: PERMISSION_KEYS.filter((key) => key !== 'show_calorie_settings'),
    });
  });

  const body = (overrides: Partial<CalorieSettingsInput> = {}): CalorieSettingsInput => ({
    ...SEED_CALORIE_SETTINGS,
    note: 'تحديث حسب إرشادات 2004',
    ...overrides,
  });
  const versionCount = async () =>
    (await h.db.selectFrom('calorie_setting_versions').select('id').execute()).length;
  const post = (input: unknown) =>
    h.request('POST', '/api/calorie-settings', { token: editor.token, body: input });
  const bandErrors = async (input: unknown) => {
    const before = await versionCount();
    const response = await post(input);
    expect(response.statusCode).toBe(422);
    expect(await versionCount()).toBe(before);
    const answer = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(answer.message).toBe(MESSAGES.validation);
    return answer.errors;
  };

  test('the seeded version 1 is the reference table and the active one', async () => {
    const response = await h.request('GET', '/api/calorie-settings', { token: editor.token });
    expect(response.statusCode).toBe(200);
    const version = item.parse(response.json()).data;
    expect(version).toMatchObject({
      version_number: 1,
      planning_figure: 2100,
      pregnancy_addition: 285,
      lactation_addition: 500,
      active: true,
    });
    expect(version.bands).toHaveLength(20);
    // The worked example of docs/family-needs.md: father 45, lactating mother 38, son 12, daughter
    // 7, infant girl.
    const family = [
      dailyCalorieNeed(version, { sex: 'male', ageYears: 45 }),
      dailyCalorieNeed(version, { sex: 'female', ageYears: 38, lactating: true }),
      dailyCalorieNeed(version, { sex: 'male', ageYears: 12 }),
      dailyCalorieNeed(version, { sex: 'female', ageYears: 7 }),
      dailyCalorieNeed(version, { sex: 'female', ageYears: 0.5 }),
    ];
    expect(family.reduce((sum, kcal) => (sum ?? 0) + (kcal ?? 0), 0)).toBe(9830);
  });

  test('401 without a session, 403 without show_calorie_settings, 404 for a missing version', async () => {
    expect((await h.request('GET', '/api/calorie-settings')).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/calorie-settings'],
      ['GET', '/api/calorie-settings/versions'],
      ['GET', '/api/calorie-settings/versions/1'],
      ['POST', '/api/calorie-settings'],
    ] as const) {
      expect(
        (
          await h.request(method, url, {
            token: outsider.token,
            body: method === 'POST' ? body() : undefined,
          })
        ).statusCode,
      ).toBe(403);
    }
    const missing = await h.request('GET', '/api/calorie-settings/versions/999999', {
      token: editor.token,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: CALORIE_MESSAGES.notFound });
  });

  test('a gap between bands is refused, naming the ages', async () => {
    const bands = SEED_CALORIE_SETTINGS.bands.map((band) =>
      band.sex === 'male' && band.age_from === 15 ? { ...band, age_to: 17 } : band,
    );
    const errors = await bandErrors(body({ bands }));
    expect(errors.bands).toEqual(['الفئات العمرية للذكور لا تغطي الأعمار من 18 إلى 19']);
  });

  test('overlapping bands, a table not reaching 120, a negative value and an age over 120 are refused', async () => {
    const overlap = SEED_CALORIE_SETTINGS.bands.map((band) =>
      band.sex === 'female' && band.age_from === 20 ? { ...band, age_from: 18 } : band,
    );
    expect((await bandErrors(body({ bands: overlap }))).bands).toEqual([
      'الفئات العمرية للإناث متداخلة في الأعمار من 18 إلى 19',
    ]);

    const short = SEED_CALORIE_SETTINGS.bands.map((band) =>
      band.age_from === 60 ? { ...band, age_to: 99 } : band,
    );
    expect((await bandErrors(body({ bands: short }))).bands).toEqual([
      'الفئات العمرية للذكور لا تغطي الأعمار من 100 إلى 120',
      'الفئات العمرية للإناث لا تغطي الأعمار من 100 إلى 120',
    ]);

    const negative = SEED_CALORIE_SETTINGS.bands.map((band, index) =>
      index === 0 ? { ...band, kcal: -5 } : band,
    );
    const negativeErrors = await bandErrors(body({ bands: negative, pregnancy_addition: -1 }));
    expect(negativeErrors['bands.0.kcal']).toEqual([CALORIE_MESSAGES.kcalRange]);
    expect(negativeErrors.pregnancy_addition).toEqual([CALORIE_MESSAGES.additionRange]);

    const tooOld = SEED_CALORIE_SETTINGS.bands.map((band, index) =>
      index === 19 ? { ...band, age_to: 130 } : band,
    );
    expect((await bandErrors(body({ bands: tooOld })))['bands.19.age_to']).toEqual([
      CALORIE_MESSAGES.ageTooHigh,
    ]);

    const noNote = await bandErrors({ ...body(), note: '' });
    expect(Object.keys(noNote)).toEqual(['note']);
  });

  test('saving creates the next version (201), which becomes the active one; versions list who and when', async () => {
    const bands = SEED_CALORIE_SETTINGS.bands.map((band) =>
      band.sex === 'male' && band.age_from === 20 ? { ...band, kcal: 2500 } : band,
    );
    const response = await post(body({ bands, planning_figure: 2150 }));
    expect(response.statusCode).toBe(201);
    const created = item.parse(response.json());
    expect(created.message).toBe(CALORIE_MESSAGES.created);
    expect(created.data).toMatchObject({
      version_number: 2,
      active: true,
      planning_figure: 2150,
      created_by: { id: editor.row.id, name: 'مسؤولة التغذية' },
    });

    const versions = list.parse(
      (await h.request('GET', '/api/calorie-settings/versions', { token: editor.token })).json(),
    );
    expect(versions.data.map((version) => [version.version_number, version.active])).toEqual([
      [2, true],
      [1, false],
    ]);
    const first = item.parse(
      (
        await h.request('GET', `/api/calorie-settings/versions/${versions.data[1]?.id ?? 0}`, {
          token: editor.token,
        })
      ).json(),
    );
    expect(first.data.planning_figure).toBe(2100);
    // What the reports module reads.
    expect((await activeCalorieVersion(h.db))?.id).toBe(created.data.id);

    const log = (await h.activityRows('create')).find(
      (row) => row.entity_type === 'calorie_settings',
    );
    expect(log).toMatchObject({
      employee_id: editor.row.id,
      entity_id: String(created.data.id),
      entity_label: 'الإصدار 2',
    });
    expect(log?.changes).toEqual({
      version_number: [1, 2],
      note: [null, 'تحديث حسب إرشادات 2004'],
      planning_figure: [2100, 2150],
      bands: [
        expect.arrayContaining(['ذكور من 20 إلى 59 سنة: 2460']),
        expect.arrayContaining(['ذكور من 20 إلى 59 سنة: 2500']),
      ],
    });
  });

  test('the logged fields of a version have Arabic labels', async () => {
    const [row] = (await h.activityRows('create')).filter(
      (log) => log.entity_type === 'calorie_settings',
    );
    const unlabelled = Object.keys(row?.changes ?? {}).filter(
      (field) => findActivityFieldLabel('calorie_settings', field) === undefined,
    );
    expect(unlabelled).toEqual([]);
  });
});
