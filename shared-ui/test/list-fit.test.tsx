import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, FilterBar, SearchField, SelectField, type DataTableColumn } from '../src';
import { resetViewport, setViewportWidth } from '../testing';
import { renderWithTheme } from './render';

interface Family {
  id: number;
  file_number: string;
  head_name: string;
  status: string;
  city: string;
  researcher: string;
  members: number;
}

const columns: DataTableColumn<Family>[] = [
  {
    id: 'file_number',
    header: 'رقم الملف',
    card: 'title',
    cell: (row) => row.file_number,
    text: (row) => row.file_number,
  },
  {
    id: 'head_name',
    header: 'رب الأسرة',
    card: 'title',
    sortable: true,
    truncate: '12rem',
    cell: (row) => <a href={`/families/show/${row.id}`}>{row.head_name}</a>,
  },
  { id: 'status', header: 'الحالة', card: true, cell: (row) => row.status },
  { id: 'city', header: 'المدينة', priority: 2, card: true, cell: (row) => row.city },
  {
    id: 'researcher',
    header: 'الباحث',
    priority: 3,
    truncate: true,
    cell: (row) => row.researcher,
  },
  { id: 'members', header: 'الأفراد', priority: 2, sortable: true, cell: (row) => row.members },
];

const rows: Family[] = [
  {
    id: 1,
    file_number: 'F-1447-00001',
    head_name: 'عبدالرحمن بن محمد بن عبدالله آل سعيد القحطاني',
    status: 'نشطة',
    city: 'الرياض',
    researcher: 'نورة بنت خالد الباحثة الاجتماعية',
    members: 6,
  },
  {
    id: 2,
    file_number: 'F-1447-00002',
    head_name: 'خالد الناصر',
    status: 'قيد المراجعة',
    city: 'جدة',
    researcher: 'سارة',
    members: 3,
  },
];

const headers = () =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

afterEach(() => resetViewport());

