import { screen, waitFor, within } from '@testing-library/react';
import { todayIso } from 'shared-contracts';
import {
  serviceLockedFieldsError,
  serviceEndpoints,
  serviceTypeEndpoints,
} from 'shared-contracts/services';
import { createFakeApi, listReply } from 'shared-ui/testing';
import ServicesFormPage from '../src/features/services/pages/services-form-page';
import { familyOption, service, serviceType } from '../src/testing/fixtures';
import { currentLocation, renderPage } from '../src/testing/render-page';

const SHEHRI = familyOption();
const GHAMDI = familyOption({
  id: 9,
  file_number: 'F-1446-00009',
  head_name: 'سالم علي الغامدي',
  members: [
    { id: 31, name: 'سالم علي الغامدي', relationship: 'head' },
    { id: 32, name: 'نوف سالم الغامدي', relationship: 'daughter' },
  ],
});
const SUSPENDED = familyOption({
  id: 10,
  file_number: 'F-1446-00010',
  head_name: 'خالد سعد العتيبي',
  status: 'suspended',
  refusal: 'لا يمكن تقديم خدمة لأسرة حالتها «موقوفة»، تُقدَّم الخدمات للأسر المعتمدة فقط',
});

function formApi() {
  const api = createFakeApi();
  api.on(
    serviceTypeEndpoints.list,
    listReply([
      serviceType(),
      serviceType({ id: 4, name: 'إيجار شهري', default_cost: 1500, unit: 'شهر' }),
      serviceType({ id: 5, name: 'نوع موقوف', active: false }),
    ]),
  );
  api.on(serviceEndpoints.options, {
    status: 200,
    data: {
      data: {
        employees: [
          { id: 1, name: 'نورة الخدمات', email: 'noura@ataa.org.sa' },
          { id: 2, name: 'سارة الباحثة', email: 'sara@ataa.org.sa' },
          { id: 6, name: 'سارة الباحثة', email: 'sara.q@ataa.org.sa' },
        ],
        organisations: [{ id: 3, name: 'مستشفى الملك فهد' }],
      },
    },
  });
  api.on(serviceEndpoints.families, (call) => {
    const all = [SHEHRI, GHAMDI, SUSPENDED];
    const id = call.query['filter[id]'];
    return listReply(id ? all.filter((family) => String(family.id) === id) : all);
  });
  return api;
}

async function pickFamily(user: ReturnType<typeof renderPage>['user'], name: string) {
  await user.type(screen.getByLabelText(/ابحث عن/), 'أسرة');
  await user.click(await screen.findByRole('button', { name: new RegExp(`اختيار أسرة ${name}`) }));
}

/** What the form holds for a field (a date field's ISO value, whatever the field displays). */
const formValue = (name: string) =>
  document.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value;

