import { screen, waitFor, within } from '@testing-library/react';
import { REASON_REQUIRED_MESSAGE } from 'shared-contracts';
import {
  AUDIENCE_MESSAGES,
  type AudienceEntry,
  seminarAudienceEndpoints,
} from 'shared-contracts/engagement';
import { createFakeApi, listReply, type FakeApiCall } from 'shared-ui/testing';
import SeminarsAudiencePage, {
  attendanceRateText,
} from '../src/features/seminars/pages/seminars-audience-page';
import { audience, audienceEntry, defaultEntries } from '../src/testing/seminar-fixtures';
import { renderPage } from '../src/testing/render-page';

/** A fake API whose audience changes as the page marks attendance (as the real one answers). */
function audienceApi(entries: AudienceEntry[] = defaultEntries()) {
  const api = createFakeApi();
  let current = entries;
  api.on(seminarAudienceEndpoints.list, { params: { id: 5 } }, () => ({
    status: 200,
    data: { data: audience(current) },
  }));
  const mark = (call: FakeApiCall) => {
    const id = Number(call.url.split('/').at(-1));
    const { attendance } = call.body as { attendance: 'attended' | 'no_show' | null };
    current = current.map((entry) => (entry.id === id ? { ...entry, attendance } : entry));
    return {
      status: 200,
      data: {
        message: 'تم تسجيل الحضور',
        data: { ...audience(current), entry: current.find((entry) => entry.id === id) ?? null },
      },
    };
  };
  for (const entry of entries)
    api.on(seminarAudienceEndpoints.attendance, { params: { id: 5, entryId: entry.id } }, mark);
  return api;
}

const renderAudience = (api = audienceApi()) =>
  renderPage(<SeminarsAudiencePage />, {
    route: '/seminar/audience/:id',
    path: '/seminar/audience/5',
    api,
  });

const attendanceCalls = (api: ReturnType<typeof audienceApi>) =>
  api.calls.filter((call) => call.method === 'PUT').map((call) => [call.url, call.body]);

