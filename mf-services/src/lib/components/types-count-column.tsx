import { formatNumber, type DataTableColumn } from 'shared-ui';

/** The number of service types filed under a department or an axis (one in use cannot be deleted). */
export function typesCountColumn<
  Row extends { service_types_count: number },
>(): DataTableColumn<Row> {
  return {
    id: 'service_types_count',
    header: 'أنواع الخدمات',
    align: 'end',
    cell: (row) => formatNumber(row.service_types_count),
  };
}
