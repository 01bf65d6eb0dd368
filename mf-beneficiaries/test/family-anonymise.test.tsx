import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { familyEndpoints } from 'shared-contracts/beneficiaries';
import {
  ANONYMISED_FAMILY_NAME,
  FAMILY_ERASURE_MESSAGES,
  familyErasureEndpoints,
} from 'shared-contracts/resources/family-erasure-contracts';
import { createFakeApi } from 'shared-ui/testing';
import FamiliesShowPage from '../src/features/families/pages/families-show-page';
import { employee, familyDetail, familyWritten } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

/** docs/personal-data.md#erasure: the family page's «تجهيل بيانات الأسرة». */
function render(permissions?: Parameters<typeof employee>[0]) {
  const api = createFakeApi();
  let current = familyDetail({ status: 'approved' });
  api.on(familyEndpoints.show, { params: { id: 7 } }, () => ({
    status: 200,
    data: { data: current },
  }));
  api.on(
    familyEndpoints.timeline,
    { params: { id: 7 } },
    { status: 200, data: { data: [], meta: { page: 1, per_page: 100, total: 0, last_page: 1 } } },
  );
  api.on(familyErasureEndpoints.anonymise, { params: { id: 7 } }, (call) => {
    const body = call.body as { file_number: string };
    if (body.file_number !== 'F-1446-00007')
      return {
        status: 422,
        data: {
          message: FAMILY_ERASURE_MESSAGES.fileNumberMismatch,
          errors: { file_number: [FAMILY_ERASURE_MESSAGES.fileNumberMismatch] },
        },
      };
    current = familyDetail({
      status: 'approved',
      head_name: ANONYMISED_FAMILY_NAME,
      anonymised_at: '2026-12-06T10:00:00.000Z',
    });
    return {
      status: 200,
      data: { ...familyWritten(current), message: FAMILY_ERASURE_MESSAGES.done },
    };
  });
  renderPage(<FamiliesShowPage />, {
    route: '/families/show/:id',
    path: '/families/show/7',
    api,
    ...(permissions ? { user: employee(permissions) } : {}),
  });
  return api;
}

describe('anonymising a family', () => {
  it('asks for the reason and the file number typed again, then shows the anonymised family', async () => {
    const user = userEvent.setup();
    const api = render(['show_families', 'edit_families', 'anonymise_families']);
    await user.click(await screen.findByRole('button', { name: 'تجهيل بيانات الأسرة' }));
    const dialog = screen.getByRole('dialog', { name: 'تجهيل بيانات الأسرة نهائيًا؟' });
    const reason = within(dialog).getByLabelText(/سبب التجهيل/);
    const fileNumber = within(dialog).getByLabelText(/اكتب رقم ملف الأسرة للتأكيد/);
    await user.click(within(dialog).getByRole('button', { name: 'تجهيل البيانات' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(familyErasureEndpoints.anonymise)).toHaveLength(0);

    await user.type(reason, 'طلب محو من صاحب البيانات');
    await user.type(fileNumber, 'F-1446-00008');
    await user.click(within(dialog).getByRole('button', { name: 'تجهيل البيانات' }));
    expect(
      await within(dialog).findByText(FAMILY_ERASURE_MESSAGES.fileNumberMismatch),
    ).toBeInTheDocument();
    // Said at once: the wrong number is never sent.
    expect(api.callsTo(familyErasureEndpoints.anonymise)).toHaveLength(0);

    await user.clear(fileNumber);
    await user.type(fileNumber, 'F-1446-00007');
    await user.click(within(dialog).getByRole('button', { name: 'تجهيل البيانات' }));
    await waitFor(() =>
      expect(api.callsTo(familyErasureEndpoints.anonymise).at(-1)?.body).toEqual({
        reason: 'طلب محو من صاحب البيانات',
        file_number: 'F-1446-00007',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: new RegExp(ANONYMISED_FAMILY_NAME) }),
    ).toBeInTheDocument();
    expect(screen.getByText(/جُهّلت بيانات هذه الأسرة الشخصية نهائيًا/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تجهيل بيانات الأسرة' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'تعديل' })).not.toBeInTheDocument();
  });

  it('is not offered without anonymise_families', async () => {
    render(['show_families', 'edit_families']);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'تجهيل بيانات الأسرة' })).not.toBeInTheDocument();
  });
});
