import { screen, within } from '@testing-library/react';
import { ReportTable, TableScroll } from '../src';
import { ChartTable } from '../charts';
import { renderWithTheme } from './render';

// A table wider than a phone scrolls inside its own named, focusable region, never the page.
describe('tables scroll inside their own region', () => {
  it('a report table sits in a region named by its caption, which scrolls sideways', () => {
    renderWithTheme(
      <ReportTable
        caption="الاحتياج حسب الحي"
        columns={[
          { id: 'district', header: 'الحي', cell: (row: { id: number; name: string }) => row.name },
        ]}
        rows={[{ id: 1, name: 'الملز' }]}
        rowKey={(row) => row.id}
      />,
    );
    const region = screen.getByRole('region', { name: 'الاحتياج حسب الحي' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveStyle({ overflowX: 'auto', maxInlineSize: '100%' });
    expect(within(region).getByRole('table', { name: 'الاحتياج حسب الحي' })).toBeInTheDocument();
  });

  it('a chart’s figures sit in a region too, hidden (and out of the tab order) with the table', () => {
    const data = { labels: ['يناير'], series: [{ label: 'الأسر', values: [3] }] };
    const { rerender } = renderWithTheme(<ChartTable caption="الأسر شهرياً" data={data} />);
    expect(screen.getByRole('region', { name: 'الأسر شهرياً' })).toHaveAttribute('tabindex', '0');
    rerender(<ChartTable caption="الأسر شهرياً" data={data} hidden />);
    expect(screen.queryByRole('region', { name: 'الأسر شهرياً' })).not.toBeInTheDocument();
  });

  it('names itself by a label or by the id of a title', () => {
    renderWithTheme(
      <>
        <h3 id="waiting">قائمة الانتظار</h3>
        <TableScroll labelledBy="waiting" cardsOnPhone>
          <table aria-labelledby="waiting">
            <tbody>
              <tr>
                <td data-label="الاسم">سارة</td>
              </tr>
            </tbody>
          </table>
        </TableScroll>
      </>,
    );
    expect(screen.getByRole('region', { name: 'قائمة الانتظار' })).toContainElement(
      screen.getByRole('cell', { name: 'سارة' }),
    );
  });
});
