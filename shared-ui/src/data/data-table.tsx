import {
  Fragment,
  memo,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Key,
  type ReactElement,
  type ReactNode,
} from 'react';
import styled, { css } from 'styled-components';
import { Icon } from '../controls/icon';
import { Spinner } from '../feedback/spinner';
import { VisuallyHidden, visuallyHiddenStyles } from '../feedback/visually-hidden';
import { DEFAULT_LOADING_LABEL } from '../feedback/loading-state';
import { EMPTY_VALUE } from '../format/format';
import { useViewportTier, visiblePriority, type ViewportTier } from '../hooks/use-viewport';
import { tableScrollStyles } from './table-scroll';
import type { TableSelection } from './table-selection';

export const DEFAULT_EMPTY_TITLE = 'لا توجد بيانات';
export const ROW_DETAILS_LABEL = 'عرض التفاصيل';
export const HIDE_ROW_DETAILS_LABEL = 'إخفاء التفاصيل';
export const CARD_SORT_LABEL = 'الترتيب';
export const DETAILS_COLUMN_LABEL = 'التفاصيل';
const SORT_ASCENDING = 'تصاعدي';
const SORT_DESCENDING = 'تنازلي';
const DEFAULT_TRUNCATE_WIDTH = '16rem';
export const SELECT_PAGE_LABEL = 'تحديد كل صفوف الصفحة';
export const SELECT_ROW_LABEL = 'تحديد';
/** The selection column's header, for screen readers (its checkbox has its own name). */
export const SELECT_COLUMN_LABEL = 'التحديد';

export type SortOrder = 'asc' | 'desc';
export interface SortState {
  id: string;
  order: SortOrder;
}

/**
 * How important a column is on a narrow screen (a list fits 1366 px):
 * 1 — always shown (default); 2 — from 1366 px; 3 — on wide screens only (1920 px and more).
 * A column not shown is in the row's details ("عرض التفاصيل").
 */
export type ColumnPriority = 1 | 2 | 3;

export interface DataTableColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  /** CSS width, e.g. '8rem' or '20%'. */
  width?: string;
  /** Numbers and amounts read better aligned to the inline end. */
  align?: 'start' | 'end' | 'center';
  /** See `ColumnPriority`. Default 1. */
  priority?: ColumnPriority;
  /**
   * On a phone the list is cards of 3–4 key fields: `'title'` (the card's heading line, e.g. the
   * name), `true` (a labelled field), `false` (in the card's details only). Unset: the first
   * four priority-1 columns are the card's fields.
   */
  card?: boolean | 'title';
  /**
   * Keep the cell on one line, cut with an ellipsis at this width (`true`: 16rem); the full text
   * shows on hover (title) and on keyboard focus. For names and long labels.
   */
  truncate?: boolean | string;
  /**
   * Never wrapped: a date («12 نوفمبر 2026») or time broken over three lines is hard to read
   * and makes the row three times as tall.
   */
  nowrap?: boolean;
  /** The header as plain text when `header` is not a string (details, card labels, sort menu). */
  label?: string;
  /** The cell as plain text (a truncated cell's full text; otherwise read from the cell). */
  text?: (row: T) => string;
}

export interface DataTableProps<T> {
  /** Names the table for screen readers; visually hidden unless `showCaption`. */
  caption: ReactNode;
  showCaption?: boolean;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  /** A property holding a unique value, or a function returning one. */
  rowKey: keyof T | ((row: T) => Key);
  /** Names a row's details button ("عرض التفاصيل F-1447-00001"); default from the first column's `text`. */
  rowLabel?: (row: T) => string;
  sort?: SortState;
  /** Called with the next sort: a new column starts ascending, the sorted one flips. */
  onSortChange?: (sort: SortState) => void;
  loading?: boolean;
  loadingLabel?: string;
  emptyTitle?: ReactNode;
  emptyDescription?: ReactNode;
  /** 'auto' (default): cards below 768 px, a table with columns by priority above. */
  layout?: 'auto' | 'table' | 'cards';
  className?: string;
  /**
   * Opt-in row selection for bulk actions (`useTableSelection`): a labelled checkbox per row and
   * one for the page. Tables without it do not change.
   */
  selection?: TableSelection;
}

