import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BULK_MESSAGES,
  bulkActionEndpoints,
} from 'shared-contracts/resources/bulk-actions-contracts';
import {
  PRIVACY_MESSAGES,
  privacyEndpoints,
  type DueFamily,
} from 'shared-contracts/resources/privacy-contracts';
import { createFakeApi } from 'shared-ui/testing';
import PrivacyPage from '../src/features/privacy/pages/privacy-page';
import { employee } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

const DUE: DueFamily[] = [
  {
    id: 7,
    file_number: 'F-1441-00007',
    head_name: 'أسرة قديمة',
    status: 'archived',
    last_activity_at: '2020-03-01T09:00:00.000Z',
  },
  {
    id: 8,
    file_number: 'F-1441-00008',
    head_name: 'أسرة مرفوضة',
    status: 'rejected',
    last_activity_at: '2020-05-10T09:00:00.000Z',
  },
];

/** The data-protection officer («مسؤول حماية البيانات»). */
const OFFICER: Parameters<typeof employee>[0] = [
  'show_families',
  'manage_personal_data',
  'anonymise_families',
];

/** docs/personal-data.md#the-privacy-page: «حماية البيانات». */
function render(permissions = OFFICER) {
  const api = createFakeApi();
  let years = 5;
  api.on(privacyEndpoints.retention, () => ({
    status: 200,
    data: { data: { inactive_years: years, updated_at: null, updated_by: null } },
  }));
  api.on(privacyEndpoints.updateRetention, (call) => {
    const value = Number((call.body as { inactive_years: unknown }).inactive_years);
    if (!Number.isInteger(value) || value < 1 || value > 30)
      return {
        status: 422,
        data: {
          message: PRIVACY_MESSAGES.yearsRange,
          errors: { inactive_years: [PRIVACY_MESSAGES.yearsRange] },
        },
      };
    years = value;
    return {
      status: 200,
      data: {
        message: PRIVACY_MESSAGES.saved,
        data: { inactive_years: years, updated_at: null, updated_by: null },
      },
    };
  });
  api.on(privacyEndpoints.dueFamilies, () => ({
    status: 200,
    data: { data: DUE, meta: { page: 1, per_page: 20, total: 2, last_page: 1 } },
  }));
  api.on(bulkActionEndpoints.anonymise, {
    status: 200,
    data: { message: 'تم تحديث أسرتين', data: { total: 2, done: [7, 8], failed: [] } },
  });
  renderPage(<PrivacyPage />, {
    route: '/privacy',
    path: '/privacy',
    api,
    user: employee(permissions),
  });
  return api;
}

describe('the privacy page', () => {
  it('shows the setting and the families due: file number isolated, status, last activity', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'حماية البيانات' })).toBeInTheDocument();
    expect(await screen.findByText(/5 سنوات أو أكثر/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'الأسر المستحقة للتجهيل' });
    const link = within(table).getByRole('link', { name: 'F-1441-00007' });
    expect(link).toHaveAttribute('href', '/families/show/7');
    expect(link.querySelector('bdi')).not.toBeNull();
    expect(within(table).getByText('مؤرشفة')).toBeInTheDocument();
    expect(within(table).getByText('مرفوضة')).toBeInTheDocument();
    // A formatted date, not the raw timestamp.
    expect(within(table).queryByText(/2020-03-01T/)).toBeNull();
  });

  it('edits the setting in a dialog: a 422 lands on the field, then it is saved', async () => {
    const user = userEvent.setup();
    const api = render();
    await user.click(await screen.findByRole('button', { name: 'تعديل مدة الاحتفاظ' }));
    const dialog = screen.getByRole('dialog', { name: 'تعديل مدة الاحتفاظ بالبيانات' });
    const field = within(dialog).getByLabelText(/المدة بالسنوات/);
    expect(field).toHaveValue('5');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ المدة' }));
    expect(await within(dialog).findByText(PRIVACY_MESSAGES.yearsWhole)).toBeInTheDocument();
    expect(api.callsTo(privacyEndpoints.updateRetention)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '7');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ المدة' }));
    await waitFor(() => expect(api.callsTo(privacyEndpoints.updateRetention)).toHaveLength(1));
    expect(api.callsTo(privacyEndpoints.updateRetention)[0]?.body).toEqual({ inactive_years: 7 });
    expect(await screen.findByText(/7 سنوات أو أكثر/)).toBeInTheDocument();
  });

  it('erases the selected families in bulk after the reason and the typed count', async () => {
    const user = userEvent.setup();
    const api = render();
    await screen.findByRole('table', { name: 'الأسر المستحقة للتجهيل' });
    await user.click(screen.getByRole('checkbox', { name: 'تحديد كل صفوف الصفحة' }));
    const bar = screen.getByRole('group', { name: 'الإجراءات الجماعية' });
    await user.click(within(bar).getByRole('button', { name: 'تجهيل بيانات الأسر المحددة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تجهيل بيانات الأسر المحددة' });
    const confirm = within(dialog).getByRole('button', { name: 'تجهيل البيانات نهائيًا' });
    await user.click(confirm);
    expect(within(dialog).getByText('يجب ذكر السبب')).toBeInTheDocument();
    expect(within(dialog).getByText(BULK_MESSAGES.confirmCountRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/سبب التجهيل/), 'انقضت مدة الاحتفاظ');
    const count = within(dialog).getByLabelText(/اكتب عدد الأسر المحددة/);
    await user.type(count, '3');
    await user.click(confirm);
    expect(within(dialog).getByText(BULK_MESSAGES.confirmCountMismatch)).toBeInTheDocument();
    expect(api.callsTo(bulkActionEndpoints.anonymise)).toHaveLength(0);

    await user.clear(count);
    // Arabic-Indic digits are read as the same number.
    await user.type(count, '٢');
    await user.click(confirm);
    expect(await within(dialog).findByText('تم تحديث أسرتين')).toBeInTheDocument();
    expect(api.callsTo(bulkActionEndpoints.anonymise)[0]?.body).toEqual({
      action: 'anonymise',
      reason: 'انقضت مدة الاحتفاظ',
      confirm_count: 2,
      ids: [7, 8],
    });
  });

  it('without anonymise_families: the list and the setting, no checkboxes', async () => {
    render(['show_families', 'manage_personal_data']);
    await screen.findByRole('table', { name: 'الأسر المستحقة للتجهيل' });
    expect(screen.queryByRole('checkbox', { name: /^تحديد/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'تعديل مدة الاحتفاظ' })).toBeEnabled();
  });
});
