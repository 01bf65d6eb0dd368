import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { bulkActionEndpoints } from 'shared-contracts/resources/bulk-actions-contracts';
import {
  BulkActionDialog,
  DataTable,
  SELECT_PAGE_LABEL,
  SelectionBar,
  selectedCountText,
  useEndpointCall,
  useTableSelection,
  type DataTableColumn,
} from '../src';
import { renderInApp, renderWithTheme } from './render';

interface Family {
  id: number;
  name: string;
}

const columns: DataTableColumn<Family>[] = [
  { id: 'name', header: 'اسم الأسرة', cell: (row) => row.name, text: (row) => row.name },
];
const PAGES: Family[][] = [
  [
    { id: 1, name: 'آل سعيد' },
    { id: 2, name: 'آل ناصر' },
  ],
  [
    { id: 3, name: 'آل فهد' },
    { id: 4, name: 'آل خالد' },
  ],
];

/** A list of two pages and a search box: what a list page does with a selection. */
function SelectableList({ total = 4 }: { total?: number }) {
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const selection = useTableSelection({ total, resetKey: search });
  return (
    <>
      <input aria-label="بحث" value={search} onChange={(event) => setSearch(event.target.value)} />
      <SelectionBar
        selection={selection}
        noun="family"
        actions={[{ id: 'go', label: 'إسناد باحث', onSelect: () => undefined }]}
      />
      <DataTable
        caption="قائمة الأسر"
        columns={columns}
        rows={PAGES[page] ?? []}
        rowKey="id"
        layout="table"
        selection={selection}
      />
      <button type="button" onClick={() => setPage((current) => 1 - current)}>
        الصفحة الأخرى
      </button>
      <span data-testid="selected">
        {selection.mode === 'all' ? 'all' : [...selection.keys].join(',')}
      </span>
    </>
  );
}

describe('row selection', () => {
  it('a table without a selection has no checkboxes', () => {
    renderWithTheme(
      <DataTable caption="قائمة" columns={columns} rows={PAGES[0] ?? []} rowKey="id" />,
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('ticks rows by their labelled checkboxes, keeps them across pages, and counts them in Arabic', async () => {
    const user = userEvent.setup();
    renderWithTheme(<SelectableList />);
    const action = screen.getByRole('button', { name: 'إسناد باحث' });
    expect(action).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'تحديد آل سعيد' }));
    expect(screen.getByRole('status')).toHaveTextContent('تم تحديد أسرة واحدة');
    expect(action).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'الصفحة الأخرى' }));
    // The keyboard ticks too: Space on a focused checkbox.
    screen.getByRole('checkbox', { name: 'تحديد آل فهد' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('status')).toHaveTextContent('تم تحديد أسرتين');
    expect(screen.getByRole('group', { name: 'الإجراءات الجماعية' })).toBeInTheDocument();

    // The page's checkbox is mixed while some of the page is ticked, then ticks the whole page.
    const page = screen.getByRole('checkbox', { name: SELECT_PAGE_LABEL });
    expect(page).toHaveProperty('indeterminate', true);
    await user.click(page);
    expect(screen.getByTestId('selected')).toHaveTextContent('1,3,4');
    expect(screen.getByRole('status')).toHaveTextContent('تم تحديد 3 أسر');
    expect(selectedCountText(3, 'family')).toBe('تم تحديد 3 أسر');
  });

  it('selects every matching row after a confirmation, and a new filter clears the selection', async () => {
    const user = userEvent.setup();
    renderWithTheme(<SelectableList total={120} />);
    await user.click(screen.getByRole('checkbox', { name: 'تحديد آل ناصر' }));
    await user.click(screen.getByRole('button', { name: 'تحديد كل النتائج المطابقة (120)' }));
    const dialog = await screen.findByRole('dialog', { name: 'تحديد كل النتائج المطابقة' });
    expect(dialog).toHaveTextContent('سيُحدَّد 120 أسرة');
    await user.click(within(dialog).getByRole('button', { name: 'تحديد الكل' }));
    expect(screen.getByRole('status')).toHaveTextContent('تم تحديد 120 أسرة');
    expect(screen.getByTestId('selected')).toHaveTextContent('all');

    await user.type(screen.getByRole('textbox', { name: 'بحث' }), 'س');
    expect(screen.getByTestId('selected')).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'إسناد باحث' })).toBeDisabled();
  });
});

function BulkDialogHarness() {
  const call = useEndpointCall();
  const [open, setOpen] = useState(true);
  return (
    <BulkActionDialog
      open={open}
      title="إسناد باحث اجتماعي"
      noun="family"
      count={40}
      confirmLabel="تنفيذ"
      onClose={() => setOpen(false)}
      onSubmit={() =>
        call(bulkActionEndpoints.families, {
          body: { action: 'assign_researcher', researcher_id: 3, ids: [1, 2] },
        })
      }
      failedLink={(item) => <a href={`/families/${item.id}`}>{item.label}</a>}
    />
  );
}

describe('bulk action dialog', () => {
  it('sends the action, then shows the summary with each refusal and a link to it', async () => {
    const user = userEvent.setup();
    const { api } = renderInApp(<BulkDialogHarness />);
    api.on(bulkActionEndpoints.families, {
      status: 200,
      data: {
        message: 'ok',
        data: {
          total: 40,
          done: Array.from({ length: 38 }, (_, i) => i + 1),
          failed: [
            { id: 39, label: 'أسرة F-1 — سعد', message: 'الأسرة مؤرشفة' },
            { id: 40, label: 'أسرة F-2 — فهد', message: 'الأسرة مؤرشفة' },
          ],
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'إسناد باحث اجتماعي' });
    expect(dialog).toHaveTextContent('سيُطبَّق الإجراء على 40 أسرة');
    await user.click(within(dialog).getByRole('button', { name: 'تنفيذ' }));
    await waitFor(() => expect(dialog).toHaveTextContent('تم تحديث 38 أسرة، وتعذر تحديث أسرتين'));
    expect(within(dialog).getByRole('link', { name: 'أسرة F-1 — سعد' })).toHaveAttribute(
      'href',
      '/families/39',
    );
    expect(within(dialog).getByRole('button', { name: 'تم' })).toHaveFocus();
  });
});
