import styled from 'styled-components';
import { TableScroll } from '../data/table-scroll';
import { Money } from '../format/identifier';
import { formatChartValue } from './format-values';
import type { ChartData, ChartValueFormat } from './types';

export const DEFAULT_CATEGORY_LABEL = 'البند';

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
  thead th {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
  }
  tbody th {
    font-weight: ${({ theme }) => theme.font.weight.medium};
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
  }
`;

export interface ChartTableProps {
  readonly id?: string;
  readonly data: ChartData;
  readonly caption: string;
  readonly categoryLabel?: string;
  readonly valueFormat?: ChartValueFormat;
  readonly currency?: string;
  readonly hidden?: boolean;
}

/**
 * The chart's figures as a table (WCAG 1.1.1: the drawing's text alternative): a row per
 * category, a column per series, each value the original one through the shared formatters.
 */
export function ChartTable({
  id,
  data,
  caption,
  categoryLabel = DEFAULT_CATEGORY_LABEL,
  valueFormat = 'number',
  currency,
  hidden,
}: ChartTableProps) {
  return (
    // Hidden with its table (the print style shows both); a phone scrolls it in its region.
    <TableScroll label={caption} hidden={hidden}>
      <Table id={id} hidden={hidden} data-chart-table="">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryLabel}</th>
            {data.series.map((series) => (
              <th scope="col" key={series.label}>
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.labels.map((label, row) => (
            <tr key={`${row}-${label}`}>
              <th scope="row">{label}</th>
              {data.series.map((series) => {
                const value = series.values[row];
                return (
                  <td key={series.label}>
                    {valueFormat === 'currency' &&
                    value !== null &&
                    value !== undefined &&
                    value !== '' ? (
                      <Money value={value} currency={currency} />
                    ) : (
                      formatChartValue(value, valueFormat, currency)
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
