import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Season, SeasonBeneficiary, SeasonStatus } from 'shared-contracts/beneficiaries';
import SeasonsShowPage from '../src/features/seasons/pages/seasons-show-page';
import { createFakeApi } from 'shared-ui/testing';
import { seasonEndpoints } from 'shared-contracts/beneficiaries';
import { REASON_REQUIRED_MESSAGE } from 'shared-contracts';
import { bulkActionEndpoints } from 'shared-contracts/resources/bulk-actions-contracts';
import { HEAD_ID } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

const NOW = '2025-03-01T08:00:00.000Z';
const EMPTY_META = { page: 1, per_page: 20, total: 0, last_page: 1 };

function season(status: SeasonStatus): Season {
  return {
    id: 5,
    name: 'سلة رمضان 1446',
    kind: 'ramadan_basket',
    hijri_year: 1446,
    start_date: '2025-02-20',
    end_date: '2025-03-30',
    budget: 100000,
    funding_org: { id: 3, name: 'مؤسسة البر' },
    eligibility: {
      categories: [],
      max_per_capita_income: 1500,
      member_min_age: null,
      member_max_age: null,
      statuses: ['approved'],
    },
    status,
    status_reason: null,
    notes: null,
    beneficiaries_count: 2,
    received_count: 0,
    cash_distributed_total: 0,
    created_at: NOW,
    updated_at: NOW,
  };
}

function beneficiary(
  id: number,
  voucher: string,
  headName: string,
  status: SeasonBeneficiary['status'] = 'enrolled',
): SeasonBeneficiary {
  return {
    id,
    season_id: 5,
    family: {
      id: 100 + id,
      file_number: `F-1446-0000${id}`,
      head_name: headName,
      head_national_id: HEAD_ID,
      primary_phone: '+966501234567',
      members_count: 4,
      per_capita_income: 900,
      city: null,
      district: null,
    },
    status,
    status_reason: null,
    voucher_code: voucher,
    enrolled_at: NOW,
    enrolled_by: null,
    distributions_count: 0,
    last_distributed_at: null,
  };
}

function seasonApi(status: SeasonStatus) {
  const api = createFakeApi();
  const rows = [
    beneficiary(1, 'RM46-7KQ2-X9', 'محمد أحمد الشهري'),
    beneficiary(2, 'RM46-ABCD-EF', 'سالم علي الغامدي'),
  ];
  api.on(
    seasonEndpoints.show,
    { params: { id: 5 } },
    { status: 200, data: { data: season(status) } },
  );
  api.on(
    seasonEndpoints.beneficiaries,
    { params: { id: 5 } },
    {
      status: 200,
      data: { data: rows, meta: { ...EMPTY_META, total: 2 } },
    },
  );
  api.on(
    seasonEndpoints.distributions,
    { params: { id: 5 } },
    { status: 200, data: { data: [], meta: EMPTY_META } },
  );
  api.on(
    seasonEndpoints.distributionList,
    { params: { id: 5 } },
    {
      status: 200,
      data: {
        data: {
          season: season(status),
          generated_at: NOW,
          beneficiaries: [...rows, beneficiary(3, 'RM46-ZZZZ-ZZ', 'مستبعدة', 'excluded')],
        },
      },
    },
  );
  return api;
}

const open = (api: ReturnType<typeof seasonApi>) =>
  renderPage(<SeasonsShowPage />, { route: '/seasons/show/:id', path: '/seasons/show/5', api });

