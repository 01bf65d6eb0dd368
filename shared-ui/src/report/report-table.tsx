import { useId, type Key, type ReactNode } from 'react';
import { countOf, type NounName } from 'shared-contracts';
import styled from 'styled-components';
import { formatNumber } from '../format/format';
import { Muted } from '../layout/page-layout';
import { TableScroll } from '../data/table-scroll';

const Table = styled.table`
  inline-size: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};

  caption {
    text-align: start;
    font-weight: ${({ theme }) => theme.font.weight.semibold};
    padding-block-end: ${({ theme }) => theme.space.xs};
  }
  th,
  td {
    text-align: start;
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border-block-end: 1px solid ${({ theme }) => theme.colors.border};
  }
  th[data-align='end'],
  td[data-align='end'] {
    text-align: end;
  }
  td[data-nowrap] {
    white-space: nowrap;
  }
  thead th {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  tfoot th,
  tfoot td {
    font-weight: ${({ theme }) => theme.font.weight.bold};
    border-block-start: 2px solid ${({ theme }) => theme.colors.borderStrong};
  }
  td {
    font-variant-numeric: tabular-nums;
  }
  tr {
    break-inside: avoid;
  }
  @media print {
    thead {
      display: table-header-group;
    }
    th,
    td {
      border-block-end-color: #999;
    }
  }
`;

export interface ReportColumn<T> {
  readonly id: string;
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  readonly align?: 'start' | 'end';
  /** The row's header cell (`<th scope="row">`): the first column usually. */
  readonly rowHeader?: boolean;
  /** Never wrapped (dates): see DataTable's `nowrap`. */
  readonly nowrap?: boolean;
}

/**
 * The note under a long table the API cut to its first rows (REPORT_TABLE_LIMIT of the
 * contracts): how many rows are shown of how many, and where the rest are.
 */
function ShownRowsNote({ shown, total, noun }: { shown: number; total: number; noun: NounName }) {
  if (total <= shown) return null;
  return (
    <Muted role="note">
      {`يعرض الجدول أول ${formatNumber(shown)} من ${countOf(total, noun, { case: 'oblique' })}. الصفوف كلها في ملف التصدير إلى إكسل.`}
    </Muted>
  );
}

/**
 * A report table: every row at once (a report is read and printed whole, not paged), a caption,
 * header cells, amounts aligned to the end, an optional totals row; rows are never cut across
 * printed pages and the head repeats on each. On a narrow screen it scrolls sideways inside its
 * own region (`TableScroll`).
 */
export function ReportTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
  empty = 'لا توجد بيانات في هذه الفترة',
  total,
}: {
  caption: string;
  columns: readonly ReportColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** The totals row's cells, one per column. */
  footer?: readonly ReactNode[];
  empty?: string;
  /**
   * A long table's full row count when the rows are its first ones only: a note under the table
   * says so (the footer's totals are always of every row).
   */
  total?: { readonly count: number; readonly noun: NounName };
}) {
  const captionId = useId();
  return (
    <>
      {/* A phone scrolls the table inside its region, never the page. */}
      <TableScroll labelledBy={captionId}>
        <Table>
          <caption id={captionId}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th scope="col" key={column.id} data-align={column.align ?? 'start'}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>{empty}</td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) =>
                    column.rowHeader ? (
                      <th scope="row" key={column.id} data-align={column.align ?? 'start'}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td
                        key={column.id}
                        data-align={column.align ?? 'start'}
                        data-nowrap={column.nowrap ? '' : undefined}
                      >
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
          {footer && rows.length > 0 ? (
            <tfoot>
              <tr>
                {footer.map((cell, index) =>
                  index === 0 ? (
                    <th scope="row" key={columns[index]?.id ?? index}>
                      {cell}
                    </th>
                  ) : (
                    <td
                      key={columns[index]?.id ?? index}
                      data-align={columns[index]?.align ?? 'start'}
                    >
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            </tfoot>
          ) : null}
        </Table>
      </TableScroll>
      {total ? <ShownRowsNote shown={rows.length} total={total.count} noun={total.noun} /> : null}
    </>
  );
}
