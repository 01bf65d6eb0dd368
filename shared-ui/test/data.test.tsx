import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Badge,
  Button,
  DataTable,
  NEXT_ICON,
  PREVIOUS_ICON,
  pageWindow,
  Pagination,
  Stepper,
  type DataTableColumn,
} from '../src';
import { renderWithTheme } from './render';

interface Family {
  id: number;
  name: string;
  members: number;
}

const columns: DataTableColumn<Family>[] = [
  { id: 'name', header: 'اسم الأسرة', cell: (row) => row.name, sortable: true },
  {
    id: 'members',
    header: 'عدد الأفراد',
    cell: (row) => row.members,
    sortable: true,
    align: 'end',
  },
  { id: 'actions', header: 'إجراءات', cell: () => <button type="button">عرض</button> },
];
const rows: Family[] = [
  { id: 1, name: 'آل سعيد', members: 5 },
  { id: 2, name: 'آل ناصر', members: 3 },
];

describe('DataTable', () => {
  it('is a captioned table with a row per item', () => {
    renderWithTheme(<DataTable caption="قائمة الأسر" columns={columns} rows={rows} rowKey="id" />);
    const table = screen.getByRole('table', { name: 'قائمة الأسر' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'آل سعيد' })).toBeInTheDocument();
  });

  it('reports sorting through buttons and marks aria-sort', async () => {
    const onSortChange = jest.fn();
    const { rerender } = renderWithTheme(
      <DataTable
        caption="قائمة الأسر"
        columns={columns}
        rows={rows}
        rowKey="id"
        onSortChange={onSortChange}
      />,
    );
    const [nameHeader, membersHeader, actionsHeader] = screen.getAllByRole('columnheader');
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(actionsHeader).not.toHaveAttribute('aria-sort');
    await userEvent.click(screen.getByRole('button', { name: 'اسم الأسرة' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'name', order: 'asc' });

    rerender(
      <DataTable
        caption="قائمة الأسر"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        sort={{ id: 'name', order: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    expect(screen.getAllByRole('columnheader')[0]).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'اسم الأسرة' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'name', order: 'desc' });
    await userEvent.click(screen.getByRole('button', { name: 'عدد الأفراد' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'members', order: 'asc' });
    expect(membersHeader).toBeDefined();
  });

  it('shows the empty row with the default Arabic title', () => {
    renderWithTheme(<DataTable caption="قائمة الأسر" columns={columns} rows={[]} rowKey="id" />);
    expect(screen.getByText('لا توجد بيانات')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: /لا توجد بيانات/ })).toHaveAttribute('colspan', '3');
  });

  it('shows a custom empty title', () => {
    renderWithTheme(
      <DataTable
        caption="x"
        columns={columns}
        rows={[]}
        rowKey="id"
        emptyTitle="لا توجد أسر مطابقة"
      />,
    );
    expect(screen.getByText('لا توجد أسر مطابقة')).toBeInTheDocument();
  });

  it('aligns a column to the inline end when it says so', () => {
    renderWithTheme(<DataTable caption="قائمة الأسر" columns={columns} rows={rows} rowKey="id" />);
    expect(screen.getByRole('cell', { name: '5' })).toHaveStyle({ textAlign: 'end' });
    expect(screen.getByRole('cell', { name: 'آل سعيد' })).toHaveStyle({ textAlign: 'start' });
  });

  it('does not render unchanged rows again while the list refetches', () => {
    const cell = jest.fn((row: Family) => row.name);
    const counted: DataTableColumn<Family>[] = [{ id: 'name', header: 'اسم الأسرة', cell }];
    const table = (loading: boolean, shown: readonly Family[]) => (
      <DataTable
        caption="قائمة الأسر"
        columns={counted}
        rows={shown}
        rowKey="id"
        loading={loading}
      />
    );
    const { rerender } = renderWithTheme(table(false, rows));
    expect(cell).toHaveBeenCalledTimes(2);
    rerender(table(true, rows));
    rerender(table(false, rows));
    expect(cell).toHaveBeenCalledTimes(2);
    // A changed row is rendered again, and only that one.
    rerender(table(false, [{ id: 1, name: 'آل سعيد الكرام', members: 5 }, rows[1] as Family]));
    expect(cell).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('cell', { name: 'آل سعيد الكرام' })).toBeInTheDocument();
  });

  it('while loading is busy with a spinner row and no empty message', () => {
    renderWithTheme(
      <DataTable caption="قائمة الأسر" columns={columns} rows={[]} rowKey="id" loading />,
    );
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('جارٍ التحميل...');
    expect(screen.queryByText('لا توجد بيانات')).toBeNull();
  });
});

describe('Pagination', () => {
  it('moves between pages and marks the current one', async () => {
    const onPageChange = jest.fn();
    renderWithTheme(<Pagination page={3} lastPage={10} total={1234} onPageChange={onPageChange} />);
    const nav = screen.getByRole('navigation', { name: 'التنقل بين الصفحات' });
    expect(within(nav).getByRole('button', { name: 'الصفحة 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(nav).toHaveTextContent('الإجمالي: 1,234');
    await userEvent.click(screen.getByRole('button', { name: 'السابق' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'التالي' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    await userEvent.click(screen.getByRole('button', { name: 'الصفحة 10' }));
    expect(onPageChange).toHaveBeenLastCalledWith(10);
  });

  it('points «السابق» right, before its text, and «التالي» left, after it (right to left)', () => {
    renderWithTheme(<Pagination page={2} lastPage={3} onPageChange={jest.fn()} />);
    const previous = screen.getByRole('button', { name: 'السابق' });
    const next = screen.getByRole('button', { name: 'التالي' });
    expect(previous.firstChild).toHaveAttribute('data-icon', 'chevron-right');
    expect(next.lastChild).toHaveAttribute('data-icon', 'chevron-left');
    expect([PREVIOUS_ICON, NEXT_ICON]).toEqual(['chevron-right', 'chevron-left']);
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = renderWithTheme(
      <Pagination page={1} lastPage={1} onPageChange={jest.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'السابق' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'التالي' })).toBeDisabled();
    rerender(<Pagination page={5} lastPage={5} onPageChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'السابق' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'التالي' })).toBeDisabled();
  });

  it('windows long page ranges', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, null, 10]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
  });
});

describe('Stepper and Badge', () => {
  it('marks completed, current and upcoming steps', () => {
    renderWithTheme(<Stepper steps={['بيانات الأسرة', 'الأفراد', 'المراجعة']} current={1} />);
    const items = within(screen.getByRole('list', { name: 'خطوات النموذج' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('بيانات الأسرة (مكتملة)');
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[1]).toHaveTextContent('الأفراد (الخطوة الحالية)');
    expect(items[2]).toHaveTextContent('المراجعة (لم تبدأ)');
    expect(items[2]).not.toHaveAttribute('aria-current');
  });

  it('Badge shows its text', () => {
    renderWithTheme(<Badge tone="success">نشط</Badge>);
    expect(screen.getByText('نشط')).toBeInTheDocument();
  });
});

describe('Button iconEnd', () => {
  it('puts the icon after the text (the left end in right to left), as «التالي» wants', () => {
    renderWithTheme(<Button iconEnd={NEXT_ICON}>التالي</Button>);
    const button = screen.getByRole('button', { name: 'التالي' });
    expect(button.firstChild).toHaveTextContent('التالي');
    expect(button.lastElementChild).toHaveAttribute('data-icon', 'chevron-left');
  });
});
