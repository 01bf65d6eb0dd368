import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrganisationDetail } from 'shared-contracts/beneficiaries';
import OrganisationsFormPage from '../src/features/organisations/pages/organisations-form-page';
import { createFakeApi } from 'shared-ui/testing';
import { organisationEndpoints } from 'shared-contracts/beneficiaries';
import { currentLocation, renderPage } from '../src/testing/render-page';

const NOW = '2025-03-01T08:00:00.000Z';

function organisation(overrides: Partial<OrganisationDetail> = {}): OrganisationDetail {
  return {
    id: 3,
    name: 'مؤسسة البر',
    name_en: null,
    type: 'donor',
    registration_number: null,
    contact_person: null,
    phone: null,
    email: null,
    city: null,
    website: null,
    status: 'active',
    agreements_count: 1,
    created_at: NOW,
    updated_at: NOW,
    notes: null,
    agreements: [
      {
        id: 21,
        title: 'اتفاقية سلال رمضان',
        start_date: '2025-01-01',
        end_date: '2025-12-31',
        value: 50000,
        notes: null,
      },
    ],
    ...overrides,
  };
}

describe('organisation form', () => {
  it('validates each agreement row (title required, end not before start) before sending', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.on(organisationEndpoints.create, { status: 201, data: { data: organisation({ id: 9 }) } });
    const view = renderPage(<OrganisationsFormPage />, { route: '/orgs/create', api });

    await user.type(screen.getByLabelText(/اسم الجهة/), 'مؤسسة البر');
    await user.selectOptions(screen.getByLabelText(/نوع الجهة/), 'donor');
    await user.click(screen.getByRole('button', { name: 'إضافة اتفاقية' }));
    const row = screen.getByRole('group', { name: 'الاتفاقية 1' });
    fireEvent.change(within(row).getByLabelText(/تاريخ البداية/), {
      target: { value: '2025-06-01' },
    });
    fireEvent.change(within(row).getByLabelText(/تاريخ النهاية/), {
      target: { value: '2025-01-01' },
    });
    await user.type(within(row).getByLabelText(/القيمة/), '١٢٬٥٠٠');

    await user.click(screen.getByRole('button', { name: 'إضافة الجهة' }));
    expect(await within(row).findByText('هذا الحقل مطلوب')).toBeInTheDocument();
    expect(within(row).getByLabelText(/عنوان الاتفاقية/)).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(row).getByText('تاريخ نهاية الاتفاقية يجب أن يكون في تاريخ البداية أو بعده'),
    ).toBeInTheDocument();
    expect(api.callsTo(organisationEndpoints.create)).toHaveLength(0);

    await user.type(within(row).getByLabelText(/عنوان الاتفاقية/), 'دعم الحقيبة المدرسية');
    fireEvent.change(within(row).getByLabelText(/تاريخ النهاية/), {
      target: { value: '2025-12-31' },
    });
    await user.click(screen.getByRole('button', { name: 'إضافة الجهة' }));

    await waitFor(() => expect(api.callsTo(organisationEndpoints.create)).toHaveLength(1));
    expect(api.callsTo(organisationEndpoints.create)[0]?.body).toMatchObject({
      name: 'مؤسسة البر',
      type: 'donor',
      status: 'active',
      agreements: [
        {
          title: 'دعم الحقيبة المدرسية',
          start_date: '2025-06-01',
          end_date: '2025-12-31',
          value: 12500,
        },
      ],
    });
    await waitFor(() => expect(currentLocation(view.router)).toBe('/orgs/show/9'));
    expect(await screen.findByText('أُضيفت الجهة')).toBeInTheDocument();
  });

  it('removes an agreement row and maps a 422 from the server onto its field', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.on(
      organisationEndpoints.show,
      { params: { id: 3 } },
      { status: 200, data: { data: organisation() } },
    );
    api.on(
      organisationEndpoints.update,
      { params: { id: 3 } },
      {
        status: 422,
        data: {
          message: 'البيانات غير صحيحة',
          errors: { 'agreements.0.title': ['يوجد اتفاقية بالعنوان نفسه'] },
        },
      },
    );
    renderPage(<OrganisationsFormPage />, { route: '/orgs/edit/:id', path: '/orgs/edit/3', api });

    const row = await screen.findByRole('group', { name: 'الاتفاقية 1' });
    expect(within(row).getByLabelText(/عنوان الاتفاقية/)).toHaveValue('اتفاقية سلال رمضان');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await within(row).findByText('يوجد اتفاقية بالعنوان نفسه')).toBeInTheDocument();
    expect(api.callsTo(organisationEndpoints.update, { params: { id: 3 } })[0]?.body).toMatchObject(
      {
        agreements: [{ id: 21, value: 50000 }],
      },
    );

    await user.click(screen.getByRole('button', { name: 'حذف الاتفاقية 1' }));
    expect(screen.queryByRole('group', { name: 'الاتفاقية 1' })).not.toBeInTheDocument();
  });
});
