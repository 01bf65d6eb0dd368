import type { ReactNode } from 'react';
import { FileNumber, PageLink, formatNumber, type NumberInput, type ReportColumn } from 'shared-ui';

/** A figure column: aligned to the end, its cell already formatted (money, rates, kcal). */
export function figureColumn<T>(
  id: string,
  header: string,
  cell: (row: T) => ReactNode,
): ReportColumn<T> {
  return { id, header, align: 'end', cell };
}

/** A count column: the row's figure through `formatNumber` («—» when there is none). */
export function countColumn<T>(
  id: string,
  header: string,
  count: (row: T) => NumberInput,
): ReportColumn<T> {
  return figureColumn(id, header, (row) => formatNumber(count(row)));
}

interface FamilyRow {
  readonly family: {
    readonly id: number;
    readonly file_number: string;
    readonly head_name: string;
  };
}

/** A family's row header: its head's name linking to the family, then its file number. */
export function familyColumns<T extends FamilyRow>(): readonly ReportColumn<T>[] {
  return [
    {
      id: 'family',
      header: 'رب الأسرة',
      rowHeader: true,
      cell: (row) => (
        <PageLink pageId="families.show" params={{ id: row.family.id }}>
          {row.family.head_name}
        </PageLink>
      ),
    },
    {
      id: 'file',
      header: 'رقم الملف',
      cell: (row) => <FileNumber value={row.family.file_number} />,
    },
  ];
}

/** A person's family file number, linking to the family (the row header names the person). */
export function familyFileLinkColumn<
  T extends { readonly family: Omit<FamilyRow['family'], 'head_name'> },
>(header: string): ReportColumn<T> {
  return {
    id: 'file',
    header,
    cell: (row) => (
      <PageLink pageId="families.show" params={{ id: row.family.id }}>
        <FileNumber value={row.family.file_number} />
      </PageLink>
    ),
  };
}

/**
 * A table's totals row, one cell per column: «الإجمالي» under the row header, `blank` empty
 * cells under the columns that have no total, then the totals.
 */
export function totalsRow(blank: number, ...totals: ReactNode[]): ReactNode[] {
  return ['الإجمالي', ...Array.from({ length: blank }, () => ''), ...totals];
}
