import type { ReactNode } from 'react';
import type { FamilyImportRow, ImportRowState } from 'shared-contracts/beneficiaries';
import {
  DataTable,
  EmptyState,
  LoadingState,
  NationalId,
  PageLink,
  Pagination,
  PhoneNumber,
  QueryErrorState,
  Stack,
  formatNumber,
  type DataTableColumn,
} from 'shared-ui';
import { useImportRows } from '../api/family-import-api';
import { cellText, errorLines } from './row-values';

const ROW_NUMBER: DataTableColumn<FamilyImportRow> = {
  id: 'row_number',
  header: 'الصف',
  align: 'end',
  cell: (row) => formatNumber(row.row_number),
};

const HEAD: DataTableColumn<FamilyImportRow> = {
  id: 'head_name',
  header: 'رب الأسرة',
  card: 'title',
  truncate: '14rem',
  text: (row) => cellText(row, 'head.full_name'),
  cell: (row) => cellText(row, 'head.full_name'),
};

const NATIONAL_ID: DataTableColumn<FamilyImportRow> = {
  id: 'national_id',
  header: 'الهوية',
  card: true,
  cell: (row) => <NationalId value={cellText(row, 'head.national_id')} />,
};

const PHONE: DataTableColumn<FamilyImportRow> = {
  id: 'primary_phone',
  header: 'الجوال',
  priority: 2,
  cell: (row) => <PhoneNumber value={cellText(row, 'primary_phone')} />,
};

const ERRORS: DataTableColumn<FamilyImportRow> = {
  id: 'errors',
  header: 'الأخطاء',
  card: true,
  cell: (row) => (
    <ul style={{ margin: 0, paddingInlineStart: '1rem' }}>
      {errorLines(row).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  ),
};

const FAMILY: DataTableColumn<FamilyImportRow> = {
  id: 'family',
  header: 'الأسرة',
  card: true,
  cell: (row) =>
    row.family_id === null ? (
      ''
    ) : (
      <PageLink pageId="families.show" params={{ id: row.family_id }}>
        فتح ملف الأسرة
      </PageLink>
    ),
};

const COLUMNS: Partial<Record<ImportRowState, readonly DataTableColumn<FamilyImportRow>[]>> = {
  valid: [ROW_NUMBER, HEAD, NATIONAL_ID, PHONE],
  invalid: [ROW_NUMBER, HEAD, NATIONAL_ID, ERRORS],
  created: [ROW_NUMBER, HEAD, NATIONAL_ID, FAMILY],
  updated: [ROW_NUMBER, HEAD, NATIONAL_ID, FAMILY],
  skipped: [ROW_NUMBER, HEAD, NATIONAL_ID, PHONE],
};

export interface ImportRowsPanelProps {
  importId: number;
  state: ImportRowState;
  page: number;
  onPageChange: (page: number) => void;
  caption: string;
  emptyTitle: string;
  /** How the rows are shown; a table by default (duplicates are cards side by side). */
  renderRows?: (rows: readonly FamilyImportRow[]) => ReactNode;
}

/** One page of an import's rows in one state, with its pages. */
export function ImportRowsPanel({
  importId,
  state,
  page,
  onPageChange,
  caption,
  emptyTitle,
  renderRows,
}: ImportRowsPanelProps) {
  const query = useImportRows(importId, state, page);
  if (query.isError)
    return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <LoadingState label="جارٍ تحميل الصفوف..." />;
  const { data: rows, meta } = query.data;
  if (rows.length === 0 && page === 1) return <EmptyState title={emptyTitle} icon="inbox" />;
  return (
    <Stack>
      {renderRows ? (
        renderRows(rows)
      ) : (
        <DataTable
          caption={caption}
          columns={COLUMNS[state] ?? COLUMNS.valid ?? []}
          rows={rows}
          rowKey="row_number"
          rowLabel={(row) => `الصف ${formatNumber(row.row_number)}`}
          loading={query.isPlaceholderData}
        />
      )}
      {meta.last_page > 1 ? (
        <Pagination
          page={meta.page}
          lastPage={meta.last_page}
          total={meta.total}
          onPageChange={onPageChange}
        />
      ) : null}
    </Stack>
  );
}
