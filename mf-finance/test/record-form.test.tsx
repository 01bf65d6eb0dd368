import { screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, listReply } from 'shared-ui/testing';
import {
  financeOptionEndpoints,
  financialCategoryEndpoints,
  financialRecordEndpoints,
} from 'shared-contracts/finance';
import FinancialFormPage from '../src/features/records/pages/financial-form-page';
import { categories, familyOption, record } from '../src/testing/fixtures';
import { currentLocation, renderPage } from '../src/testing/render-page';

const SUSPENDED = familyOption({
  id: 10,
  file_number: 'F-1446-00010',
  head_name: 'خالد سعد العتيبي',
  status: 'suspended',
});

function formApi() {
  const api = createFakeApi();
  api.on(financialCategoryEndpoints.list, listReply(categories()));
  api.on(financeOptionEndpoints.families, listReply([familyOption(), SUSPENDED]));
  return api;
}

const INVALID = 'يوجد حقول تحتاج إلى تصحيح، وهي مظللة في النموذج.';

async function pickFamily(user: ReturnType<typeof renderPage>['user'], name: string) {
  await user.click(screen.getByRole('button', { name: 'ربط الأسرة' }));
  const dialog = await screen.findByRole('dialog', { name: 'ربط الأسرة' });
  await user.type(within(dialog).getByLabelText(/ابحث عن الأسرة/), 'أسرة');
  await user.click(
    await within(dialog).findByRole('button', { name: new RegExp(`اختيار أسرة ${name}`) }),
  );
}

describe('financial record form', () => {
  it('refuses an empty record in Arabic and sends nothing', async () => {
    const api = formApi();
    const { user } = renderPage(<FinancialFormPage />, { route: '/financial/create', api });
    await user.click(screen.getByRole('button', { name: 'تسجيل القيد' }));
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(screen.getByLabelText(/المبلغ/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/التصنيف/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('هذا الحقل مطلوب').length).toBeGreaterThanOrEqual(2);
    expect(api.callsTo(financialRecordEndpoints.create)).toHaveLength(0);
  });

  it('refuses an amount with three decimals and a cheque without its number', async () => {
    const api = formApi();
    const { user } = renderPage(<FinancialFormPage />, { route: '/financial/create', api });
    await user.type(screen.getByLabelText(/المبلغ/), '10.505');
    await user.selectOptions(screen.getByLabelText(/طريقة الدفع/), 'cheque');
    await user.click(screen.getByRole('button', { name: 'تسجيل القيد' }));
    expect(await screen.findByText('يجب ألا يزيد المبلغ عن منزلتين عشريتين')).toBeInTheDocument();
    expect(screen.getByText('رقم الشيك مطلوب عند الدفع بشيك')).toBeInTheDocument();
    expect(api.callsTo(financialRecordEndpoints.create)).toHaveLength(0);
  });

  it('offers the categories of the chosen direction and sends the amount as the exact decimal typed', async () => {
    const api = formApi();
    api.on(financialRecordEndpoints.create, {
      status: 201,
      data: { message: 'تم تسجيل القيد المالي بنجاح', data: record({ id: 55 }) },
    });
    const { user, router } = renderPage(<FinancialFormPage />, {
      route: '/financial/create',
      api,
    });
    const categorySelect = screen.getByLabelText(/التصنيف/);
    await waitFor(() =>
      expect(
        within(categorySelect)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['اختر...', 'زكاة', 'صدقة']),
    );
    // Arabic digits, the Arabic thousands and decimal separators.
    await user.type(screen.getByLabelText(/المبلغ/), '١٬٢٥٠٫٥');
    await user.selectOptions(categorySelect, '1');
    await pickFamily(user, 'محمد أحمد الشهري');
    expect(
      within(screen.getByRole('group', { name: 'الأسرة' })).getByText('F-1446-00007'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'تسجيل القيد' }));
    // A completed entry cannot be edited afterwards: it is confirmed first.
    const confirm = await screen.findByRole('dialog', { name: 'تسجيل القيد مكتملاً؟' });
    expect(confirm).toHaveTextContent('لا يمكن التراجع عن هذا الإجراء.');
    expect(api.callsTo(financialRecordEndpoints.create)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'تسجيل القيد مكتملاً' }));

    await waitFor(() => expect(api.callsTo(financialRecordEndpoints.create)).toHaveLength(1));
    expect(api.lastCallTo(financialRecordEndpoints.create)?.body).toMatchObject({
      direction: 'income',
      amount: '1250.50',
      category_id: 1,
      status: 'completed',
      payment_method: 'cash',
      family_id: 7,
      organisation_id: null,
    });
    await waitFor(() => expect(currentLocation(router)).toBe('/financial/show/55'));
  });

  it('warns before saving that zakat goes to approved families only, and shows the API’s refusal on the family', async () => {
    const api = formApi();
    api.on(financialRecordEndpoints.create, {
      status: 422,
      data: {
        message: 'البيانات المدخلة غير صحيحة',
        errors: {
          family_id: ['لا يجوز صرف الزكاة لأسرة حالتها «موقوفة»، تُصرف الزكاة للأسر المعتمدة فقط'],
        },
      },
    });
    const { user } = renderPage(<FinancialFormPage />, {
      route: '/financial/create',
      path: '/financial/create?direction=expense',
      api,
    });
    const categorySelect = screen.getByLabelText(/التصنيف/);
    await waitFor(() => expect(within(categorySelect).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(categorySelect, '6');
    const familyGroup = screen.getByRole('group', { name: 'الأسرة' });
    expect(familyGroup).toHaveTextContent('صرف الزكاة يجب أن يرتبط بأسرة مستحقة معتمدة');
    await pickFamily(user, 'خالد سعد العتيبي');
    expect(familyGroup).toHaveTextContent('تُصرف الزكاة للأسر المعتمدة فقط');

    await user.type(screen.getByLabelText(/المبلغ/), '300');
    await user.click(screen.getByRole('button', { name: 'تسجيل القيد' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'تسجيل القيد مكتملاً',
      }),
    );
    expect(await within(familyGroup).findByRole('alert')).toHaveTextContent(
      'لا يجوز صرف الزكاة لأسرة حالتها «موقوفة»',
    );
  });

  it('edits a pending record, but a completed one only says how to correct it', async () => {
    const api = formApi();
    api.on(
      financialRecordEndpoints.show,
      { params: { id: 41 } },
      { status: 200, data: { data: record() } },
    );
    renderPage(<FinancialFormPage />, {
      route: '/financial/edit/:id',
      path: '/financial/edit/41',
      api,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('لا يمكن تعديل قيد مالي مكتمل');
    expect(screen.queryByRole('button', { name: 'حفظ التعديلات' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'عرض القيد' })).toHaveAttribute(
      'href',
      '/financial/show/41',
    );
  });
});
