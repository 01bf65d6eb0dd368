import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { booleanFilter, codesFilter, defineListQuery } from 'shared-contracts';
import {
  FilterBar,
  ListPage,
  PageSizeField,
  SearchField,
  codesFromSelect,
  firstCode,
  isSortable,
  useApiClient,
  useListUrlState,
  type DataTableColumn,
} from '../src';
import { createFakeApi, listReply } from '../testing';
import { renderInApp, renderWithTheme } from './render';

const SORTABLE = ['name', 'city'] as const;
const peopleQuery = defineListQuery({
  sortable: SORTABLE,
  filters: { status: codesFilter(['active', 'archived']), verified: booleanFilter() },
});

function ListStateProbe() {
  const list = useListUrlState(peopleQuery);
  return (
    <>
      <output data-testid="state">{JSON.stringify(list.state)}</output>
      <output data-testid="params">{JSON.stringify(list.params)}</output>
      <output data-testid="filtered">{String(list.hasFilters)}</output>
      <button onClick={() => list.setPage(4)}>page</button>
      <button onClick={() => list.setPerPage(50)}>per page</button>
      <button onClick={() => list.setSort('city', 'desc')}>sort</button>
      <button onClick={() => list.setSearch('نورة ')}>search</button>
      <button onClick={() => list.setFilter('status', ['archived'])}>filter</button>
      <button onClick={() => list.setFilter('status', undefined)}>unfilter</button>
      <button onClick={list.clearFilters}>clear</button>
    </>
  );
}

describe('useListUrlState', () => {
  it('reads the state from the URL leniently and gives the API params', () => {
    renderInApp(<ListStateProbe />, {
      path: '/people?page=2&sort=password&search=%D9%86&filter%5Bstatus%5D=active&filter%5Bverified%5D=maybe',
    });
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toMatchObject({
      page: 2,
      per_page: 20,
      search: 'ن',
      order: 'asc',
      filter: { status: ['active'] },
    });
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '').sort).toBeUndefined();
    expect(JSON.parse(screen.getByTestId('params').textContent ?? '')).toEqual({
      page: '2',
      search: 'ن',
      'filter[status]': 'active',
    });
    expect(screen.getByTestId('filtered')).toHaveTextContent('true');
  });

  it('writes every change to the URL; sort, page size, search and filters start at page 1', async () => {
    const user = userEvent.setup();
    const view = renderInApp(<ListStateProbe />, { path: '/people?page=3&sort=name' });
    await user.click(screen.getByRole('button', { name: 'filter' }));
    expect(view.location()).toBe('/people?sort=name&filter%5Bstatus%5D=archived');
    await user.click(screen.getByRole('button', { name: 'page' }));
    expect(view.location()).toBe('/people?page=4&sort=name&filter%5Bstatus%5D=archived');
    await user.click(screen.getByRole('button', { name: 'sort' }));
    expect(view.location()).toBe('/people?sort=city&order=desc&filter%5Bstatus%5D=archived');
    await user.click(screen.getByRole('button', { name: 'per page' }));
    expect(view.location()).toContain('per_page=50');
    await user.click(screen.getByRole('button', { name: 'unfilter' }));
    expect(view.location()).not.toContain('filter');
    expect(screen.getByTestId('filtered')).toHaveTextContent('false');
  });

  it('replaces the history entry for a search and ignores one the URL already has', async () => {
    const user = userEvent.setup();
    const view = renderInApp(<ListStateProbe />, { path: '/people?page=2' });
    const before = view.router.state.historyAction;
    await user.click(screen.getByRole('button', { name: 'search' }));
    expect(view.location()).toBe('/people?search=%D9%86%D9%88%D8%B1%D8%A9');
    expect(view.router.state.historyAction).toBe('REPLACE');
    expect(before).toBe('POP');
    const location = view.router.state.location;
    await user.click(screen.getByRole('button', { name: 'search' }));
    expect(view.router.state.location).toBe(location);
  });

  it('clears search and filters but keeps page size and sort', async () => {
    const user = userEvent.setup();
    const view = renderInApp(<ListStateProbe />, {
      path: '/people?page=2&per_page=50&sort=city&order=desc&search=x&filter%5Bverified%5D=true',
    });
    expect(screen.getByTestId('filtered')).toHaveTextContent('true');
    await user.click(screen.getByRole('button', { name: 'clear' }));
    expect(view.location()).toBe('/people?per_page=50&sort=city&order=desc');
    expect(screen.getByTestId('filtered')).toHaveTextContent('false');
  });

  it('has helpers for sortable ids and single-choice code filters', () => {
    expect(isSortable(SORTABLE, 'city')).toBe(true);
    expect(isSortable(SORTABLE, 'password')).toBe(false);
    expect(firstCode(['a', 'b'])).toBe('a');
    expect(firstCode(undefined)).toBe('');
    expect(codesFromSelect('a')).toEqual(['a']);
    expect(codesFromSelect('')).toBeUndefined();
  });
});