const Scroller = styled.div`
  /* Wide tables scroll sideways inside their card instead of stretching the page on phones. */
  ${tableScrollStyles}
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  .data-table-select input {
    inline-size: 1.125rem;
    block-size: 1.125rem;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
    cursor: pointer;
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
  padding-inline: calc(${({ theme }) => theme.space.sm} + ${({ theme }) => theme.space.xs});
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

const DetailsCell = styled.td`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};
`;

/*
 * The rows' own elements (row, cell, truncated text, details button) are plain elements with
 * these class names, styled once here for the whole body: a styled component per cell (eight
 * cells, an identifier or two and a button per row) made React render and styled-components
 * resolve its CSS some 300 times for a page of 20 rows, on every mount and refetch.
 */
const ROW = 'data-table-row';
const ALIGN_CLASS = { start: '', end: 'data-table-end', center: 'data-table-center' } as const;
const TRUNCATED = 'data-table-truncated';
const NOWRAP = 'data-table-nowrap';
const DETAILS_BUTTON = 'data-table-details';
const SELECT_CELL = 'data-table-select';

const Tbody = styled.tbody<{ $dimmed: boolean }>`
  opacity: ${({ $dimmed }) => ($dimmed ? 0.55 : 1)};
  transition: opacity ${({ theme }) => theme.motion.fast} ease;

  ${({ theme }) => css`
    /* Compact: 0.75rem each side, so a 1366 px screen's list fits its most useful columns. */
    > tr.${ROW} > td {
      padding-block: ${theme.space.xs};
      padding-inline: calc(${theme.space.sm} + ${theme.space.xs});
      text-align: start;
      border-block-end: 1px solid ${theme.colors.border};
      vertical-align: middle;
    }

    > tr.${ROW} > td.${ALIGN_CLASS.end} {
      text-align: end;
    }

    > tr.${ROW} > td.${NOWRAP} {
      white-space: nowrap;
    }

    > tr.${ROW} > td.${ALIGN_CLASS.center} {
      text-align: center;
    }

    > tr.${ROW} > td.${SELECT_CELL} {
      inline-size: 2.75rem;
      text-align: center;
    }

    > tr.${ROW}[data-selected] > td {
      background: ${theme.colors.primarySubtle};
    }

    > tr.${ROW}:last-child > td {
      border-block-end: 0;
    }

    > tr.${ROW}:hover > td {
      background: ${theme.colors.surfaceMuted};
    }

    /*
     * One line, cut with an ellipsis; the whole text on keyboard focus (of the cell itself or of
     * the link inside it), and in the title on hover. Its width is set on the element.
     */
    .${TRUNCATED} {
      display: block;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;

      &:focus-within,
      &:focus {
        overflow: visible;
        white-space: normal;
      }

      &:focus-visible {
        outline: 2px solid ${theme.colors.focus};
        outline-offset: 2px;
      }
    }

    .${DETAILS_BUTTON} {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      inline-size: 2rem;
      block-size: 2rem;
      padding: 0;
      border: 0;
      border-radius: ${theme.radii.sm};
      background: transparent;
      color: ${theme.colors.textMuted};
      cursor: pointer;

      &:hover {
        color: ${theme.colors.text};
      }

      &:focus-visible {
        outline: 2px solid ${theme.colors.focus};
        outline-offset: 0;
      }
    }
  `}
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

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }
`;

const CardList = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const CardItem = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};

  &:last-child {
    border-block-end: 0;
  }
`;

const CardTitle = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  font-size: ${({ theme }) => theme.font.size.md};
  min-inline-size: 0;