describe('season show page', () => {
  it('enrols every eligible family and shows the result counts', async () => {
    const user = userEvent.setup();
    const api = seasonApi('approved');
    api.on(
      seasonEndpoints.enrol,
      { params: { id: 5 } },
      {
        status: 200,
        data: {
          message: 'سُجلت 12 أسرة في البرنامج',
          data: {
            enrolled: 12,
            already_enrolled: 3,
            ineligible_count: 1,
            ineligible: [
              {
                family_id: 40,
                file_number: 'F-1446-00040',
                head_name: 'خالد سعد العتيبي',
                reasons: ['دخل الفرد أعلى من 1,500 ر.س.'],
              },
            ],
          },
        },
      },
    );
    open(api);
    await user.click(await screen.findByRole('button', { name: 'تسجيل جميع المستحقين' }));
    const confirm = screen.getByRole('dialog', { name: 'تسجيل جميع الأسر المستحقة؟' });
    await user.click(within(confirm).getByRole('button', { name: 'تسجيل جميع المستحقين' }));

    const result = await screen.findByRole('dialog', { name: 'نتيجة التسجيل' });
    expect(api.callsTo(seasonEndpoints.enrol, { params: { id: 5 } })[0]?.body).toEqual({
      mode: 'all_eligible',
    });
    const counts = within(result)
      .getAllByRole('definition')
      .map((node) => node.textContent);
    expect(counts).toEqual(['12', '3', '1']);
    expect(within(result).getByText('أسر سُجلت الآن')).toBeInTheDocument();
    expect(within(result).getByText('خالد سعد العتيبي')).toBeInTheDocument();
    expect(within(result).getByText('دخل الفرد أعلى من 1,500 ر.س.')).toBeInTheDocument();
  });

  it('refuses a cash handover without an amount, then records it', async () => {
    const user = userEvent.setup();
    const api = seasonApi('distributing');
    api.on(seasonEndpoints.distribute, { params: { id: 5 } }, (call) => ({
      status: 201,
      data: {
        data: {
          id: 1,
          season_id: 5,
          beneficiary_id: 1,
          family: { id: 101, file_number: 'F-1446-00001', head_name: 'محمد أحمد الشهري' },
          kind: 'cash',
          items: [],
          cash_amount: (call.body as { cash_amount: number }).cash_amount,
          distributed_at: '2025-03-01',
          received_by_name: 'محمد أحمد الشهري',
          received_by_national_id: null,
          handed_over_by: { id: 1, name: 'نورة' },
          voucher_code: 'RM46-7KQ2-X9',
          notes: null,
          created_at: NOW,
        },
      },
    }));
    open(api);
    await user.click(
      await screen.findByRole('button', { name: 'تسجيل صرف لأسرة محمد أحمد الشهري' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'تسجيل صرف' });
    await user.selectOptions(within(dialog).getByLabelText(/نوع الصرف/), 'cash');
    fireEvent.change(within(dialog).getByLabelText(/تاريخ التسليم/), {
      target: { value: '2025-03-01' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الصرف' }));

    const amount = within(dialog).getByLabelText(/المبلغ النقدي/);
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('أدخل مبلغاً نقدياً أكبر من صفر')).toBeInTheDocument();
    expect(api.callsTo(seasonEndpoints.distribute, { params: { id: 5 } })).toHaveLength(0);

    await user.type(amount, '٥٠٠');
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الصرف' }));
    await waitFor(() =>
      expect(api.callsTo(seasonEndpoints.distribute, { params: { id: 5 } })).toHaveLength(1),
    );
    const body = api.callsTo(seasonEndpoints.distribute, { params: { id: 5 } })[0]?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      beneficiary_id: 1,
      kind: 'cash',
      cash_amount: 500,
      distributed_at: '2025-03-01',
      received_by_name: 'محمد أحمد الشهري',
      received_by_national_id: HEAD_ID,
    });
    expect(body).not.toHaveProperty('items');
    expect(await screen.findByText('سُجل الصرف')).toBeInTheDocument();
  });

  it('checks a typed voucher code against the family and needs an item for an in-kind handover', async () => {
    const user = userEvent.setup();
    const api = seasonApi('distributing');
    open(api);
    await user.click(
      await screen.findByRole('button', { name: 'تسجيل صرف لأسرة محمد أحمد الشهري' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'تسجيل صرف' });
    await user.type(within(dialog).getByLabelText(/رمز القسيمة/), 'RM46-ABCD-EF');
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الصرف' }));
    expect(await within(dialog).findByText('رمز القسيمة غير صحيح')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^الصنف 1/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.callsTo(seasonEndpoints.distribute, { params: { id: 5 } })).toHaveLength(0);
  });

  it('prints the distribution list with voucher codes and a signature column', async () => {
    const user = userEvent.setup();
    const print = jest.fn();
    window.print = print;
    const api = seasonApi('distributing');
    open(api);
    await user.click(await screen.findByRole('button', { name: 'طباعة كشف التوزيع' }));
    const sheet = await screen.findByRole('table', { name: 'كشف التوزيع' });
    expect(within(sheet).getByRole('columnheader', { name: 'التوقيع' })).toBeInTheDocument();
    expect(within(sheet).getByText('RM46-7KQ2-X9')).toHaveAttribute('dir', 'ltr');
    expect(within(sheet).getByText('RM46-ABCD-EF')).toBeInTheDocument();
    expect(within(sheet).queryByText('RM46-ZZZZ-ZZ')).not.toBeInTheDocument();
    expect(within(sheet).getByText('سالم علي الغامدي')).toBeInTheDocument();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('offers only what the status allows', async () => {
    open(seasonApi('closed'));
    await screen.findByRole('table', { name: 'الأسر المسجلة في البرنامج' });
    expect(screen.queryByRole('button', { name: 'تسجيل أسرة' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /تسجيل صرف/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'إجراءات حالة البرنامج' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'تعديل' })).not.toBeInTheDocument();
  });

  it('cancelling the programme needs a reason', async () => {
    const user = userEvent.setup();
    const api = seasonApi('approved');
    api.on(
      seasonEndpoints.status,
      { params: { id: 5 } },
      {
        status: 200,
        data: { data: { ...season('cancelled'), status_reason: 'توقف التمويل' } },
      },
    );
    open(api);
    const actions = await screen.findByRole('group', { name: 'إجراءات حالة البرنامج' });
    await user.click(within(actions).getByRole('button', { name: 'إلغاء البرنامج' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء البرنامج' }));
    expect(within(dialog).getByText('يجب ذكر السبب')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/السبب/), 'توقف التمويل');
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء البرنامج' }));
    await waitFor(() =>
      expect(api.callsTo(seasonEndpoints.status, { params: { id: 5 } })[0]?.body).toEqual({
        status: 'cancelled',
        reason: 'توقف التمويل',
      }),
    );
  });
});

describe("season beneficiaries' bulk actions", () => {
  it('excludes the ticked families with a reason and shows the summary with each refusal', async () => {
    const user = userEvent.setup();
    const api = seasonApi('distributing');
    api.on(
      bulkActionEndpoints.seasonBeneficiaries,
      { params: { id: 5 } },
      {
        status: 200,
        data: {
          message: 'تم تحديث أسرة واحدة، وتعذر تحديث أسرة واحدة',
          data: {
            total: 2,
            done: [2],
            failed: [
              {
                id: 1,
                label: 'F-1446-00001 — محمد أحمد الشهري',
                message: 'لا يمكن استبعاد أسرة استلمت من البرنامج',
              },
            ],
          },
        },
      },
    );
    open(api);
    await user.click(await screen.findByRole('checkbox', { name: 'تحديد أسرة محمد أحمد الشهري' }));
    await user.click(screen.getByRole('checkbox', { name: 'تحديد أسرة سالم علي الغامدي' }));
    const bar = screen.getByRole('group', { name: 'الإجراءات الجماعية' });
    expect(within(bar).getByText('تم تحديد أسرتين')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'الاستبعاد من البرنامج' }));
    const dialog = await screen.findByRole('dialog', { name: 'الاستبعاد من البرنامج' });
    expect(within(dialog).getByText('سيُطبَّق الإجراء على أسرتين.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'استبعاد' }));
    expect(within(dialog).getByText(REASON_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(
      api.callsTo(bulkActionEndpoints.seasonBeneficiaries, { params: { id: 5 } }),
    ).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/سبب الاستبعاد/), 'انتقلت خارج المدينة');
    await user.click(within(dialog).getByRole('button', { name: 'استبعاد' }));
    expect(
      await within(dialog).findByText('تم تحديث أسرة واحدة، وتعذر تحديث أسرة واحدة'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/لا يمكن استبعاد أسرة استلمت من البرنامج/)).toBeInTheDocument();
    expect(
      api.callsTo(bulkActionEndpoints.seasonBeneficiaries, { params: { id: 5 } })[0]?.body,
    ).toEqual({ action: 'exclude', reason: 'انتقلت خارج المدينة', ids: [1, 2] });
  });

  it('records a cash handover for the ticked family: the amount is required first', async () => {
    const user = userEvent.setup();
    const api = seasonApi('distributing');
    api.on(
      bulkActionEndpoints.seasonBeneficiaries,
      { params: { id: 5 } },
      {
        status: 200,
        data: { message: 'تم تحديث أسرة واحدة', data: { total: 1, done: [2], failed: [] } },
      },
    );
    open(api);
    await user.click(await screen.findByRole('checkbox', { name: 'تحديد أسرة سالم علي الغامدي' }));
    const bar = screen.getByRole('group', { name: 'الإجراءات الجماعية' });
    await user.click(within(bar).getByRole('button', { name: 'تسجيل الصرف' }));
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الصرف' });
    await user.selectOptions(within(dialog).getByLabelText(/نوع الصرف/), 'cash');
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الصرف' }));
    expect(within(dialog).getByText('أدخل مبلغاً نقدياً أكبر من صفر')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/المبلغ النقدي/), '٢٥٠');
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الصرف' }));
    expect(await within(dialog).findByText('تم تحديث أسرة واحدة')).toBeInTheDocument();
    expect(
      api.callsTo(bulkActionEndpoints.seasonBeneficiaries, { params: { id: 5 } })[0]?.body,
    ).toMatchObject({ action: 'record_distribution', kind: 'cash', ids: [2] });
  });

  it('offers only what the status allows: exclusion before distributing, nothing once closed', async () => {
    const approved = open(seasonApi('approved'));
    await screen.findByRole('checkbox', { name: 'تحديد أسرة محمد أحمد الشهري' });
    const bar = screen.getByRole('group', { name: 'الإجراءات الجماعية' });
    expect(within(bar).getByRole('button', { name: 'الاستبعاد من البرنامج' })).toBeDisabled();
    expect(within(bar).queryByRole('button', { name: 'تسجيل الصرف' })).toBeNull();
    approved.unmount();

    open(seasonApi('closed'));
    await screen.findByText('محمد أحمد الشهري');
    expect(screen.queryByRole('checkbox', { name: /^تحديد/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'الإجراءات الجماعية' })).toBeNull();
  });
});