function SearchHarness({ onSearch }: { onSearch: (search: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchField value={value} onSearch={onSearch} placeholder="الاسم" />
      <button onClick={() => setValue('من الرابط')}>back</button>
    </>
  );
}

describe('SearchField', () => {
  it('searches 300 ms after typing stops (or at once on Enter), with digits normalised', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSearch = jest.fn();
    renderWithTheme(<SearchHarness onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'بحث' });
    await user.type(box, 'س١٢');
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith('س12');

    await user.type(box, 'ب{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(2);
    expect(onSearch).toHaveBeenLastCalledWith('س12ب');
    act(() => jest.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledTimes(2);
    jest.useRealTimers();
  });

  it('follows a value changed from outside (back/forward, clear filters)', async () => {
    const user = userEvent.setup();
    renderWithTheme(<SearchHarness onSearch={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'back' }));
    expect(screen.getByRole('searchbox', { name: 'بحث' })).toHaveValue('من الرابط');
  });
});

describe('FilterBar and PageSizeField', () => {
  it('is a named search landmark with a clear button only when it can clear', async () => {
    const onClear = jest.fn();
    const { rerender } = renderWithTheme(
      <FilterBar label="تصفية الأسر">
        <PageSizeField value={50} onChange={() => {}} />
      </FilterBar>,
    );
    const bar = screen.getByRole('search', { name: 'تصفية الأسر' });
    expect(within(bar).queryByRole('button', { name: 'مسح التصفية' })).toBeNull();
    expect(within(bar).getByRole('combobox', { name: 'عدد الصفوف' })).toHaveValue('50');
    rerender(
      <FilterBar label="تصفية الأسر" onClear={onClear}>
        <span />
      </FilterBar>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'مسح التصفية' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('PageSizeField reports the chosen size as a number', async () => {
    const onChange = jest.fn();
    renderWithTheme(<PageSizeField value={20} onChange={onChange} />);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '20',
      '50',
      '100',
    ]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'عدد الصفوف' }), '100');
    expect(onChange).toHaveBeenCalledWith(100);
  });
});

interface Person {
  id: number;
  name: string;
  city: string;
}

const COLUMNS: DataTableColumn<Person>[] = [
  { id: 'name', header: 'الاسم', sortable: true, cell: (row) => row.name },
  { id: 'city', header: 'المدينة', sortable: true, cell: (row) => row.city },
  { id: 'note', header: 'ملاحظة', sortable: true, cell: () => '' },
];

function PeoplePage() {
  const list = useListUrlState(peopleQuery);
  const client = useApiClient();
  const query = useQuery({
    queryKey: ['people', list.params],
    queryFn: async () =>
      (await client.get('/people', { params: list.params })).data as {
        data: Person[];
        meta: { page: number; last_page: number; total: number };
      },
  });
  return (
    <ListPage<Person, (typeof SORTABLE)[number]>
      title="الأشخاص"
      actions={<button>إضافة</button>}
      filters={
        <FilterBar label="تصفية الأشخاص" onClear={list.hasFilters ? list.clearFilters : undefined}>
          <SearchField value={list.state.search ?? ''} onSearch={list.setSearch} />
        </FilterBar>
      }
      list={list}
      sortable={SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل الأشخاص..."
      empty={{ title: 'لا يوجد أحد بعد', action: <button>أضف أول شخص</button> }}
      caption="قائمة الأشخاص"
      rowKey="id"
      columns={COLUMNS}
      emptyTitle="لا يوجد مطابق"
    />
  );
}

describe('ListPage', () => {
  it('shows the loading state, then the rows with sorting and pagination driven by the URL', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.on('GET', '/people', listReply([{ id: 1, name: 'نورة', city: 'الرياض' }], { total: 41 }));
    const view = renderInApp(<PeoplePage />, { api, path: '/people' });
    expect(screen.getByRole('heading', { level: 1, name: 'الأشخاص' })).toBeInTheDocument();
    expect(screen.getByText('جارٍ تحميل الأشخاص...')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'قائمة الأشخاص' });
    expect(within(table).getByText('نورة')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /المدينة/ }));
    expect(view.location()).toBe('/people?sort=city');
    // A column the contract does not list as sortable never reaches the URL.
    await user.click(screen.getByRole('button', { name: /ملاحظة/ }));
    expect(view.location()).toBe('/people?sort=city');
    await user.click(screen.getByRole('button', { name: 'الصفحة 2' }));
    expect(view.location()).toBe('/people?page=2&sort=city');
    await waitFor(() =>
      expect(api.lastCallTo('GET', '/people')?.query).toEqual({ page: '2', sort: 'city' }),
    );
  });

  it('says "nothing yet" with the create action only when no filter is set', async () => {
    const api = createFakeApi();
    api.on('GET', '/people', listReply([]));
    const { unmount } = renderInApp(<PeoplePage />, { api, path: '/people' });
    expect(await screen.findByText('لا يوجد أحد بعد')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'أضف أول شخص' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();

    renderInApp(<PeoplePage />, { api, path: '/people?search=x' });
    expect(await screen.findByText('لا يوجد مطابق')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'قائمة الأشخاص' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'مسح التصفية' })).toBeInTheDocument();
  });

  it('shows the server message with a retry when the first load fails', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.on('GET', '/people', { status: 500, data: { message: 'خطأ في الخادم' } });
    renderInApp(<PeoplePage />, { api, path: '/people' });
    expect(await screen.findByRole('alert')).toHaveTextContent('خطأ في الخادم');
    api.on('GET', '/people', listReply([{ id: 2, name: 'سعد', city: 'جدة' }]));
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('سعد')).toBeInTheDocument();
  });
});