`;

const CardDetailsToggle = styled.button`
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  padding: 0;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.link};
  font: inherit;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.sm};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const CardStatus = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

const CardSort = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};

  select {
    ${({ theme }) => css`
      min-block-size: 2.25rem;
      padding-inline: ${theme.space.sm};
      border: 1px solid ${theme.colors.borderStrong};
      border-radius: ${theme.radii.md};
      background: ${theme.colors.surface};
      color: ${theme.colors.text};
      font: inherit;
    `}
  }
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

/** A table cell's classes: its alignment, and no wrapping for a `nowrap` column. */
function cellClass<T>(column: DataTableColumn<T>): string | undefined {
  const classes = [ALIGN_CLASS[column.align ?? 'start'], column.nowrap ? NOWRAP : ''];
  return classes.filter(Boolean).join(' ') || undefined;
}

/** The column's name as text (details labels, card labels, the sort menu). */
export function columnLabel<T>(column: DataTableColumn<T>): string {
  if (column.label) return column.label;
  return typeof column.header === 'string' ? column.header : column.id;
}

/** The columns shown at a tier, and those moved into each row's details. */
export function splitColumns<T>(
  columns: readonly DataTableColumn<T>[],
  tier: ViewportTier,
): { shown: DataTableColumn<T>[]; hidden: DataTableColumn<T>[] } {
  const limit = visiblePriority(tier);
  const shown: DataTableColumn<T>[] = [];
  const hidden: DataTableColumn<T>[] = [];
  for (const column of columns) ((column.priority ?? 1) <= limit ? shown : hidden).push(column);
  return { shown, hidden };
}

/** A phone card's columns: its title, its 3–4 fields, and the rest (in its details). */
export function cardColumns<T>(columns: readonly DataTableColumn<T>[]): {
  title: DataTableColumn<T>[];
  fields: DataTableColumn<T>[];
  rest: DataTableColumn<T>[];
} {
  const declared = columns.some((column) => column.card !== undefined);
  const title = columns.filter((column) => column.card === 'title');
  const fields = declared
    ? columns.filter((column) => column.card === true)
    : columns.filter((column) => (column.priority ?? 1) === 1).slice(0, 4);
  const rest = columns.filter((column) => !title.includes(column) && !fields.includes(column));
  return { title, fields, rest };
}

function TruncatedCell({
  width,
  text,
  children,
}: {
  width: string;
  text: string | undefined;
  children: ReactNode;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [focusable, setFocusable] = useState(false);
  // The title is the full text; the span takes focus itself only when nothing inside can (a
  // link or button already shows the whole text through :focus-within).
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.title = text ?? element.textContent ?? '';
    setFocusable(!element.querySelector('a[href], button, input, select, textarea, [tabindex]'));
  }, [text, children]);
  return (
    <span
      ref={ref}
      className={TRUNCATED}
      style={{ maxInlineSize: width }}
      // Text cut with an ellipsis takes focus, so a keyboard user can read it whole (the
      // :focus rule above); as it did when this span was a styled component.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={focusable ? 0 : undefined}
    >
      {children}
    </span>
  );
}

/** A cell's content, cut to one line when the column says so. */
function cellContent<T>(column: DataTableColumn<T>, row: T): ReactNode {
  const content = column.cell(row);
  if (!column.truncate) return content;
  const width = typeof column.truncate === 'string' ? column.truncate : DEFAULT_TRUNCATE_WIDTH;
  return (
    <TruncatedCell width={width} text={column.text?.(row)}>
      {content}
    </TruncatedCell>
  );
}

function isEmptyContent(content: ReactNode): boolean {
  return content === null || content === undefined || content === '' || content === false;
}

function DetailsList<T>({ columns, row }: { columns: readonly DataTableColumn<T>[]; row: T }) {
  return (
    <Details>
      {columns.map((column) => {
        const content = column.cell(row);
        return (
          <Fragment key={column.id}>
            <dt>{columnLabel(column)}</dt>
            <dd>{isEmptyContent(content) ? EMPTY_VALUE : content}</dd>
          </Fragment>
        );
      })}
    </Details>
  );
}

