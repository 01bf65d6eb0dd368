import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { endpointUrl } from 'shared-contracts';
import {
  familyImportEndpoints,
  familyImportRowsQuery,
  type FamilyImport,
  type FamilyImportRow,
  type ImportResolutionAction,
  type ImportRowState,
  type ImportStatus,
} from 'shared-contracts/beneficiaries';
import { useApiClient, useEndpointCall, useEndpointQuery, useInvalidateEndpoints } from 'shared-ui';

/*
 * The imports API of this remote (docs/family-import.md), every call from its one declaration
 * (`familyImportEndpoints`). Validation and commit are jobs on the server: the pages poll the
 * import while it works, so leaving a page never stops anything.
 */

/** Statuses in which a job is working on the import (the pages poll it meanwhile). */
export const WORKING_STATUSES: readonly ImportStatus[] = ['validating', 'committing'];

export function isWorking(status: ImportStatus): boolean {
  return WORKING_STATUSES.includes(status);
}

/** How often a working import is asked for again. */
export const POLL_INTERVAL_MS = 2000;

/** The imports, newest first; polled while one of the page's imports is still being worked on. */
export function useImportList(query: Readonly<Record<string, string>>) {
  return useEndpointQuery(
    familyImportEndpoints.list,
    { query },
    {
      placeholderData: keepPreviousData,
      refetchInterval: (state) =>
        state.state.data?.data.some((item) => isWorking(item.status)) ? POLL_INTERVAL_MS : false,
    },
  );
}

/** One import, polled while its validation or commit runs. */
export function useImport(id: number | string, options: { enabled?: boolean } = {}) {
  return useEndpointQuery(
    familyImportEndpoints.show,
    { params: { id } },
    {
      enabled: options.enabled ?? true,
      select: (answer) => answer.data,
      refetchInterval: (state) => {
        const status = state.state.data?.data.status;
        return status !== undefined && isWorking(status) ? POLL_INTERVAL_MS : false;
      },
    },
  );
}

export const ROWS_PER_PAGE = 20;

/** One page of an import's rows in one state. */
export function useImportRows(id: number, state: ImportRowState, page: number) {
  const query = familyImportRowsQuery.toParams({
    page,
    per_page: ROWS_PER_PAGE,
    filter: { state },
  });
  return useEndpointQuery(
    familyImportEndpoints.rows,
    { params: { id }, query },
    { placeholderData: keepPreviousData },
  );
}

/** The progress of a file's upload: bytes sent out of the file's size. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** An upload may take longer than the client's 5 s default (a 20 MB file on a slow line). */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * Uploads a spreadsheet (multipart: `file` and `kind`), reporting the bytes sent; resolves to the
 * import the server created (202, its validation queued). The upload has no JSON body to
 * declare, so the call is made here with the declaration's URL and answer schema.
 */
export function useUploadImport() {
  const client = useApiClient();
  const invalidate = useInvalidateEndpoints();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async (file: File): Promise<FamilyImport> => {
      const form = new FormData();
      form.append('kind', 'families');
      form.append('file', file);
      setProgress({ loaded: 0, total: file.size });
      const endpoint = familyImportEndpoints.upload;
      const response = await client.request({
        method: endpoint.method,
        url: endpointUrl(endpoint),
        data: form,
        timeout: UPLOAD_TIMEOUT_MS,
        onUploadProgress: (event) =>
          setProgress({ loaded: event.loaded, total: event.total ?? file.size }),
      });
      return endpoint.response.parse(response.data).data;
    },
    onSuccess: () => void invalidate(familyImportEndpoints.list),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

/** Records a decision on a duplicate row; the import's counts and rows are read again. */
export function useResolveRow(id: number) {
  const call = useEndpointCall();
  const invalidate = useInvalidateEndpoints();
  return useMutation({
    mutationFn: ({ row, action }: { row: number; action: ImportResolutionAction }) =>
      call(familyImportEndpoints.resolve, { params: { id, row }, body: { action } }),
    onSuccess: () => void invalidate(familyImportEndpoints),
  });
}

/** A duplicate whose national ID is already registered (it may only be skipped or updated). */
export function isCertain(row: FamilyImportRow): boolean {
  return row.matches.some((match) => match.certainty === 'certain');
}

/** The page size the bulk skip reads the duplicates with (the API's largest). */
const BULK_PAGE_SIZE = 100;

/**
 * «تخطي كل التكرارات المؤكدة»: every certain duplicate not yet decided is skipped, one decision
 * per row through the resolution endpoint (so each is logged as if made by hand). Reads every
 * page of duplicates first, since skipping a row moves it out of the list being paged.
 */
export function useSkipCertainDuplicates(id: number) {
  const call = useEndpointCall();
  const invalidate = useInvalidateEndpoints();
  const [done, setDone] = useState<{ skipped: number; total: number } | null>(null);
  const mutation = useMutation({
    mutationFn: async () => {
      const pending: number[] = [];
      for (let page = 1; ; page += 1) {
        const query = familyImportRowsQuery.toParams({
          page,
          per_page: BULK_PAGE_SIZE,
          filter: { state: 'duplicate' },
        });
        const answer = await call(familyImportEndpoints.rows, { params: { id }, query });
        for (const row of answer.data)
          if (isCertain(row) && row.resolution === null) pending.push(row.row_number);
        if (page >= answer.meta.last_page) break;
      }
      setDone({ skipped: 0, total: pending.length });
      for (const [index, row] of pending.entries()) {
        await call(familyImportEndpoints.resolve, {
          params: { id, row },
          body: { action: 'skip' },
        });
        setDone({ skipped: index + 1, total: pending.length });
      }
      return pending.length;
    },
    onSettled: () => void invalidate(familyImportEndpoints),
  });
  return { ...mutation, done };
}

/** Starts the commit job (202); the import then reads `committing` until it is `done`. */
export function useCommitImport(id: number) {
  const call = useEndpointCall();
  const invalidate = useInvalidateEndpoints();
  return useMutation({
    mutationFn: () => call(familyImportEndpoints.commit, { params: { id } }),
    onSuccess: () => void invalidate(familyImportEndpoints),
  });
}
