import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { endpointQueryKey, pathTo, type EndpointResponse } from 'shared-contracts';
import {
  financeOptionEndpoints,
  financialCategoryEndpoints,
  financialRecordEndpoints,
  financialReportEndpoints,
  toFinancialRecordListParams,
  type FinancialRecordCancelInput,
  type FinancialRecordFormValues,
  type FinancialRecordListQuery,
  type FinancialRecordReverseInput,
} from 'shared-contracts/finance';
import { useEndpointCall, useEndpointQuery, useInvalidateEndpoints } from 'shared-ui';

/*
 * The financial records API of this remote, every call from its one declaration
 * (`financialRecordEndpoints`). A change invalidates the finance tables, so the list, its totals,
 * the record, the panels and the report's figures refresh at once.
 */

/** How the show and edit pages load a record: `<RecordFromRoute {...FINANCIAL_RECORD}>`. */
export const FINANCIAL_RECORD = {
  endpoint: financialRecordEndpoints.show,
  loadingLabel: 'جارٍ تحميل القيد المالي...',
  notFoundTitle: 'القيد المالي غير موجود',
};

type ListParams = Readonly<Record<string, string>>;
type RecordAnswer = EndpointResponse<typeof financialRecordEndpoints.show>;

/** One page of the records list with the totals of the whole filtered set. */
export function useFinancialRecordList(query: ListParams) {
  return useEndpointQuery(
    financialRecordEndpoints.list,
    { query },
    { placeholderData: keepPreviousData },
  );
}

/** The records list filtered by `filter` (the panels' link, the show page's links). */
export function financialListPath(filter: FinancialRecordListQuery['filter']): string {
  const params = new URLSearchParams(toFinancialRecordListParams({ filter }));
  const search = params.toString();
  return search ? `${pathTo('financial.list')}?${search}` : pathTo('financial.list');
}

/** One record by id (the reversal's original, shown beside it), or nothing while `id` is null. */
export function useFinancialRecord(id: number | null) {
  return useEndpointQuery(
    financialRecordEndpoints.show,
    // RecordFromRoute keys the record with the route's `:id` as text: the same key here.
    { params: { id: String(id ?? '') } },
    { enabled: id !== null, select: (answer) => answer.data },
  );
}

/**
 * After a change to a record: its answer goes where its pages read it and every finance answer
 * (list, totals, panels, report) is marked stale. Returns the record's page.
 */
export function useFinancialRecordSaved() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateEndpoints();
  return useCallback(
    (answer: RecordAnswer) => {
      const { id } = answer.data;
      queryClient.setQueryData(
        endpointQueryKey(financialRecordEndpoints.show, { params: { id } }),
        answer,
      );
      void invalidate(
        financialRecordEndpoints,
        financeOptionEndpoints,
        financialReportEndpoints,
        financialCategoryEndpoints,
      );
      return pathTo('financial.show', { id });
    },
    [invalidate, queryClient],
  );
}

/** Creates (`id` null) or updates a pending record; resolves to the API's answer. */
export function useSaveFinancialRecord(id: number | null) {
  const call = useEndpointCall();
  return (body: FinancialRecordFormValues) =>
    id === null
      ? call(financialRecordEndpoints.create, { body })
      : call(financialRecordEndpoints.update, { params: { id }, body });
}

/** Cancels a pending record with a reason. */
export function useCancelFinancialRecord(id: number) {
  const call = useEndpointCall();
  const saved = useFinancialRecordSaved();
  return useMutation({
    mutationFn: (body: FinancialRecordCancelInput) =>
      call(financialRecordEndpoints.cancel, { params: { id }, body }),
    onSuccess: (answer) => void saved(answer),
  });
}

/** Reverses a completed record; resolves to the new reversing entry (the original turns refunded). */
export function useReverseFinancialRecord(id: number) {
  const call = useEndpointCall();
  const saved = useFinancialRecordSaved();
  return useMutation({
    mutationFn: (body: FinancialRecordReverseInput) =>
      call(financialRecordEndpoints.reverse, { params: { id }, body }),
    // The original changed too (refunded, reversed_by_id): `saved` marks every record answer
    // stale, the original's among them.
    onSuccess: (answer) => void saved(answer),
  });
}
