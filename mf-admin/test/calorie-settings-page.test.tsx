import { screen, waitFor, within } from '@testing-library/react';
import {
  SEED_CALORIE_SETTINGS,
  type CalorieVersion,
  calorieSettingsEndpoints,
} from 'shared-contracts/admin';
import { createFakeApi, listReply } from 'shared-ui/testing';
import CalorieSettingsPage from '../src/features/calorie-settings/pages/calorie-settings-page';
import { compareRows } from '../src/features/calorie-settings/components/version-compare';
import { superAdmin } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

const first: CalorieVersion = {
  id: 1,
  version_number: 1,
  note: SEED_CALORIE_SETTINGS.note,
  source: SEED_CALORIE_SETTINGS.source ?? null,
  planning_figure: 2100,
  pregnancy_addition: 285,
  lactation_addition: 500,
  bands: SEED_CALORIE_SETTINGS.bands.map((band) => ({ ...band })),
  active: false,
  created_at: '2026-01-01T08:00:00.000Z',
  created_by: null,
};
const second: CalorieVersion = {
  ...first,
  id: 2,
  version_number: 2,
  note: 'رفع احتياج البالغين',
  planning_figure: 2150,
  bands: first.bands.map((band) =>
    band.sex === 'male' && band.age_from === 20 ? { ...band, kcal: 2500 } : band,
  ),
  active: true,
  created_at: '2026-02-01T08:00:00.000Z',
  created_by: { id: 1, name: 'مدير النظام' },
};

function api() {
  const fake = createFakeApi();
  fake.on(calorieSettingsEndpoints.active, { status: 200, data: { data: second } });
  fake.on(calorieSettingsEndpoints.versions, listReply([second, first]));
  return fake;
}

describe('calorie settings page', () => {
  it('shows the active table by sex and age band, the versions with who and when, and compares two', async () => {
    renderPage(<CalorieSettingsPage />, { path: '/calories', currentUser: superAdmin, api: api() });
    const males = await screen.findByRole('table', { name: 'الاحتياج اليومي للذكور' });
    const adults = within(males).getByText('من 20 إلى 59 سنة').closest('tr');
    expect(adults).toHaveTextContent('2,500');
    expect(within(males).getByText('أقل من سنة')).toBeInTheDocument();
    expect(within(males).getByText('60 سنة فأكثر')).toBeInTheDocument();
    // One age counted in Arabic, never «1 سنة / 2 سنة / 3 سنة».
    for (const age of ['سنة واحدة', 'سنتان', '3 سنوات', '4 سنوات', 'من 5 إلى 9 سنوات'])
      expect(within(males).getByText(age)).toBeInTheDocument();
    expect(within(males).queryByText(/^\d+ سنة$/)).not.toBeInTheDocument();

    const versions = await screen.findByRole('table', { name: 'إصدارات جدول السعرات' });
    expect(within(versions).getByText('رفع احتياج البالغين')).toBeInTheDocument();
    expect(within(versions).getByText('المعمول به')).toBeInTheDocument();
    const compared = screen.getByRole('table', { name: 'مقارنة الإصدار 1 بالإصدار 2' });
    const changed = within(compared).getByText('ذكور: من 20 إلى 59 سنة').closest('tr');
    expect(changed).toHaveTextContent('50');
    expect(
      compareRows(first, second)
        .filter((row) => row.left !== row.right)
        .map((row) => row.key),
    ).toEqual(['planning', 'male-20']);
  });

  it('saves an edit as a new version with a note, naming a gap before sending', async () => {
    const fake = api();
    fake.on(calorieSettingsEndpoints.create, {
      status: 201,
      data: {
        message: 'تم حفظ إصدار جديد من إعدادات السعرات',
        data: { ...second, id: 3, version_number: 3 },
      },
    });
    const { user } = renderPage(<CalorieSettingsPage />, {
      path: '/calories',
      currentUser: superAdmin,
      api: fake,
    });
    await user.click(await screen.findByRole('button', { name: 'تعديل الجدول' }));
    const form = await screen.findByRole('form', { name: 'إصدار جديد من إعدادات السعرات' });

    // Band 15 of the males (the 15–19 band) now ends at 17: a gap the page names at once.
    const to = within(form).getAllByLabelText('إلى عمر')[14];
    if (!to) throw new Error('band not found');
    await user.clear(to);
    await user.type(to, '17');
    expect(await within(form).findByText(/لا تغطي الأعمار من 18 إلى 19/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'حفظ كإصدار جديد' }));
    expect(fake.callsTo(calorieSettingsEndpoints.create)).toHaveLength(0);

    await user.clear(to);
    await user.type(to, '19');
    await user.type(within(form).getByLabelText(/^ملاحظة التعديل/), 'مراجعة سنوية');
    await user.click(within(form).getByRole('button', { name: 'حفظ كإصدار جديد' }));
    await waitFor(() => expect(fake.callsTo(calorieSettingsEndpoints.create)).toHaveLength(1));
    const body = fake.lastCallTo(calorieSettingsEndpoints.create)?.body as {
      note: string;
      bands: unknown[];
    };
    expect(body.note).toBe('مراجعة سنوية');
    expect(body.bands).toHaveLength(20);
    expect(await screen.findByText('الإصدار 3 هو المعمول به الآن')).toBeInTheDocument();
  });
});