function useExpandedRows() {
  const [expanded, setExpanded] = useState<ReadonlySet<Key>>(() => new Set());
  // Stable, so a memoised row is not rendered again because its parent was.
  const toggle = useCallback(
    (key: Key) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    [],
  );
  return { expanded, toggle };
}

/** The checkbox of the whole page: ticked when every row is, mixed when some are. */
function PageCheckbox<T>({
  selection,
  rows,
  rowKey,
}: {
  selection: TableSelection;
  rows: readonly T[];
  rowKey: DataTableProps<T>['rowKey'];
}) {
  const keys = rows.map((row) => keyOf(row, rowKey));
  const ticked = keys.filter((key) => selection.isSelected(key)).length;
  const all = keys.length > 0 && ticked === keys.length;
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = ticked > 0 && !all;
  }, [ticked, all]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={SELECT_PAGE_LABEL}
      checked={all}
      disabled={keys.length === 0 || selection.mode === 'all'}
      onChange={() => selection.setPage(keys, !all)}
    />
  );
}

function selectName(label: string | undefined): string {
  return label ? `${SELECT_ROW_LABEL} ${label}` : `${SELECT_ROW_LABEL} الصف`;
}

function detailsName(label: string | undefined, open: boolean): string {
  const base = open ? HIDE_ROW_DETAILS_LABEL : ROW_DETAILS_LABEL;
  return label ? `${base} ${label}` : base;
}

/**
 * A semantic table for server-side lists: sorting is reported through `onSortChange` (the page
 * keeps it in the URL and refetches); rows are shown as given. Columns are shown by priority for
 * the screen's width, the others in each row's details; below 768 px rows become cards.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const tier = useViewportTier();
  const layout = props.layout ?? 'auto';
  if (layout === 'cards' || (layout === 'auto' && tier === 'phone'))
    return <CardsView {...props} />;
  return <TableView {...props} tier={layout === 'table' && tier === 'phone' ? 'laptop' : tier} />;
}

function nextSortOf(sort: SortState | undefined, id: string): SortState {
  return sort?.id === id
    ? { id, order: sort.order === 'asc' ? 'desc' : 'asc' }
    : { id, order: 'asc' };
}

function rowLabelOf<T>(props: DataTableProps<T>, row: T): string | undefined {
  if (props.rowLabel) return props.rowLabel(row);
  return props.columns[0]?.text?.(row);
}

interface TableRowProps<T> {
  row: T;
  rowKey: Key;
  shown: readonly DataTableColumn<T>[];
  hidden: readonly DataTableColumn<T>[];
  span: number;
  open: boolean;
  detailsId: string;
  /** Names the row's details button (see `rowLabel`). */
  label: string | undefined;
  onToggle: (key: Key) => void;
  /** With a selection: whether the row is ticked, and how to tick it (absent: no checkbox). */
  selected?: boolean;
  selectable?: boolean;
  onSelect?: ((key: Key) => void) | undefined;
}

/**
 * One row (and its details when open). Memoised: when the list refetches and the answer is
 * unchanged, the query keeps the same row objects, so only the table's loading state is
 * rendered again, not every cell.
 */
