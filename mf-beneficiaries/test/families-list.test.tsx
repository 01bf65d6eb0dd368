import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fromFamilyListParams,
  familyEndpoints,
  lookupEndpoints,
} from 'shared-contracts/beneficiaries';
import { bulkActionEndpoints } from 'shared-contracts/resources/bulk-actions-contracts';
import FamiliesListPage from '../src/features/families/pages/families-list-page';
import { createFakeApi, listReply, resetViewport, setViewportWidth } from 'shared-ui/testing';
import { employee, familyDetail } from '../src/testing/fixtures';
import { currentLocation, renderPage } from '../src/testing/render-page';

function listApi() {
  const api = createFakeApi();
  api.on(familyEndpoints.list, (call) => ({
    status: 200,
    data: {
      data: [familyDetail({ reassessment_overdue: true })],
      meta: { page: Number(call.params.page ?? 1), per_page: 20, total: 45, last_page: 3 },
    },
  }));
  return api;
}

function searchOf(router: Parameters<typeof currentLocation>[0]) {
  return new URLSearchParams(router.state.location.search);
}

describe('families list', () => {
  it('reads page, search, sort and filters from the URL and sends exactly them to the API', async () => {
    const api = listApi();
    const url =
      '/families?page=2&search=%D8%A7%D9%84%D8%B4%D9%87%D8%B1%D9%8A&sort=file_number&order=desc' +
      '&filter%5Bstatus%5D=approved&filter%5Bcity%5D=riyadh&filter%5Breassessment_overdue%5D=true';
    renderPage(<FamiliesListPage />, { route: '/families', path: url, api });

    expect(await screen.findByRole('link', { name: 'محمد أحمد علي الشهري' })).toHaveAttribute(
      'href',
      '/families/show/7',
    );
    expect(api.callsTo(familyEndpoints.list)[0]?.params).toEqual({
      page: '2',
      search: 'الشهري',
      sort: 'file_number',
      order: 'desc',
      'filter[status]': 'approved',
      'filter[city]': 'riyadh',
      'filter[reassessment_overdue]': 'true',
    });
    expect(screen.getByRole('searchbox', { name: 'بحث' })).toHaveValue('الشهري');
    expect(screen.getByLabelText('الحالة')).toHaveValue('approved');
    expect(screen.getByLabelText('المدينة')).toHaveValue('riyadh');
    expect(screen.getByLabelText('متأخرة عن إعادة التقييم')).toBeChecked();
    expect(screen.getByRole('columnheader', { name: /رقم الملف/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('button', { name: 'الصفحة 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('قيد المراجعة', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('متأخرة عن إعادة التقييم', { selector: 'span' })).toBeInTheDocument();
  });

  it('changing a filter updates the URL, keeps the rest and goes back to page 1', async () => {
    const user = userEvent.setup();
    const api = listApi();
    const view = renderPage(<FamiliesListPage />, {
      route: '/families',
      path: '/families?page=3&filter%5Bstatus%5D=approved&sort=head_name',
      api,
    });
    await screen.findByRole('link', { name: 'محمد أحمد علي الشهري' });

    await user.selectOptions(screen.getByLabelText('الفئة'), 'orphans');
    await waitFor(() => expect(searchOf(view.router).get('filter[category]')).toBe('orphans'));
    const state = fromFamilyListParams(searchOf(view.router));
    expect(state).toMatchObject({
      page: 1,
      sort: 'head_name',
      filter: { status: ['approved'], category: ['orphans'] },
    });
    expect(searchOf(view.router).has('page')).toBe(false);
    await waitFor(() =>
      expect(api.calls.at(-1)?.params).toEqual({
        sort: 'head_name',
        'filter[status]': 'approved',
        'filter[category]': 'orphans',
      }),
    );

    // Back restores the previous list state (it is all in the URL).
    await act(() => view.router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('الفئة')).toHaveValue(''));
    expect(searchOf(view.router).get('page')).toBe('3');
  });

  it('filters on the documents: without a national ID, or with documents expiring soon', async () => {
    const user = userEvent.setup();
    const api = listApi();
    const view = renderPage(<FamiliesListPage />, {
      route: '/families',
      path: '/families?filter%5Bdocuments_expiring%5D=true',
      api,
    });
    await screen.findByRole('link', { name: 'محمد أحمد علي الشهري' });
    expect(screen.getByLabelText('وثائق تنتهي قريبًا')).toBeChecked();
    expect(screen.getByText('خلال 30 يوماً')).toBeInTheDocument();

    await user.click(screen.getByLabelText('بلا وثيقة هوية وطنية'));
    await waitFor(() =>
      expect(searchOf(view.router).get('filter[missing_national_id]')).toBe('true'),
    );
    await waitFor(() =>
      expect(api.calls.at(-1)?.params).toEqual({
        'filter[documents_expiring]': 'true',
        'filter[missing_national_id]': 'true',
      }),
    );
    await user.click(screen.getByLabelText('وثائق تنتهي قريبًا'));
    await waitFor(() =>
      expect(searchOf(view.router).has('filter[documents_expiring]')).toBe(false),
    );
  });

  it('debounces the search box into the URL and resets the page', async () => {
    const user = userEvent.setup();
    const api = listApi();
    const view = renderPage(<FamiliesListPage />, {
      route: '/families',
      path: '/families?page=2',
      api,
    });
    await screen.findByRole('link', { name: 'محمد أحمد علي الشهري' });

    await user.type(screen.getByRole('searchbox', { name: 'بحث' }), 'احمد');
    expect(searchOf(view.router).get('search')).toBeNull();
    await waitFor(() => expect(searchOf(view.router).get('search')).toBe('احمد'));
    expect(searchOf(view.router).has('page')).toBe(false);
    await waitFor(() => expect(api.calls.at(-1)?.params).toEqual({ search: 'احمد' }));
  });

  it('sorts by a column header and pages through the server', async () => {
    const user = userEvent.setup();
    const api = listApi();
    const view = renderPage(<FamiliesListPage />, { route: '/families', api });
    await screen.findByRole('link', { name: 'محمد أحمد علي الشهري' });

    await user.click(screen.getByRole('button', { name: /دخل الفرد/ }));
    await waitFor(() =>
      expect(currentLocation(view.router)).toBe('/families?sort=per_capita_income'),
    );
    await user.click(screen.getByRole('button', { name: 'التالي' }));
    await waitFor(() =>
      expect(currentLocation(view.router)).toBe('/families?page=2&sort=per_capita_income'),
    );
  });

  it('shows the create button only with create_families, the export only with edit_families', async () => {
    const view = renderPage(<FamiliesListPage />, {
      route: '/families',
      api: listApi(),
      user: employee(['show_families']),
    });
    await screen.findByRole('link', { name: 'محمد أحمد علي الشهري' });
    expect(screen.queryByRole('link', { name: 'تسجيل أسرة' })).not.toBeInTheDocument();
    // A bulk copy of national IDs and phones needs the edit permission (README "Exports").
    expect(screen.queryByRole('button', { name: 'تصدير إلى إكسل' })).not.toBeInTheDocument();
    view.unmount();

    renderPage(<FamiliesListPage />, {
      route: '/families',
      api: listApi(),
      user: employee(['show_families', 'edit_families']),
    });
    await screen.findByRole('link', { name: 'محمد أحمد علي الشهري' });
    expect(screen.getByRole('button', { name: 'تصدير إلى إكسل' })).toBeInTheDocument();
  });

  it('offers the medical categories only to who may see medical fields (the API refuses them to others)', async () => {
    const optionsOf = () =>
      within(screen.getByLabelText('الفئة'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    const view = renderPage(<FamiliesListPage />, {
      route: '/families',
      api: listApi(),
      user: employee(['show_families']),
    });
    await screen.findByRole('link', { name: 'محمد أحمد علي الشهري' });
    expect(optionsOf()).toContain('أيتام');
    expect(optionsOf()).not.toContain('مرضى مزمنون');
    expect(optionsOf()).not.toContain('ذوو الإعاقة');
    view.unmount();

    renderPage(<FamiliesListPage />, {
      route: '/families',
      api: listApi(),
      user: employee(['show_families', 'edit_families']),
    });
    await screen.findByRole('link', { name: 'محمد أحمد علي الشهري' });
    expect(optionsOf()).toEqual(expect.arrayContaining(['أيتام', 'مرضى مزمنون', 'ذوو الإعاقة']));
  });

  it('offers the first registration when there are no families, and an error with retry when the API fails', async () => {
    const api = createFakeApi();
    api.on(familyEndpoints.list, {
      status: 200,
      data: { data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } },
    });
    const view = renderPage(<FamiliesListPage />, { route: '/families', api });
    expect(await screen.findByText('لا توجد أسر مسجلة بعد')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'تسجيل أسرة' }).length).toBeGreaterThan(0);
    view.unmount();

    const failing = createFakeApi();
    failing.on(familyEndpoints.list, { status: 500, data: { message: 'خطأ في الخادم' } });
    renderPage(<FamiliesListPage />, { route: '/families', api: failing });
    expect(await screen.findByRole('alert')).toHaveTextContent('خطأ في الخادم');
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });

  it('exports with the current filters through the API client', async () => {
    const user = userEvent.setup();
    const api = listApi();
    api.on(familyEndpoints.export, { status: 200, data: new Blob(['xlsx']) });
    const createObjectURL = jest.fn(() => 'blob:families');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderPage(<FamiliesListPage />, {
      route: '/families',
      path: '/families?page=2&filter%5Bstatus%5D=approved',
      api,
    });
    await screen.findByRole('link', { name: 'محمد أحمد علي الشهري' });

    await user.click(screen.getByRole('button', { name: 'تصدير إلى إكسل' }));
    expect(await screen.findByText('تم تصدير الملف')).toBeInTheDocument();
    expect(api.callsTo(familyEndpoints.export)[0]?.params).toEqual({
      'filter[status]': 'approved',
    });
    expect(screen.getByText(/^families-\d{4}-\d{2}-\d{2}\.xlsx$/)).toBeInTheDocument();
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });
});

describe('families list fits the screen', () => {
  afterEach(() => resetViewport());

  it('at 1366 px shows its most useful columns and the rest in each row’s details', async () => {
    setViewportWidth(1366);
    const user = userEvent.setup();
    renderPage(<FamiliesListPage />, { route: '/families', path: '/families', api: listApi() });
    await screen.findByRole('link', { name: 'محمد أحمد علي الشهري' });
    const table = screen.getByRole('table', { name: 'قائمة الأسر' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      // The selection's column (its checkbox is named «تحديد كل صفوف الصفحة»).
      'التحديد',
      'رقم الملف',
      'رب الأسرة',
      'الجوال',
      'الحالة',
      'الأفراد',
      'دخل الفرد',
      'إعادة التقييم',
      'التفاصيل',
    ]);
    // The head's name stays on one line, whole on hover.
    expect(
      screen.getByRole('link', { name: 'محمد أحمد علي الشهري' }).parentElement,
    ).toHaveAttribute('title', 'محمد أحمد علي الشهري');
    await user.click(screen.getByRole('button', { name: /^عرض التفاصيل F-/ }));
    expect(within(table).getByText('الباحث')).toBeInTheDocument();
    expect(within(table).getByText('الهوية')).toBeInTheDocument();
  });

  it('on a phone shows cards and folds the filters into one "تصفية" button', async () => {
    setViewportWidth(375);
    const user = userEvent.setup();
    renderPage(<FamiliesListPage />, { route: '/families', path: '/families', api: listApi() });
    const link = await screen.findByRole('link', { name: 'محمد أحمد علي الشهري' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(link.closest('li')).not.toBeNull();
    expect(screen.getByRole('searchbox', { name: 'بحث' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'الحالة' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'تصفية' }));
    expect(screen.getByRole('combobox', { name: 'الحالة' })).toBeVisible();
  });
});

describe('families list bulk actions', () => {
  it('ticks a family, assigns a researcher to the selection and shows the summary', async () => {
    const user = userEvent.setup();
    const api = listApi();
    api.on(
      lookupEndpoints.researchers,
      listReply([{ id: 5, name: 'سارة الباحثة', email: 'sara@ataa.local' }]),
    );
    api.on(bulkActionEndpoints.families, {
      status: 200,
      data: { message: 'تم تحديث أسرة واحدة', data: { total: 1, done: [7], failed: [] } },
    });
    renderPage(<FamiliesListPage />, { route: '/families', path: '/families', api });
    await screen.findByRole('link', { name: 'محمد أحمد علي الشهري' });
    const bar = screen.getByRole('group', { name: 'الإجراءات الجماعية' });
    expect(within(bar).getByRole('button', { name: 'إسناد باحث اجتماعي' })).toBeDisabled();
    expect(within(bar).getByRole('button', { name: 'تصدير المحدد' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: /^تحديد F-/ }));
    expect(within(bar).getByText('تم تحديد أسرة واحدة')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'إسناد باحث اجتماعي' }));
    const dialog = await screen.findByRole('dialog', { name: 'إسناد باحث اجتماعي' });
    await user.click(within(dialog).getByRole('button', { name: 'تنفيذ' }));
    expect(within(dialog).getByText('هذا الحقل مطلوب')).toBeInTheDocument();
    expect(api.callsTo(bulkActionEndpoints.families)).toHaveLength(0);

    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: 'سارة الباحثة' })).toBeInTheDocument(),
    );
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /الباحث الاجتماعي/ }),
      '5',
    );
    await user.click(within(dialog).getByRole('button', { name: 'تنفيذ' }));
    expect(await within(dialog).findByText('تم تحديث أسرة واحدة')).toBeInTheDocument();
    expect(api.callsTo(bulkActionEndpoints.families)[0]?.body).toEqual({
      action: 'assign_researcher',
      researcher_id: '5',
      ids: [7],
    });
    // The selection is cleared once done.
    expect(within(bar).getByRole('button', { name: 'إسناد باحث اجتماعي' })).toBeDisabled();
  });

  it('a reader without the edit permission sees no checkboxes', async () => {
    renderPage(<FamiliesListPage />, {
      route: '/families',
      path: '/families',
      api: listApi(),
      user: employee(['show_families']),
    });
    await screen.findByRole('link', { name: 'محمد أحمد علي الشهري' });
    expect(screen.queryByRole('checkbox', { name: /^تحديد/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'الإجراءات الجماعية' })).toBeNull();
  });
});