const memberOptions = () =>
  within(screen.getByLabelText('الفرد المستفيد'))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('service form', () => {
  it('refuses an empty request in Arabic, offers only active types, and sends nothing', async () => {
    const api = formApi();
    const { user } = renderPage(<ServicesFormPage />, { route: '/services/create', api });
    const type = screen.getByLabelText(/نوع الخدمة/);
    await waitFor(() => expect(within(type).getAllByRole('option')).toHaveLength(3));
    expect(within(type).queryByRole('option', { name: 'نوع موقوف' })).not.toBeInTheDocument();
    // Requested today by the employee filling it, for one unit.
    expect(formValue('request_date')).toBe(todayIso());
    await waitFor(() => expect(screen.getByLabelText('الموظف طالب الخدمة')).toHaveValue('1'));
    expect(screen.getByLabelText(/الكمية/)).toHaveValue('1');
    // Two employees of one name are told apart by their email, isolated left to right.
    expect(
      within(screen.getByLabelText('الموظف طالب الخدمة'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(
      expect.arrayContaining([
        'نورة الخدمات',
        'سارة الباحثة — \u2066sara@ataa.org.sa\u2069',
        'سارة الباحثة — \u2066sara.q@ataa.org.sa\u2069',
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'تسجيل الطلب' }));
    expect(
      await screen.findByText('يوجد حقول تحتاج إلى تصحيح، وهي مظللة في النموذج.'),
    ).toBeInTheDocument();
    expect(type).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('هذا الحقل مطلوب').length).toBeGreaterThanOrEqual(2);
    expect(api.callsTo(serviceEndpoints.create)).toHaveLength(0);
  });

  it('lists the chosen family’s members, starting over when the family changes', async () => {
    const api = formApi();
    const { user } = renderPage(<ServicesFormPage />, { route: '/services/create', api });
    expect(screen.getByLabelText('الفرد المستفيد')).toBeDisabled();

    await pickFamily(user, 'محمد أحمد الشهري');
    expect(memberOptions()).toEqual([
      'الأسرة كاملة',
      'محمد أحمد الشهري (رب الأسرة)',
      'فاطمة صالح الشهري (زوج / زوجة)',
    ]);
    await user.selectOptions(screen.getByLabelText('الفرد المستفيد'), '12');

    await user.click(screen.getByRole('button', { name: 'تغيير الأسرة' }));
    await pickFamily(user, 'سالم علي الغامدي');
    expect(screen.getByLabelText('الفرد المستفيد')).toHaveValue('');
    expect(memberOptions()).toEqual([
      'الأسرة كاملة',
      'سالم علي الغامدي (رب الأسرة)',
      expect.stringContaining('نوف سالم الغامدي'),
    ]);
  });

  it('refuses a family that cannot be served, saying why', async () => {
    const api = formApi();
    const { user } = renderPage(<ServicesFormPage />, { route: '/services/create', api });
    await pickFamily(user, 'خالد سعد العتيبي');
    expect(await screen.findByRole('alert')).toHaveTextContent(SUSPENDED.refusal ?? '');
    expect(screen.getByLabelText('الفرد المستفيد')).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/نوع الخدمة/), '3');
    await user.click(screen.getByRole('button', { name: 'تسجيل الطلب' }));
    await screen.findByText('يوجد حقول تحتاج إلى تصحيح، وهي مظللة في النموذج.');
    expect(api.callsTo(serviceEndpoints.create)).toHaveLength(0);
  });

  it('proposes the type’s default cost × quantity until a cost is typed, and sends the request', async () => {
    const api = formApi();
    api.on(serviceEndpoints.create, {
      status: 201,
      data: { message: 'تم تسجيل طلب الخدمة بنجاح', data: service({ id: 52 }) },
    });
    const { user, router } = renderPage(<ServicesFormPage />, {
      route: '/services/create',
      path: '/services/create?family_id=7',
      api,
    });
    // The family the address names is chosen already.
    expect(await screen.findByText('F-1446-00007')).toBeInTheDocument();
    const cost = screen.getByLabelText(/التكلفة/);
    const quantity = screen.getByLabelText(/الكمية/);
    await waitFor(() =>
      expect(within(screen.getByLabelText(/نوع الخدمة/)).getAllByRole('option')).toHaveLength(3),
    );

    await user.selectOptions(screen.getByLabelText(/نوع الخدمة/), '3');
    expect(cost).toHaveValue('250.50');
    await user.clear(quantity);
    await user.type(quantity, '٣');
    // 250.50 × 3 in halalas: exactly 751.50.
    expect(cost).toHaveValue('751.50');
    await user.selectOptions(screen.getByLabelText(/نوع الخدمة/), '4');
    expect(cost).toHaveValue('4500');

    await user.clear(cost);
    await user.type(cost, '4000');
    await user.selectOptions(screen.getByLabelText(/نوع الخدمة/), '3');
    expect(cost).toHaveValue('4000');

    await user.selectOptions(screen.getByLabelText('الفرد المستفيد'), '12');
    await user.selectOptions(screen.getByLabelText('الجهة المنفذة'), '3');
    await user.click(screen.getByRole('button', { name: 'تسجيل الطلب' }));

    await waitFor(() => expect(api.callsTo(serviceEndpoints.create)).toHaveLength(1));
    expect(api.callsTo(serviceEndpoints.create)[0]?.body).toEqual({
      service_type_id: 3,
      family_id: 7,
      member_id: 12,
      requested_by_id: 1,
      provider_id: null,
      implementing_org_id: 3,
      request_date: todayIso(),
      approval_date: null,
      expected_date: null,
      delivery_date: null,
      quantity: 3,
      cost: 4000,
      details: null,
      follow_up_recommendations: null,
      beneficiary_satisfaction: null,
    });
    await waitFor(() => expect(currentLocation(router)).toBe('/services/show/52'));
    expect(await screen.findByText('سُجّل طلب الخدمة')).toBeInTheDocument();
  });

  it('edits a delivered service with its delivery fields (its family, type, quantity and cost shown, not offered, with the reason), and puts a server 422 on its field', async () => {
    const api = formApi();
    api.on(
      serviceEndpoints.show,
      { params: { id: 41 } },
      {
        status: 200,
        data: {
          data: service({
            status: 'delivered',
            approval_date: '2025-02-21',
            delivery_date: '2025-02-24',
            overdue: false,
            provider: { id: 8, name: 'موظف سابق' },
          }),
        },
      },
    );
    api.on(
      serviceEndpoints.update,
      { params: { id: 41 } },
      {
        status: 422,
        data: {
          message: 'البيانات غير صحيحة',
          errors: { delivery_date: ['تاريخ التنفيذ يجب أن يكون في تاريخ الاعتماد أو بعده'] },
        },
      },
    );
    const { user } = renderPage(<ServicesFormPage />, {
      route: '/services/edit/:id',
      path: '/services/edit/41',
      api,
    });
    expect(await screen.findByLabelText(/تاريخ التنفيذ/)).toBeInTheDocument();
    expect(formValue('delivery_date')).toBe('2025-02-24');
    expect(formValue('approval_date')).toBe('2025-02-21');
    expect(screen.getByLabelText('رضا المستفيد')).toBeInTheDocument();
    // Closed: what was delivered, to whom and at what cost is read, not edited, and the form says why.
    for (const field of [/نوع الخدمة/, /التكلفة/, /الكمية/, /ابحث عن/, 'الفرد المستفيد'])
      expect(screen.queryByLabelText(field)).not.toBeInTheDocument();
    const locked = screen.getByRole('region', { name: 'ما لا يتغير في الخدمة' });
    expect(locked).toHaveTextContent(serviceLockedFieldsError('delivered') as string);
    expect(locked).toHaveTextContent('سلة غذائية');
    // An employee no longer active still shows.

    expect(screen.getByLabelText('الموظف مقدم الخدمة')).toHaveDisplayValue('موظف سابق');

    await user.selectOptions(screen.getByLabelText('رضا المستفيد'), '4');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(
      await screen.findByText('تاريخ التنفيذ يجب أن يكون في تاريخ الاعتماد أو بعده'),
    ).toBeInTheDocument();
    expect(api.callsTo(serviceEndpoints.update, { params: { id: 41 } })[0]?.body).toMatchObject({
      family_id: 7,
      beneficiary_satisfaction: 4,
      provider_id: 8,
      cost: 501,
    });
  });
});