const TableRow = memo(function TableRow<T>({
  row,
  rowKey,
  shown,
  hidden,
  span,
  open,
  detailsId,
  label,
  onToggle,
  selected = false,
  selectable = true,
  onSelect,
}: TableRowProps<T>) {
  return (
    <>
      <tr className={ROW} data-selected={onSelect && selected ? '' : undefined}>
        {onSelect ? (
          <td className={SELECT_CELL}>
            <input
              type="checkbox"
              aria-label={selectName(label)}
              checked={selected}
              disabled={!selectable}
              onChange={() => onSelect(rowKey)}
            />
          </td>
        ) : null}
        {shown.map((column) => (
          <td key={column.id} className={cellClass(column)}>
            {cellContent(column, row)}
          </td>
        ))}
        {hidden.length > 0 ? (
          <td className={ALIGN_CLASS.center}>
            <button
              type="button"
              className={DETAILS_BUTTON}
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              aria-label={detailsName(label, open)}
              onClick={() => onToggle(rowKey)}
            >
              <Icon name={open ? 'chevron-up' : 'chevron-down'} size={16} />
            </button>
          </td>
        ) : null}
      </tr>
      {open ? (
        <tr id={detailsId}>
          <DetailsCell colSpan={span}>
            <DetailsList columns={hidden} row={row} />
          </DetailsCell>
        </tr>
      ) : null}
    </>
  );
}) as <T>(props: TableRowProps<T>) => ReactElement;