describe('DataTable column priorities', () => {
  it('shows every column on a wide screen, with no details button', () => {
    setViewportWidth(1920);
    renderWithTheme(<DataTable caption="الأسر" columns={columns} rows={rows} rowKey="id" />);
    expect(headers()).toEqual(['رقم الملف', 'رب الأسرة', 'الحالة', 'المدينة', 'الباحث', 'الأفراد']);
    expect(screen.queryByRole('button', { name: /عرض التفاصيل/ })).toBeNull();
  });

  it('at 1366 px keeps priorities 1–2 and moves the rest into each row’s details', async () => {
    setViewportWidth(1366);
    const user = userEvent.setup();
    renderWithTheme(<DataTable caption="الأسر" columns={columns} rows={rows} rowKey="id" />);
    expect(headers()).toEqual([
      'رقم الملف',
      'رب الأسرة',
      'الحالة',
      'المدينة',
      'الأفراد',
      'التفاصيل',
    ]);
    expect(screen.queryByText('سارة')).toBeNull();

    const toggle = screen.getByRole('button', { name: 'عرض التفاصيل F-1447-00002' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const opened = screen.getByRole('button', { name: 'إخفاء التفاصيل F-1447-00002' });
    expect(opened).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(opened.getAttribute('aria-controls') ?? '');
    expect(details).not.toBeNull();
    expect(within(details as HTMLElement).getByText('الباحث')).toBeInTheDocument();
    expect(within(details as HTMLElement).getByText('سارة')).toBeInTheDocument();
  });

  it('below 1366 px shows priority 1 only, and follows a resize', () => {
    setViewportWidth(1024);
    renderWithTheme(<DataTable caption="الأسر" columns={columns} rows={rows} rowKey="id" />);
    expect(headers()).toEqual(['رقم الملف', 'رب الأسرة', 'الحالة', 'التفاصيل']);
    act(() => setViewportWidth(1920));
    expect(headers()).toHaveLength(6);
  });

  it('never wraps a date column', () => {
    setViewportWidth(1920);
    renderWithTheme(
      <DataTable
        caption="القيود"
        columns={[
          {
            id: 'on',
            header: 'التاريخ',
            nowrap: true,
            cell: (row: { id: number }) => `${row.id} نوفمبر 2026`,
          },
          { id: 'note', header: 'ملاحظة', cell: () => 'نص' },
        ]}
        rows={[{ id: 12 }]}
        rowKey="id"
      />,
    );
    expect(screen.getByRole('cell', { name: '12 نوفمبر 2026' })).toHaveStyle({
      whiteSpace: 'nowrap',
    });
    expect(screen.getByRole('cell', { name: 'نص' })).not.toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('keeps names on one line with the full text on hover and on keyboard focus', () => {
    setViewportWidth(1920);
    renderWithTheme(<DataTable caption="الأسر" columns={columns} rows={rows} rowKey="id" />);
    const link = screen.getByRole('link', { name: rows[0]?.head_name });
    const name = link.parentElement as HTMLElement;
    expect(name).toHaveAttribute('title', rows[0]?.head_name);
    expect(name).toHaveStyle({
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
      overflow: 'hidden',
    });
    // The link inside takes focus (and :focus-within shows the whole name): no extra tab stop.
    expect(name).not.toHaveAttribute('tabindex');
    // Plain text gets a tab stop of its own, so a keyboard user can read it whole.
    const researcher = screen.getByText(rows[0]?.researcher ?? '');
    expect(researcher).toHaveAttribute('tabindex', '0');
    expect(researcher).toHaveAttribute('title', rows[0]?.researcher);
  });
});

describe('DataTable on a phone (375 px)', () => {
  it('becomes cards with the key fields and the rest behind a details button', async () => {
    setViewportWidth(375);
    const user = userEvent.setup();
    const onSortChange = jest.fn();
    renderWithTheme(
      <DataTable
        caption="الأسر"
        columns={columns}
        rows={rows}
        rowKey="id"
        sort={{ id: 'head_name', order: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const region = screen.getByRole('region', { name: 'الأسر' });
    const cards = within(region).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('F-1447-00001')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: rows[0]?.head_name })).toBeInTheDocument();
    expect(within(first).getByText('الحالة')).toBeInTheDocument();
    expect(within(first).getByText('الرياض')).toBeInTheDocument();
    expect(within(first).queryByText('6')).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'عرض التفاصيل' }));
    expect(within(first).getByText('الأفراد')).toBeInTheDocument();
    expect(within(first).getByText('6')).toBeInTheDocument();

    // Sorting stays possible without column headers.
    await user.selectOptions(screen.getByRole('combobox', { name: 'الترتيب' }), 'الأفراد (تنازلي)');
    expect(onSortChange).toHaveBeenCalledWith({ id: 'members', order: 'desc' });
  });

  it('without card marks shows the first four priority-1 columns', () => {
    setViewportWidth(375);
    const plain: DataTableColumn<Family>[] = columns.map(({ card: _card, ...column }) => column);
    renderWithTheme(<DataTable caption="الأسر" columns={plain} rows={rows} rowKey="id" />);
    const first = screen.getAllByRole('listitem')[0] as HTMLElement;
    expect(
      within(first)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['رقم الملف', 'رب الأسرة', 'الحالة']);
  });

  it('shows the empty state as text, not an empty list', () => {
    setViewportWidth(375);
    renderWithTheme(
      <DataTable
        caption="الأسر"
        columns={columns}
        rows={[]}
        rowKey="id"
        emptyTitle="لا توجد أسر"
      />,
    );
    expect(screen.getByText('لا توجد أسر')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('FilterBar folds into one "تصفية" control on a phone', () => {
  function Filters({ active = false }: { active?: boolean }) {
    return (
      <FilterBar
        label="تصفية الأسر"
        active={active}
        primary={<SearchField value="" onSearch={() => undefined} />}
        onClear={active ? () => undefined : undefined}
      >
        <SelectField label="الحالة" options={[{ value: 'active', label: 'نشطة' }]} />
      </FilterBar>
    );
  }

  it('keeps the search in view and the fields behind a disclosure button', async () => {
    setViewportWidth(375);
    const user = userEvent.setup();
    renderWithTheme(<Filters />);
    const bar = screen.getByRole('search', { name: 'تصفية الأسر' });
    expect(within(bar).getByRole('searchbox')).toBeVisible();
    const toggle = within(bar).getByRole('button', { name: 'تصفية' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'الحالة' })).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'الحالة' })).toBeVisible();
  });

  it('says when a filter is set', () => {
    setViewportWidth(375);
    renderWithTheme(<Filters active />);
    expect(screen.getByRole('button', { name: 'تصفية (مفعّلة)' })).toBeInTheDocument();
  });

  it('lays every field out at 1366 px', () => {
    setViewportWidth(1366);
    renderWithTheme(<Filters />);
    expect(screen.queryByRole('button', { name: 'تصفية' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'الحالة' })).toBeVisible();
  });
});
