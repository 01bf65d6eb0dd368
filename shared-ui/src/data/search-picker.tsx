import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { Endpoint, EndpointInput, EndpointResponse } from 'shared-contracts';
import { useEndpointQuery } from '../api/use-endpoint';
import styled from 'styled-components';
import { Button } from '../controls/button';
import { TextField } from '../forms/text-field';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';

export const PICKER_MIN_LENGTH = 2;
export const PICKER_DEBOUNCE_MS = 300;
export const PICK_LABEL = 'اختيار';
export const PICKED_LABEL = 'تم الاختيار';
export const PICKER_SEARCH_FAILED = 'تعذر البحث، حاول مرة أخرى';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Prompt = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export interface SearchPickerProps<E extends Endpoint, T> {
  /** The search box's label. */
  label: string;
  hint?: string;
  /** The field's error (nothing picked yet). */
  error?: string | undefined;
  /**
   * The search endpoint's declaration (`familyEndpoints.list`): the call and its cache key are
   * both derived from it and the parameters below, so the key never restates the endpoint.
   */
  endpoint: E;
  /** Its path parameters, when its path has any (`{ id: seminarId }`). */
  params?: EndpointInput<E>['params'];
  /**
   * The query of one search; the typed term (trimmed, debounced) is passed in. Left out for an
   * endpoint that answers a short list whole (one call, searched by `rows`).
   */
  query?: (term: string) => EndpointInput<E>['query'];
  /** The rows of one answer to offer for the term (`(answer) => answer.data`). */
  rows: (answer: EndpointResponse<E>, term: string) => readonly T[];
  /** Rows to leave out of the results (the record being moved itself). */
  hide?: (row: T) => boolean;
  minLength?: number;
  debounceMs?: number;
  /** The results table's caption (visually hidden). */
  caption: string;
  /** The result columns; a last column with the pick button is added. */
  columns: readonly DataTableColumn<T>[];
  rowKey: DataTableProps<T>['rowKey'];
  /** The picked row (its button shows 'تم الاختيار', pressed and disabled). */
  isSelected: (row: T) => boolean;
  onSelect: (row: T) => void;
  /** The pick button's accessible name for a row ('اختيار أسرة محمد (F-1446-00007)'). */
  pickLabel: (row: T) => string;
  /** Shown while fewer than `minLength` characters are typed. */
  prompt: string;
  /** No result matched. */
  emptyTitle: string;
}

/**
 * Picks one record by an asynchronous search: type (Arabic-Indic digits normalised), results
 * load after a pause as a table, each row with a labelled pick button, so the whole path works
 * with the keyboard and a screen reader. The previous results stay (dimmed) while the next load.
 * A search is a cached call of its endpoint (`useEndpointQuery`): the same search anywhere else
 * (a list page with the same filters) shares its answer, and invalidating the endpoint refreshes
 * the picker too.
 */
export function SearchPicker<E extends Endpoint, T>({
  label,
  hint,
  error,
  endpoint,
  params,
  query: queryOf,
  rows: rowsOf,
  hide,
  minLength = PICKER_MIN_LENGTH,
  debounceMs = PICKER_DEBOUNCE_MS,
  caption,
  columns,
  rowKey,
  isSelected,
  onSelect,
  pickLabel,
  prompt,
  emptyTitle,
}: SearchPickerProps<E, T>) {
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), debounceMs);
  const enabled = term.length >= minLength;
  // The declaration's own input shape; TypeScript cannot follow the conditional type generically.
  const input = { params, query: queryOf?.(term) } as unknown as EndpointInput<E>;
  const query = useEndpointQuery(endpoint, input, {
    enabled,
    placeholderData: keepPreviousData,
  });
  const rows = (query.data === undefined ? [] : rowsOf(query.data, term)).filter(
    (row) => !hide?.(row),
  );

  const pickColumn: DataTableColumn<T> = {
    id: 'pick',
    header: PICK_LABEL,
    cell: (row) =>
      isSelected(row) ? (
        <Button size="sm" variant="secondary" icon="check" aria-pressed="true" disabled>
          {PICKED_LABEL}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          aria-label={pickLabel(row)}
          onClick={() => onSelect(row)}
        >
          {PICK_LABEL}
        </Button>
      ),
  };

  return (
    <Root>
      <TextField
        type="search"
        label={label}
        hint={hint}
        value={text}
        normaliseDigits
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      {enabled ? (
        <DataTable<T>
          caption={caption}
          rowKey={rowKey}
          loading={query.isFetching}
          rows={rows}
          emptyTitle={query.isError ? PICKER_SEARCH_FAILED : emptyTitle}
          columns={[...columns, pickColumn]}
        />
      ) : (
        <Prompt>{prompt}</Prompt>
      )}
    </Root>
  );
}