function TableView<T>(props: DataTableProps<T> & { tier: ViewportTier }) {
  const {
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
    tier,
    selection,
  } = props;
  const captionId = useId();
  const detailsId = useId();
  const { expanded, toggle } = useExpandedRows();
  // The same arrays while the columns and the screen stay, so unchanged rows are not rendered again.
  const { shown, hidden } = useMemo(() => splitColumns(columns, tier), [columns, tier]);
  const span = shown.length + (hidden.length > 0 ? 1 : 0) + (selection ? 1 : 0);

  return (
    // Focusable and named, so a keyboard user can scroll a table wider than a phone's screen.
    <Scroller className={className} role="region" aria-labelledby={captionId} tabIndex={0}>
      <Table aria-busy={loading || undefined}>
        <Caption id={captionId} $visible={showCaption}>
          {caption}
        </Caption>
        <thead>
          <tr>
            {selection ? (
              <Th scope="col" $align="center" style={{ inlineSize: '2.75rem' }}>
                <span className={SELECT_CELL}>
                  <PageCheckbox selection={selection} rows={rows} rowKey={rowKey} />
                </span>
                <VisuallyHidden>{SELECT_COLUMN_LABEL}</VisuallyHidden>
              </Th>
            ) : null}
            {shown.map((column) => {
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
                    <SortButton
                      type="button"
                      onClick={() => onSortChange(nextSortOf(sort, column.id))}
                    >
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
            {hidden.length > 0 ? (
              <Th scope="col" $align="center" style={{ inlineSize: '3rem' }}>
                <VisuallyHidden>{DETAILS_COLUMN_LABEL}</VisuallyHidden>
              </Th>
            ) : null}
          </tr>
        </thead>
        {loading ? (
          // Its own tbody so the spinner is not dimmed with the stale rows below it.
          <tbody>
            <tr>
              <StatusCell colSpan={span}>
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
              <StatusCell colSpan={span}>
                <StatusInner>
                  <Icon name="inbox" size={28} />
                  <EmptyTitle>{emptyTitle}</EmptyTitle>
                  {emptyDescription ? <p>{emptyDescription}</p> : null}
                </StatusInner>
              </StatusCell>
            </tr>
          ) : null}
          {rows.map((row, index) => {
            const key = keyOf(row, rowKey);
            return (
              <TableRow<T>
                key={key}
                row={row}
                rowKey={key}
                shown={shown}
                hidden={hidden}
                span={span}
                open={expanded.has(key)}
                detailsId={`${detailsId}-${index}`}
                label={hidden.length > 0 || selection ? rowLabelOf(props, row) : undefined}
                onToggle={toggle}
                {...(selection
                  ? {
                      selected: selection.isSelected(key),
                      selectable: selection.mode === 'ids',
                      onSelect: selection.toggle,
                    }
                  : {})}
              />
            );
          })}
        </Tbody>
      </Table>
    </Scroller>
  );
}

function CardsView<T>(props: DataTableProps<T>) {
  const {
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
    selection,
  } = props;
  const captionId = useId();
  const detailsId = useId();
  const sortId = useId();
  const { expanded, toggle } = useExpandedRows();
  const { title, fields, rest } = cardColumns(columns);
  const sortable = onSortChange ? columns.filter((column) => column.sortable) : [];

  return (
    <Scroller
      className={className}
      role="region"
      aria-labelledby={captionId}
      aria-busy={loading || undefined}
    >
      <Caption as="div" id={captionId} $visible={showCaption}>
        {caption}
      </Caption>
      {sortable.length > 0 && onSortChange ? (
        <CardSort>
          <label htmlFor={sortId}>{CARD_SORT_LABEL}</label>
          <select
            id={sortId}
            value={sort ? `${sort.id}:${sort.order}` : ''}
            onChange={(event) => {
              const [id = '', order] = event.target.value.split(':');
              if (id) onSortChange({ id, order: order === 'desc' ? 'desc' : 'asc' });
            }}
          >
            {sort ? null : <option value="">—</option>}
            {sortable.flatMap((column) => [
              <option key={`${column.id}:asc`} value={`${column.id}:asc`}>
                {`${columnLabel(column)} (${SORT_ASCENDING})`}
              </option>,
              <option key={`${column.id}:desc`} value={`${column.id}:desc`}>
                {`${columnLabel(column)} (${SORT_DESCENDING})`}
              </option>,
            ])}
          </select>
        </CardSort>
      ) : null}
      {selection && rows.length > 0 ? (
        <CardSort>
          <PageCheckbox selection={selection} rows={rows} rowKey={rowKey} />
          <span aria-hidden="true">{SELECT_PAGE_LABEL}</span>
        </CardSort>
      ) : null}
      {loading ? (
        <CardStatus role="status">
          <Spinner size={24} />
          <span>{loadingLabel}</span>
        </CardStatus>
      ) : null}
      {!loading && rows.length === 0 ? (
        <CardStatus>
          <Icon name="inbox" size={28} />
          <EmptyTitle>{emptyTitle}</EmptyTitle>
          {emptyDescription ? <p>{emptyDescription}</p> : null}
        </CardStatus>
      ) : null}
      {rows.length > 0 ? (
        <CardList aria-labelledby={captionId} style={loading ? { opacity: 0.55 } : undefined}>
          {rows.map((row, index) => {
            const key = keyOf(row, rowKey);
            const open = expanded.has(key);
            const rowDetailsId = `${detailsId}-${index}`;
            return (
              <CardItem key={key}>
                {selection ? (
                  <span className={SELECT_CELL}>
                    <input
                      type="checkbox"
                      aria-label={selectName(rowLabelOf(props, row))}
                      checked={selection.isSelected(key)}
                      disabled={selection.mode === 'all'}
                      onChange={() => selection.toggle(key)}
                    />
                  </span>
                ) : null}
                {title.length > 0 ? (
                  <CardTitle>
                    {title.map((column) => (
                      <Fragment key={column.id}>{column.cell(row)}</Fragment>
                    ))}
                  </CardTitle>
                ) : null}
                {fields.length > 0 ? <DetailsList columns={fields} row={row} /> : null}
                {rest.length > 0 ? (
                  <>
                    <CardDetailsToggle
                      type="button"
                      aria-expanded={open}
                      aria-controls={open ? rowDetailsId : undefined}
                      onClick={() => toggle(key)}
                    >
                      <Icon name={open ? 'chevron-up' : 'chevron-down'} size={14} />
                      {open ? HIDE_ROW_DETAILS_LABEL : ROW_DETAILS_LABEL}
                    </CardDetailsToggle>
                    {open ? (
                      <div id={rowDetailsId}>
                        <DetailsList columns={rest} row={row} />
                      </div>
                    ) : null}
                  </>
                ) : null}
              </CardItem>
            );
          })}
        </CardList>
      ) : null}
    </Scroller>
  );
}
