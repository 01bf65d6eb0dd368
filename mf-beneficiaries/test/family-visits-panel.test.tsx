import { screen, waitFor, within } from '@testing-library/react';
import { familyEndpoints, lookupEndpoints } from 'shared-contracts/beneficiaries';
import {
  VISIT_MESSAGES,
  visitEndpoints,
  type Visit,
} from 'shared-contracts/resources/visits-contracts';
import { createFakeApi, listReply, setViewportWidth, resetViewport } from 'shared-ui/testing';
import FamilyVisitsPanel, {
  FAMILY_VISITS_EMPTY,
} from '../src/features/visits/panels/family-visits-panel';
import { employee, familyDetail } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

const FAMILY = { id: 7, file_number: 'F-1446-00007', head_name: 'محمد أحمد علي الشهري' };

function visit(overrides: Partial<Visit> = {}): Visit {
  return {
    id: 41,
    family: {
      ...FAMILY,
      city: 'riyadh',
      district: 'riyadh_olaya',
      address: 'شارع العليا',
      primary_phone: '+966501234567',
      alt_phone: null,
    },
    researcher: { id: 5, name: 'سارة الباحثة' },
    purpose: 'reassessment',
    planned_date: '2026-11-27',
    status: 'planned',
    overdue: true,
    visited_on: null,
    outcome: null,
    notes: null,
    housing_condition: null,
    furniture: null,
    appliances: null,
    health_needs_seen: null,
    children_schooling: null,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

function renderPanel(
  visits: Visit[],
  options: { user?: ReturnType<typeof employee>; overdue?: boolean } = {},
) {
  const api = createFakeApi();
  api.on(visitEndpoints.familyList, listReply(visits));
  api.on(familyEndpoints.show, {
    status: 200,
    data: {
      data: familyDetail({
        status: 'approved',
        next_reassessment_date: '2026-10-01',
        reassessment_overdue: options.overdue ?? false,
      }),
    },
  });
  api.on(
    lookupEndpoints.researchers,
    listReply([{ id: 5, name: 'سارة الباحثة', email: 'sara@ataa.local' }]),
  );
  const rendered = renderPage(<FamilyVisitsPanel familyId={7} />, {
    route: '/families/show/:id',
    path: '/families/show/7',
    api,
    user: options.user ?? employee(),
  });
  return { ...rendered, api };
}

describe('the family page’s field visits panel (families.show slot)', () => {
  afterEach(() => resetViewport());

  it('lists the family’s visits with their status, an overdue one marked', async () => {
    const { api } = renderPanel([
      visit(),
      visit({
        id: 40,
        purpose: 'follow_up',
        planned_date: '2026-11-10',
        visited_on: '2026-11-11',
        status: 'done',
        overdue: false,
        outcome: 'not_home',
      }),
    ]);
    await screen.findByText('لم يكونوا في المنزل');
    const table = screen.getByRole('table', { name: 'زيارات الأسرة الميدانية' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('إعادة تقييم');
    expect(rows[0]).toHaveTextContent('مخططة');
    expect(rows[0]).toHaveTextContent('متأخرة');
    expect(rows[1]).toHaveTextContent('لم يكونوا في المنزل');
    expect(api.lastCallTo(visitEndpoints.familyList)?.url).toContain('/families/7/visits');
    expect(screen.getByText('زيارتان')).toBeInTheDocument();
  });

  it('says so when the family has no visit yet', async () => {
    renderPanel([]);
    expect(await screen.findByText(FAMILY_VISITS_EMPTY)).toBeInTheDocument();
  });

  it('proposes a reassessment visit when the reassessment is overdue, and plans it', async () => {
    const { api, user } = renderPanel([], { overdue: true });
    api.on(visitEndpoints.create, (call) => ({
      status: 201,
      data: {
        message: VISIT_MESSAGES.created,
        data: visit({ planned_date: (call.body as { planned_date: string }).planned_date }),
      },
    }));
    expect(
      await screen.findByText('فات موعد إعادة تقييم الأسرة ولا توجد زيارة إعادة تقييم مخططة.'),
    ).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'خطط زيارة' });
    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'تخطيط زيارة ميدانية' });
    // The purpose starts as a reassessment, the researcher as the family's own.
    expect(within(dialog).getByLabelText(/الغرض من الزيارة/)).toHaveValue('reassessment');
    await waitFor(() => expect(within(dialog).getByLabelText(/الباحث الاجتماعي/)).toHaveValue('5'));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الزيارة' }));
    await waitFor(() => expect(api.callsTo(visitEndpoints.create)).toHaveLength(1));
    expect(api.lastCallTo(visitEndpoints.create)?.body).toMatchObject({
      purpose: 'reassessment',
      researcher_id: 5,
    });
    expect(api.lastCallTo(visitEndpoints.create)?.url).toContain('/families/7/visits');
  });

  it('records a visit: outcome, date, checklist and the next reassessment date', async () => {
    const { api, user } = renderPanel([visit()]);
    api.on(visitEndpoints.update, (call) => ({
      status: 200,
      data: {
        message: VISIT_MESSAGES.updated,
        data: visit({ status: 'done', ...(call.body as object) }),
      },
    }));
    await user.click(await screen.findByRole('button', { name: 'تسجيل الزيارة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الزيارة' });
    expect(within(dialog).getByLabelText(/نتيجة الزيارة/)).toHaveValue('visited');
    // The checklist, the health item included for an employee who sees medical fields.
    await user.selectOptions(within(dialog).getByLabelText('حالة السكن'), 'poor');
    await user.selectOptions(within(dialog).getByLabelText('احتياجات صحية ملاحظة'), 'some');
    expect(within(dialog).getByRole('group', { name: 'ملاحظات الزيارة' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/موعد إعادة التقييم التالي/), '01/06/2027');
    await user.type(within(dialog).getByLabelText(/ملاحظات/, { selector: 'textarea' }), 'تم');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ النتيجة' }));
    await waitFor(() => expect(api.callsTo(visitEndpoints.update)).toHaveLength(1));
    const call = api.lastCallTo(visitEndpoints.update);
    expect(call?.url).toContain('/visits/41');
    expect(call?.body).toMatchObject({
      outcome: 'visited',
      housing_condition: 'poor',
      health_needs_seen: 'some',
      notes: 'تم',
      purpose: 'reassessment',
      next_reassessment_date: '2027-06-01',
    });
  });

  it('another outcome hides the checklist and sends none of it', async () => {
    const { api, user } = renderPanel([visit()]);
    api.on(visitEndpoints.update, {
      status: 200,
      data: { message: VISIT_MESSAGES.updated, data: visit({ status: 'done' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'تسجيل الزيارة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الزيارة' });
    await user.selectOptions(within(dialog).getByLabelText(/نتيجة الزيارة/), 'refused');
    expect(within(dialog).queryByLabelText('حالة السكن')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'حفظ النتيجة' }));
    await waitFor(() => expect(api.callsTo(visitEndpoints.update)).toHaveLength(1));
    expect(api.lastCallTo(visitEndpoints.update)?.body).toMatchObject({
      outcome: 'refused',
      housing_condition: null,
      health_needs_seen: null,
    });
  });

  it('puts the server’s 422 on its field, in Arabic', async () => {
    const { api, user } = renderPanel([visit()]);
    api.on(visitEndpoints.update, {
      status: 422,
      data: { message: 'البيانات المدخلة غير صالحة', errors: { visited_on: ['تاريخ غير مقبول'] } },
    });
    await user.click(await screen.findByRole('button', { name: 'تسجيل الزيارة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الزيارة' });
    await user.click(within(dialog).getByRole('button', { name: 'حفظ النتيجة' }));
    expect(await within(dialog).findByText('تاريخ غير مقبول')).toBeInTheDocument();
  });

  it('hides the health item from a reader without it, and every action from a reader who may not edit', async () => {
    renderPanel(
      [
        visit({
          status: 'done',
          overdue: false,
          outcome: 'visited',
          visited_on: '2026-11-27',
          health_needs_seen: undefined,
        }),
      ],
      {
        user: employee(['show_families']),
        overdue: true,
      },
    );
    await screen.findByRole('table', { name: 'زيارات الأسرة الميدانية' });
    expect(
      screen.queryByRole('button', { name: /تسجيل الزيارة|تعديل النتيجة/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'خطط زيارة' })).not.toBeInTheDocument();
  });

  it('the record form fits a phone: the visit is a card and the dialog opens', async () => {
    setViewportWidth(375);
    const { user } = renderPanel([visit()]);
    await user.click(await screen.findByRole('button', { name: 'تسجيل الزيارة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الزيارة' });
    expect(within(dialog).getByLabelText(/تاريخ الزيارة/)).toBeInTheDocument();
  });
});
