import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FamiliesEditPage from '../src/features/families/pages/families-edit-page';
import { createFakeApi, type FakeReply } from 'shared-ui/testing';
import { familyEndpoints } from 'shared-contracts/beneficiaries';
import { SPOUSE_ID, familyDetail, familyWritten } from '../src/testing/fixtures';
import { currentLocation, renderPage } from '../src/testing/render-page';

function editApi(putReply: FakeReply | (() => Promise<FakeReply>)) {
  const api = createFakeApi();
  api.on(
    familyEndpoints.show,
    { params: { id: 7 } },
    { status: 200, data: { data: familyDetail() } },
  );
  api.on(familyEndpoints.checkNationalId, {
    status: 200,
    data: { data: { available: true } },
  });
  api.on(familyEndpoints.checkPhone, { status: 200, data: { data: { families: [] } } });
  api.on(familyEndpoints.checkSimilarMembers, {
    status: 200,
    data: { data: { matches: [] } },
  });
  api.on(
    familyEndpoints.update,
    { params: { id: 7 } },
    typeof putReply === 'function' ? putReply : () => putReply,
  );
  return api;
}

const open = (api: ReturnType<typeof editApi>) =>
  renderPage(<FamiliesEditPage />, {
    route: '/families/edit/:id',
    path: '/families/edit/7',
    api,
    routes: [{ path: '/families/show/:id', element: <p>ملف الأسرة</p> }],
  });

describe('family edit form', () => {
  it('is prefilled from the family and saves with PUT, the submit disabled while saving', async () => {
    const user = userEvent.setup();
    let release: (reply: FakeReply) => void = () => undefined;
    const api = editApi(() => new Promise<FakeReply>((resolve) => (release = resolve)));
    const view = open(api);

    const phone = await screen.findByLabelText(/الجوال الأساسي/);
    // The UI's one phone format, in the form too.
    expect(phone).toHaveValue('0501234567');
    expect(screen.getByLabelText(/الاسم الكامل لرب الأسرة/)).toHaveValue('محمد أحمد علي الشهري');
    expect(screen.getByLabelText(/الإيجار الشهري/)).toHaveValue('1500');
    expect(screen.getByRole('checkbox', { name: 'ذوو الدخل المحدود' })).toBeChecked();
    expect(
      within(screen.getByRole('table', { name: 'أفراد الأسرة' })).getByText(SPOUSE_ID),
    ).toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, '0559876543');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    await waitFor(() =>
      expect(api.callsTo(familyEndpoints.update, { params: { id: 7 } })).toHaveLength(1),
    );
    expect(screen.getByRole('button', { name: 'حفظ التعديلات' })).toBeDisabled();
    expect(api.callsTo(familyEndpoints.update, { params: { id: 7 } })[0]?.body).toMatchObject({
      primary_phone: '+966559876543',
      head: { id: 11, national_id: expect.any(String) },
      members: [{ id: 12, relationship: 'spouse' }],
      monthly_rent: 1500,
      categories: ['low_income'],
    });

    release({ status: 200, data: familyWritten(familyDetail({ primary_phone: '+966559876543' })) });
    await waitFor(() => expect(currentLocation(view.router)).toBe('/families/show/7'));
    expect(await screen.findByText('حُفظت تعديلات الأسرة')).toBeInTheDocument();
  });

  it('puts 422 errors on their fields and asks before leaving with the changes', async () => {
    const user = userEvent.setup();
    const api = editApi({
      status: 422,
      data: {
        message: 'البيانات المدخلة غير صحيحة',
        errors: {
          'members.0.national_id': ['رقم الهوية مسجل في أسرة أخرى'],
          national_address_short_code: ['العنوان غير موجود'],
        },
      },
    });
    const view = open(api);
    const address = await screen.findByLabelText(/العنوان الوطني المختصر/);
    await user.clear(address);
    await user.type(address, 'ABCD1234');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));

    await waitFor(() => expect(address).toHaveAttribute('aria-invalid', 'true'));
    expect(address).toHaveAccessibleDescription(expect.stringContaining('العنوان غير موجود'));
    expect(
      within(screen.getByRole('table', { name: 'أفراد الأسرة' })).getByText(
        'رقم الهوية مسجل في أسرة أخرى',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'الأسر' }));
    expect(await screen.findByRole('dialog', { name: 'مغادرة الصفحة؟' })).toBeInTheDocument();
    expect(currentLocation(view.router)).toBe('/families/edit/7');
  });

  it('validates on the client before sending (rent required when rented)', async () => {
    const user = userEvent.setup();
    const api = editApi({ status: 200, data: familyWritten(familyDetail()) });
    open(api);
    const rent = await screen.findByLabelText(/الإيجار الشهري/);
    await user.clear(rent);
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(
      await screen.findByText('الإيجار الشهري مطلوب عندما يكون السكن مستأجراً'),
    ).toBeInTheDocument();
    expect(api.callsTo(familyEndpoints.update, { params: { id: 7 } })).toHaveLength(0);
  });
});
