import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  SEMINAR_MESSAGES,
  seminarEndpoints,
  seminarTypeEndpoints,
} from 'shared-contracts/engagement';
import { createFakeApi, listReply } from 'shared-ui/testing';
import SeminarsFormPage from '../src/features/seminars/pages/seminars-form-page';
import SeminarsListPage from '../src/features/seminars/pages/seminars-list-page';
import SeminarsShowPage from '../src/features/seminars/pages/seminars-show-page';
import SeminarsTypesPage from '../src/features/seminars/pages/seminars-types-page';
import { SEMINAR_OPTIONS, seminar, seminarListItem } from '../src/testing/seminar-fixtures';
import { currentLocation, renderPage } from '../src/testing/render-page';

function seminarsApi() {
  const api = createFakeApi();
  api.on(
    seminarEndpoints.list,
    listReply(
      [
        seminarListItem(),
        seminarListItem({ id: 6, title: 'مهارات البحث عن عمل', status: 'held', waiting_count: 0 }),
      ],
      { total: 2 },
    ),
  );
  api.on(seminarEndpoints.options, { status: 200, data: { data: SEMINAR_OPTIONS } });
  api.on(seminarEndpoints.show, { params: { id: 5 } }, { status: 200, data: { data: seminar() } });
  return api;
}