describe('seminar audience page', () => {
  it('shows the registered (the promoted one marked), the waiting list in order and the counts', async () => {
    renderAudience();
    const registered = await screen.findByRole('table', { name: 'المسجلون' });
    const rows = within(registered).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'هيا علي الحربي  ',
      'سعد خالد الحربي  ',
      'سلمان الحارثي رُقّي من الانتظار ضيف',
    ]);
    const waiting = screen.getByRole('table', { name: 'قائمة الانتظار' });
    expect(within(waiting).getAllByRole('row')[1]).toHaveTextContent(/^1هدى البقمي/);
    expect(screen.getByText('لم يُسجل الحضور بعد')).toBeInTheDocument();
  });

  it('marks attendance by keyboard only: a name then Enter marks and returns to the box', async () => {
    const api = audienceApi();
    const { user } = renderAudience(api);
    const box = await screen.findByLabelText(/تسجيل الحضور السريع/);
    await user.click(box);
    await user.keyboard('هيا{Enter}');
    await waitFor(() =>
      expect(attendanceCalls(api)).toEqual([
        ['/seminars/5/audience/1', { attendance: 'attended' }],
      ]),
    );
    await waitFor(() => expect(box).toHaveValue(''));
    expect(box).toHaveFocus();
    expect(await screen.findByText('هيا علي الحربي: حضر')).toBeInTheDocument();
    // An ID works as well (Arabic-Indic digits too).
    await user.keyboard('١٠٩٨٧٦{Enter}');
    await waitFor(() => expect(attendanceCalls(api)).toHaveLength(2));
    expect(attendanceCalls(api)[1]).toEqual(['/seminars/5/audience/2', { attendance: 'attended' }]);
    await waitFor(() => expect(screen.getByText(/^حضر 2 من شخصين/)).toBeInTheDocument());
  });

  it('with several matches focuses the first row; Enter / N mark and move to the next row', async () => {
    const api = audienceApi();
    const { user } = renderAudience(api);
    const box = await screen.findByLabelText(/تسجيل الحضور السريع/);
    await user.click(box);
    await user.keyboard('الحربي{Enter}');
    const rows = within(screen.getByRole('table', { name: 'المسجلون' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    await waitFor(() => expect(rows[0]).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(attendanceCalls(api)).toEqual([
        ['/seminars/5/audience/1', { attendance: 'attended' }],
      ]),
    );
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /^سعد خالد الحربي/ })).toHaveFocus(),
    );
    await user.keyboard('n');
    await waitFor(() =>
      expect(attendanceCalls(api)[1]).toEqual([
        '/seminars/5/audience/2',
        { attendance: 'no_show' },
      ]),
    );
    // After the last row, back to the box (cleared) for the next person.
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveValue('');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('row', { name: /^هيا علي الحربي، الحضور: حضر/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(box).toHaveFocus();
  });

  it('before the seminar starts the attendance buttons are disabled with the reason shown', async () => {
    const api = createFakeApi();
    api.on(seminarAudienceEndpoints.list, { params: { id: 5 } }, () => ({
      status: 200,
      data: {
        data: audience(defaultEntries(), {
          starts_at: '2099-03-01T17:00',
          ends_at: '2099-03-01T19:00',
        }),
      },
    }));
    const { user } = renderPage(<SeminarsAudiencePage />, {
      route: '/seminar/audience/:id',
      path: '/seminar/audience/5',
      api,
    });
    const attended = await screen.findByRole('button', { name: 'حضر — هيا علي الحربي' });
    const noShow = screen.getByRole('button', { name: 'لم يحضر — هيا علي الحربي' });
    for (const button of [attended, noShow]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(AUDIENCE_MESSAGES.attendanceNotStarted);
    }
    expect(screen.getByText(AUDIENCE_MESSAGES.attendanceNotStarted)).toBeVisible();
    expect(screen.queryByLabelText(/تسجيل الحضور السريع/)).not.toBeInTheDocument();
    // Keyboard marking on a row is off too: nothing reaches the API.
    await user.click(attended);
    const row = screen.getByRole('row', { name: /^هيا علي الحربي، الحضور/ });
    row.focus();
    await user.keyboard('{Enter}');
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('announces when nobody matches and sends nothing', async () => {
    const api = audienceApi();
    const { user } = renderAudience(api);
    await user.type(await screen.findByLabelText(/تسجيل الحضور السريع/), 'شخص غير موجود{Enter}');
    expect(
      await screen.findByText('لا يوجد مسجل مطابق', { selector: '[role="status"]' }),
    ).toBeInTheDocument();
    expect(attendanceCalls(api)).toEqual([]);
  });

  it('asks to confirm a member outside the target audience, then registers them with the override', async () => {
    const api = audienceApi([audienceEntry()]);
    api.on(
      seminarAudienceEndpoints.candidates,
      { params: { id: 5 } },
      listReply([
        {
          member_id: 21,
          name: 'محمد خالد الحربي',
          gender: 'male',
          age: 40,
          family: { id: 7, file_number: 'F-1446-00007', head_name: 'خالد سعد الحربي' },
          outside_reasons: ['الندوة موجهة لفئة «أنثى»'],
          already_registered: false,
        },
      ]),
    );
    api.on(seminarAudienceEndpoints.register, { params: { id: 5 } }, () => {
      const after = audience([
        audienceEntry(),
        audienceEntry({
          id: 9,
          name: 'محمد خالد الحربي',
          override_note: 'الندوة موجهة لفئة «أنثى»',
        }),
      ]);
      api.on(
        seminarAudienceEndpoints.list,
        { params: { id: 5 } },
        { status: 200, data: { data: after } },
      );
      return {
        status: 201,
        data: { message: 'تم التسجيل في الندوة', data: { ...after, entry: after.entries[1] } },
      };
    });
    const { user } = renderAudience(api);
    await user.type(await screen.findByLabelText(/ابحث عن الفرد/), 'محمد');
    await waitFor(() =>
      expect(api.calls.map((call) => call.url)).toContain('/seminars/5/candidates'),
    );
    // The search shows who a candidate is without any national ID.
    const results = await screen.findByRole('table', { name: 'نتائج البحث عن الأفراد' });
    expect(
      within(results)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['الاسم', 'الأسرة', 'الفئة المستهدفة', expect.any(String)]);
    await user.click(await screen.findByRole('button', { name: 'تسجيل محمد خالد الحربي' }));
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل محمد خالد الحربي استثناءً؟' });
    expect(dialog).toHaveTextContent('الندوة موجهة لفئة «أنثى»');
    expect(api.callsTo(seminarAudienceEndpoints.register, { params: { id: 5 } })).toHaveLength(0);
    // The reason is required: confirming without one says so and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد التسجيل استثناءً' }));
    expect(await within(dialog).findByText(REASON_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(seminarAudienceEndpoints.register, { params: { id: 5 } })).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/سبب التسجيل استثناءً/), 'يرافق والدته في الندوة');
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد التسجيل استثناءً' }));
    await waitFor(() =>
      expect(
        api.callsTo(seminarAudienceEndpoints.register, { params: { id: 5 } })[0]?.body,
      ).toEqual({
        kind: 'member',
        member_id: 21,
        override_confirmed: true,
        override_reason: 'يرافق والدته في الندوة',
      }),
    );
    expect(await screen.findByText('استثناء من الفئة المستهدفة')).toBeInTheDocument();
  });

  it('registers a guest with the Arabic errors of the shared schema first', async () => {
    const api = audienceApi([audienceEntry()]);
    api.on(
      seminarAudienceEndpoints.register,
      { params: { id: 5 } },
      {
        status: 201,
        data: {
          message: 'اكتمل العدد: أضيف إلى قائمة الانتظار',
          data: { ...audience([audienceEntry()]), entry: null },
        },
      },
    );
    const { user } = renderAudience(api);
    const form = await screen.findByRole('form', { name: 'تسجيل ضيف من خارج الأسر' });
    await user.click(within(form).getByRole('button', { name: 'تسجيل الضيف' }));
    expect(await within(form).findByText('يجب إدخال اسم الضيف')).toBeInTheDocument();
    expect(api.callsTo(seminarAudienceEndpoints.register, { params: { id: 5 } })).toHaveLength(0);
    await user.type(within(form).getByLabelText(/اسم الضيف/), 'سلمان الحارثي');
    await user.type(within(form).getByLabelText(/جوال الضيف/), '0500000101');
    await user.click(within(form).getByRole('button', { name: 'تسجيل الضيف' }));
    await waitFor(() =>
      expect(
        api.callsTo(seminarAudienceEndpoints.register, { params: { id: 5 } })[0]?.body,
      ).toMatchObject({
        kind: 'guest',
        guest_name: 'سلمان الحارثي',
        guest_phone: '+966500000101',
      }),
    );
  });

  it('gives a waiting registration its place in words that fit a woman as well as a man', async () => {
    const api = audienceApi([audienceEntry()]);
    const waiting = audienceEntry({
      id: 9,
      kind: 'guest',
      name: 'منى الحارثي',
      member_id: null,
      national_id: null,
      family: null,
      phone: '+966500000102',
      state: 'waiting',
      waiting_position: 2,
    });
    api.on(
      seminarAudienceEndpoints.register,
      { params: { id: 5 } },
      {
        status: 201,
        data: {
          message: AUDIENCE_MESSAGES.waiting,
          data: { ...audience([audienceEntry(), waiting]), entry: waiting },
        },
      },
    );
    const { user } = renderAudience(api);
    const form = await screen.findByRole('form', { name: 'تسجيل ضيف من خارج الأسر' });
    await user.type(within(form).getByLabelText(/اسم الضيف/), 'منى الحارثي');
    await user.type(within(form).getByLabelText(/جوال الضيف/), '0500000102');
    await user.click(within(form).getByRole('button', { name: 'تسجيل الضيف' }));
    expect(await screen.findByText('منى الحارثي — رقم 2 في قائمة الانتظار')).toBeInTheDocument();
    // Neither the message nor the place speaks of a man («أضيف»، «ترتيبه»).
    expect(AUDIENCE_MESSAGES.waiting).not.toMatch(/أضيف|ترتيبه/);
    expect(screen.queryByText(/ترتيبه/)).not.toBeInTheDocument();
  });

  it('prints the sign-in sheet: the registered people only, under its own title', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderAudience();
    await user.click(await screen.findByRole('button', { name: 'طباعة كشف التوقيع' }));
    expect(print).toHaveBeenCalledTimes(1);
    const sheet = document.querySelector('.seminar-print-sheet') as HTMLElement;
    expect(sheet).toHaveTextContent('كشف توقيع الحضور: إدارة ميزانية الأسرة');
    expect(within(sheet).getAllByRole('row', { hidden: true })).toHaveLength(4);
    expect(sheet).not.toHaveTextContent('هدى البقمي');
    print.mockRestore();
  });
});

describe('attendanceRateText', () => {
  const counts = (attended: number, no_show: number) => ({
    registered: attended + no_show,
    waiting: 0,
    free_places: 0,
    attended,
    no_show,
    unmarked: 0,
  });

  it('counts the marked people after «من» in Arabic, never a bare total or a nominative dual', () => {
    expect(attendanceRateText(counts(1, 0))).toBe('حضر 1 من شخص واحد (100٪)');
    expect(attendanceRateText(counts(2, 0))).toBe('حضر 2 من شخصين (100٪)');
    expect(attendanceRateText(counts(8, 2))).toBe('حضر 8 من 10 أشخاص (80٪)');
    expect(attendanceRateText(counts(0, 3))).toBe('لم يحضر أحد من 3 أشخاص (0٪)');
  });
});
