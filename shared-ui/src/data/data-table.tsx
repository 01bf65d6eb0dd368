import { useId, type Key, type ReactNode } from 'react';
import styled from 'styled-components';
import { Icon } from '../controls/icon';
import { Spinner } from '../feedback/spinner';
import { visuallyHiddenStyles } from '../feedback/visually-hidden';
import { DEFAULT_LOADING_LABEL } from '../feedback/loading-state';

export const DEFAULT_EMPTY_TITLE = 'لا توجد بيانات';

export type SortOrder = 'asc' | 'desc';
export interface SortState {
  id: string;
  order: SortOrder;
}

export interface DataTableColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  /** CSS width, e.g. '8rem' or '20%'. */
  width?: string;
  /** Numbers and amounts read better aligned to the inline end. */
  align?: 'start' | 'end' | 'center';
}

export interface DataTableProps<T> {
  /** Names the table for screen readers; visually hidden unless `showCaption`. */
  caption: ReactNode;
  showCaption?: boolean;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  /** A property holding a unique value, or a function returning one. */
  rowKey: keyof T | ((row: T) => Key);
  sort?: SortState;
  /** Called with the next sort: a new column starts ascending, the sorted one flips. */
  onSortChange?: (sort: SortState) => void;
  loading?: boolean;
  loadingLabel?: string;
  emptyTitle?: ReactNode;
  emptyDescription?: ReactNode;
  className?: string;
}

const Scroller = styled.div`
  /* Wide tables scroll sideways inside their card instead of stretching the page on phones. */
  inline-size: 100%;
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Table = styled.table`
  inline-size: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Caption = styled.caption<{ $visible: boolean }>`
  ${({ $visible }) => ($visible ? '' : visuallyHiddenStyles)}
  caption-side: top;
  text-align: start;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

const Th = styled.th<{ $align: 'start' | 'end' | 'center' }>`
  padding-block: ${({ theme }) => theme.space.sm};
  padding-inline: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  text-align: ${({ $align }) => $align};
  white-space: nowrap;
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};
`;

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: 0;
  border: 0;
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Td = styled.td<{ $align: 'start' | 'end' | 'center' }>`
  padding-block: ${({ theme }) => theme.space.sm};
  padding-inline: ${({ theme }) => theme.space.md};
  text-align: ${({ $align }) => $align};
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};
  vertical-align: middle;
`;

const Tr = styled.tr`
  &:last-child > td {
    border-block-end: 0;
  }

  &:hover > td {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const Tbody = styled.tbody<{ $dimmed: boolean }>`
  opacity: ${({ $dimmed }) => ($dimmed ? 0.55 : 1)};
  transition: opacity ${({ theme }) => theme.motion.fast} ease;
`;

const StatusCell = styled.td`
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StatusInner = styled.div`
  display: inline-flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const EmptyTitle = styled.p`
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

function ariaSort(column: { id: string; sortable?: boolean }, sort: SortState | undefined) {
  if (!column.sortable) return undefined;
  if (sort?.id !== column.id) return 'none' as const;
  return sort.order === 'asc' ? ('ascending' as const) : ('descending' as const);
}

function keyOf<T>(row: T, rowKey: DataTableProps<T>['rowKey']): Key {
  if (typeof rowKey === 'function') return rowKey(row);
  return String(row[rowKey]);
}

/**
 * A semantic table for server-side lists: sorting is reported through `onSortChange` (the page
 * keeps it in the URL and refetches); rows are shown as given.
 */
export function DataTable<T>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  loading = false,
  loadingLabel = DEFAULT_LOADING_LABEL,
  emptyTitle = DEFAULT_EMPTY_TITLE,
  emptyDescription,
  className,
}: DataTableProps<T>) {
  const nextSort = (id: string): SortState =>
    sort?.id === id ? { id, order: sort.order === 'asc' ? 'desc' : 'asc' } : { id, order: 'asc' };
  const captionId = useId();

  return (
    // Focusable and named, so a keyboard user can scroll a table wider than a phone's screen.
    <Scroller className={className} role="region" aria-labelledby={captionId} tabIndex={0}>
      <Table aria-busy={loading || undefined}>
        <Caption id={captionId} $visible={showCaption}>
          {caption}
        </Caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = sort?.id === column.id ? sort.order : undefined;
              return (
                <Th
                  key={column.id}
                  scope="col"
                  aria-sort={ariaSort(column, sort)}
                  style={column.width ? { inlineSize: column.width } : undefined}
                  $align={column.align ?? 'start'}
                >
                  {column.sortable && onSortChange ? (
                    <SortButton type="button" onClick={() => onSortChange(nextSort(column.id))}>
                      {column.header}
                      <Icon
                        name={
                          sorted === 'asc'
                            ? 'chevron-up'
                            : sorted === 'desc'
                              ? 'chevron-down'
                              : 'sort'
                        }
                        size={14}
                      />
                    </SortButton>
                  ) : (
                    column.header
                  )}
                </Th>
              );
            })}
          </tr>
        </thead>
        {loading ? (
          // Its own tbody so the spinner is not dimmed with the stale rows below it.
          <tbody>
            <tr>
              <StatusCell colSpan={columns.length}>
                <StatusInner role="status">
                  <Spinner size={24} />
                  <span>{loadingLabel}</span>
                </StatusInner>
              </StatusCell>
            </tr>
          </tbody>
        ) : null}
        <Tbody $dimmed={loading && rows.length > 0}>
          {!loading && rows.length === 0 ? (
            <tr>
              <StatusCell colSpan={columns.length}>
                <StatusInner>
                  <Icon name="inbox" size={28} />
                  <EmptyTitle>{emptyTitle}</EmptyTitle>
                  {emptyDescription ? <p>{emptyDescription}</p> : null}
                </StatusInner>
              </StatusCell>
            </tr>
          ) : null}
          {rows.map((row) => (
            <Tr key={keyOf(row, rowKey)}>
              {columns.map((column) => (
                <Td key={column.id} $align={column.align ?? 'start'}>
                  {column.cell(row)}
                </Td>
              ))}
            </Tr>
          ))}
        </Tbody>
      </Table>
    </Scroller>
  );
}