describe('seminars list', () => {
  it('shows each seminar with its Hijri date beside, and sends the filters to the API and the URL', async () => {
    const api = seminarsApi();
    const { user, searchParams } = renderPage(<SeminarsListPage />, { route: '/seminar', api });
    const row = (await screen.findByRole('link', { name: 'إدارة ميزانية الأسرة' })).closest(
      'tr',
    ) as HTMLElement;
    expect(row).toHaveTextContent('1 ديسمبر 2026 (21 جمادى الآخرة 1448 هـ)');
    expect(row).toHaveTextContent('17:00–19:00');
    expect(within(row).getByText('3 / 3')).toBeInTheDocument();
    expect(within(row).getByText('مفتوحة للتسجيل')).toBeInTheDocument();
    expect(within(row).getByText('شخص واحد')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('الحالة'), 'open');
    await user.selectOptions(await screen.findByLabelText('نوع الندوة'), '3');
    fireEvent.change(screen.getByLabelText('تبدأ من'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('إلى'), { target: { value: '2026-12-31' } });
    await waitFor(() =>
      expect(api.lastCallTo(seminarEndpoints.list)?.query).toEqual({
        'filter[status]': 'open',
        'filter[seminar_type_id]': '3',
        'filter[from]': '2026-12-01',
        'filter[to]': '2026-12-31',
      }),
    );
    expect(searchParams().get('filter[seminar_type_id]')).toBe('3');
  });
});

/** A seminar time in the form's own fields: the date day/month/year, the time (24-hour accepted). */
function setDateTime(label: string, date: string, time: string) {
  const group = screen.getByRole('group', { name: new RegExp(label) });
  fireEvent.change(within(group).getByRole('textbox', { name: /التاريخ/ }), {
    target: { value: date },
  });
  fireEvent.change(within(group).getByRole('textbox', { name: /الساعة/ }), {
    target: { value: time },
  });
}

describe('seminar form', () => {
  it('refuses an end before the start and a seminar with no place, in Arabic, sending nothing', async () => {
    const api = seminarsApi();
    const { user } = renderPage(<SeminarsFormPage />, { route: '/seminar/create', api });
    const type = await screen.findByLabelText(/نوع الندوة/);
    await waitFor(() => expect(within(type).getAllByRole('option')).toHaveLength(3));
    expect(within(type).queryByRole('option', { name: 'نوع موقوف' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/عنوان الندوة/), 'إدارة ميزانية الأسرة');
    await user.selectOptions(type, '2');
    setDateTime('وقت البداية', '01/12/2026', '17:00');
    setDateTime('وقت النهاية', '01/12/2026', '16:00');
    await user.type(screen.getByLabelText(/السعة/), '0');
    await user.click(screen.getByRole('button', { name: 'إضافة الندوة' }));
    expect(await screen.findByText(SEMINAR_MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(screen.getByText(SEMINAR_MESSAGES.placeRequired)).toBeInTheDocument();
    expect(screen.getByText('يجب أن تكون القيمة 1 أو أكثر')).toBeInTheDocument();
    expect(api.callsTo(seminarEndpoints.create)).toHaveLength(0);
  });

  it('sends the seminar with its target audience and opens its page', async () => {
    const api = seminarsApi();
    api.on(seminarEndpoints.create, {
      status: 201,
      data: { message: 'تمت إضافة الندوة بنجاح', data: seminar({ id: 5 }) },
    });
    const { user, router } = renderPage(<SeminarsFormPage />, {
      route: '/seminar/create',
      api,
      routes: [{ path: '/seminar/show/:id', element: <p>صفحة الندوة</p> }],
    });
    const type = await screen.findByLabelText(/نوع الندوة/);
    await waitFor(() => expect(within(type).getAllByRole('option')).toHaveLength(3));
    await user.type(screen.getByLabelText(/عنوان الندوة/), 'إدارة ميزانية الأسرة');
    await user.selectOptions(type, '2');
    setDateTime('وقت البداية', '01/12/2026', '17:00');
    setDateTime('وقت النهاية', '01/12/2026', '19:00');
    // The product's own fields, never the browser's date-time control (12/20/2026, 05:00 PM).
    expect(document.querySelector('input[type="datetime-local"]')).toBeNull();
    await user.type(screen.getByLabelText(/السعة/), '٣٠');
    await user.type(screen.getByLabelText(/^المكان/), 'قاعة الجمعية');
    await user.selectOptions(screen.getByLabelText('الجنس المستهدف'), 'female');
    await user.type(screen.getByLabelText('أقل عمر مستهدف'), '18');
    await user.click(screen.getByLabelText('أرامل'));
    await user.click(screen.getByRole('button', { name: 'إضافة الندوة' }));
    await waitFor(() => expect(api.callsTo(seminarEndpoints.create)).toHaveLength(1));
    expect(api.callsTo(seminarEndpoints.create)[0]?.body).toMatchObject({
      title: 'إدارة ميزانية الأسرة',
      seminar_type_id: 2,
      starts_at: '2026-12-01T17:00',
      ends_at: '2026-12-01T19:00',
      capacity: 30,
      venue: 'قاعة الجمعية',
      target_gender: 'female',
      target_age_min: 18,
      target_categories: ['widows'],
    });
    await waitFor(() => expect(currentLocation(router)).toBe('/seminar/show/5'));
  });
});

describe('seminar show page', () => {
  it('shows the seminar and cancels it with a reason', async () => {
    const api = seminarsApi();
    api.on(
      seminarEndpoints.status,
      { params: { id: 5 } },
      {
        status: 200,
        data: {
          message: 'تم تغيير حالة الندوة بنجاح',
          data: seminar({ status: 'cancelled', status_reason: 'اعتذار المحاضرة' }),
        },
      },
    );
    const { user } = renderPage(<SeminarsShowPage />, {
      route: '/seminar/show/:id',
      path: '/seminar/show/5',
      api,
    });
    expect(
      await screen.findByRole('heading', { name: /إدارة ميزانية الأسرة/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('الجنسان — كل الأعمار')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إلغاء الندوة' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'اعتذار المحاضرة');
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء الندوة' }));
    await waitFor(() =>
      expect(api.callsTo(seminarEndpoints.status, { params: { id: 5 } })[0]?.body).toEqual({
        status: 'cancelled',
        reason: 'اعتذار المحاضرة',
      }),
    );
  });
});

describe('seminar types', () => {
  it('lists the types and adds one through the dialog', async () => {
    const api = createFakeApi();
    api.on(
      seminarTypeEndpoints.list,
      listReply([
        {
          id: 2,
          name: 'ندوة توعوية',
          description: null,
          active: true,
          seminars_count: 3,
          created_at: '2026-11-01T08:00:00.000Z',
          updated_at: '2026-11-01T08:00:00.000Z',
        },
      ]),
    );
    api.on(seminarTypeEndpoints.create, {
      status: 201,
      data: {
        message: 'تمت إضافة نوع الندوة بنجاح',
        data: {
          id: 3,
          name: 'ورشة عمل',
          description: null,
          active: true,
          seminars_count: 0,
          created_at: '2026-11-01T08:00:00.000Z',
          updated_at: '2026-11-01T08:00:00.000Z',
        },
      },
    });
    const { user } = renderPage(<SeminarsTypesPage />, { route: '/seminar/types', api });
    expect(await screen.findByText('ندوة توعوية')).toBeInTheDocument();
    // The shared lookup row: edit, deactivate and delete (the API refuses a type in use, with its reason).
    expect(screen.getByRole('button', { name: 'تعديل ندوة توعوية' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إيقاف ندوة توعوية' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إضافة نوع' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة نوع ندوة' });
    await user.type(within(dialog).getByLabelText(/اسم نوع الندوة/), 'ورشة عمل');
    await user.click(within(dialog).getByRole('button', { name: 'إضافة النوع' }));
    await waitFor(() =>
      expect(api.callsTo(seminarTypeEndpoints.create)[0]?.body).toEqual({
        name: 'ورشة عمل',
        description: null,
        active: true,
      }),
    );
  });
});
