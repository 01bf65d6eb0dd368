import { screen, waitFor, within } from '@testing-library/react';
import type {
  FinanceFamilyOption,
  FinanceOptions,
  FinanceServiceOption,
} from 'shared-contracts/finance';
import { createFakeApi, listReply } from 'shared-ui/testing';
import {
  financeOptionEndpoints,
  financialCategoryEndpoints,
  financialRecordEndpoints,
} from 'shared-contracts/finance';
import { familyEndpoints } from 'shared-contracts/beneficiaries';
import FinancialFormPage from '../src/features/records/pages/financial-form-page';
import { categories, employee, record } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

/**
 * The record form's links for an accountant who holds only `show_financial` (no families,
 * organisations, seasons or services keys): finance's own lookups find and name each one, so a
 * zakat payment can be linked to its family.
 */

const ACCOUNTANT = employee(['show_financial', 'show_reports']);

const FAMILY: FinanceFamilyOption = {
  id: 54,
  file_number: 'F-1447-00054',
  head_name: 'سعد ناصر القحطاني',
  status: 'approved',
  zakat_refusal: null,
  services: [{ id: 90, name: 'دعم إيجار', status: 'requested', request_date: '2026-01-05' }],
};

const SERVICE: FinanceServiceOption = {
  id: 90,
  name: 'دعم إيجار',
  status: 'requested',
  request_date: '2026-01-05',
  family: {
    id: 54,
    file_number: 'F-1447-00054',
    head_name: 'سعد ناصر القحطاني',
    status: 'approved',
  },
};

const OPTIONS: FinanceOptions = {
  organisations: [
    { id: 3, name: 'مؤسسة الخير المانحة', status: 'active' },
    { id: 4, name: 'جمعية البر', status: 'active' },
  ],
  seasons: [
    {
      id: 8,
      name: 'سلة رمضان',
      start_date: '2026-02-01',
      end_date: '2026-03-20',
      status: 'active',
    },
  ],
  restricted_purposes: [],
};

function lookupApi() {
  const api = createFakeApi();
  api.on(financialCategoryEndpoints.list, listReply(categories()));
  api.on(financeOptionEndpoints.families, listReply([FAMILY]));
  api.on(financeOptionEndpoints.services, listReply([SERVICE]));
  api.on(financeOptionEndpoints.options, { status: 200, data: { data: OPTIONS } });
  return api;
}

describe('financial record form: links for an accountant', () => {
  it('names the family of ?family_id= by its head and file number, never as a bare number', async () => {
    const api = lookupApi();
    renderPage(<FinancialFormPage />, {
      route: '/financial/create',
      path: '/financial/create?direction=expense&family_id=54',
      api,
      user: ACCOUNTANT,
    });
    const familyGroup = screen.getByRole('group', { name: 'الأسرة' });
    await waitFor(() => expect(familyGroup).toHaveTextContent('سعد ناصر القحطاني (F-1447-00054)'));
    expect(familyGroup).not.toHaveTextContent('#54');
    expect(api.lastCallTo(financeOptionEndpoints.families)?.query).toMatchObject({
      'filter[id]': '54',
    });
    // Every link can be changed or made, though the accountant reads no family, organisation or service list.
    expect(within(familyGroup).getByRole('button', { name: 'تغيير الأسرة' })).toBeInTheDocument();
    for (const name of ['ربط الجهة', 'ربط البرنامج الموسمي', 'ربط الخدمة'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(api.callsTo(familyEndpoints.list)).toHaveLength(0);
  });

  it('links a zakat payment to a family, an organisation and the family’s service, and sends their ids', async () => {
    const api = lookupApi();
    api.on(financialRecordEndpoints.create, {
      status: 201,
      data: { message: 'تم تسجيل القيد المالي بنجاح', data: record({ id: 77 }) },
    });
    const { user } = renderPage(<FinancialFormPage />, {
      route: '/financial/create',
      path: '/financial/create?direction=expense',
      api,
      user: ACCOUNTANT,
    });
    const categorySelect = screen.getByLabelText(/التصنيف/);
    await waitFor(() => expect(within(categorySelect).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(categorySelect, '6');
    await user.type(screen.getByLabelText(/المبلغ/), '450');

    await user.click(screen.getByRole('button', { name: 'ربط الأسرة' }));
    let dialog = await screen.findByRole('dialog', { name: 'ربط الأسرة' });
    await user.type(within(dialog).getByLabelText(/ابحث عن الأسرة/), '00054');
    await user.click(
      await within(dialog).findByRole('button', { name: /اختيار أسرة سعد ناصر القحطاني/ }),
    );
    expect(api.callsTo(financeOptionEndpoints.families).map((call) => call.query.search)).toContain(
      '00054',
    );
    const familyGroup = screen.getByRole('group', { name: 'الأسرة' });
    expect(familyGroup).toHaveTextContent('سعد ناصر القحطاني');
    expect(familyGroup).not.toHaveTextContent('صرف الزكاة يجب أن يرتبط');

    await user.click(screen.getByRole('button', { name: 'ربط الجهة' }));
    dialog = await screen.findByRole('dialog', { name: 'ربط الجهة' });
    await user.type(within(dialog).getByLabelText(/ابحث عن الجهة/), 'الخير');
    const orgPick = await within(dialog).findByRole('button', {
      name: 'اختيار الجهة مؤسسة الخير المانحة',
    });
    expect(
      within(dialog).queryByRole('button', { name: 'اختيار الجهة جمعية البر' }),
    ).not.toBeInTheDocument();
    await user.click(orgPick);
    expect(screen.getByRole('group', { name: 'الجهة' })).toHaveTextContent('مؤسسة الخير المانحة');

    // The chosen family's services are listed at once.
    await user.click(screen.getByRole('button', { name: 'ربط الخدمة' }));
    dialog = await screen.findByRole('dialog', { name: 'ربط الخدمة' });
    await user.click(
      await within(dialog).findByRole('button', {
        name: 'اختيار خدمة دعم إيجار لأسرة سعد ناصر القحطاني',
      }),
    );
    expect(api.callsTo(financeOptionEndpoints.services)[0]?.query).toMatchObject({
      'filter[family_id]': '54',
    });
    expect(screen.getByRole('group', { name: 'الخدمة' })).toHaveTextContent(
      'دعم إيجار — سعد ناصر القحطاني',
    );

    await user.click(screen.getByRole('button', { name: 'تسجيل القيد' }));
    const confirm = screen.queryByRole('dialog');
    if (confirm)
      await user.click(within(confirm).getByRole('button', { name: 'تسجيل القيد مكتملاً' }));
    await waitFor(() => expect(api.callsTo(financialRecordEndpoints.create)).toHaveLength(1));
    expect(api.lastCallTo(financialRecordEndpoints.create)?.body).toMatchObject({
      direction: 'expense',
      amount: '450.00',
      category_id: 6,
      family_id: 54,
      organisation_id: 3,
      service_id: 90,
    });
  });
});
