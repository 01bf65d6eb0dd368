import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  DOCUMENT_PARENT_ENDPOINTS,
  deleteDocument,
  fetchDocumentContent,
  fetchDocumentThumbnail,
  uploadDocument,
  type DocumentParentRef,
} from 'shared-contracts/resources/documents-client';
import {
  documentEndpoints,
  type DocumentUploadFieldsInput,
} from 'shared-contracts/resources/documents-contracts';
import { useApiClient } from '../api/api-client';
import { useEndpointQuery, useInvalidateEndpoints } from '../api/use-endpoint';

/*
 * The documents panel's calls, each from the shared client (shared-contracts documents-client):
 * the list, the multipart upload with its progress, the deletion, and a document's bytes as a
 * blob: URL (the API wants the session's bearer token, so an <img src> or a new tab cannot ask
 * for them by URL).
 */

/** A parent's documents and tombstones. */
export function useDocumentList(parent: DocumentParentRef) {
  return useEndpointQuery(
    DOCUMENT_PARENT_ENDPOINTS[parent.kind].list,
    { params: { id: parent.id } },
    { select: (answer) => answer.data },
  );
}

function useDocumentsChanged() {
  const invalidate = useInvalidateEndpoints();
  return () => invalidate(documentEndpoints);
}

export interface UploadVariables {
  file: File;
  fields: DocumentUploadFieldsInput;
  onProgress: (fraction: number) => void;
}

/** `POST /…/{id}/documents`, multipart, reporting its progress (0–1). */
export function useUploadDocument(parent: DocumentParentRef) {
  const client = useApiClient();
  const changed = useDocumentsChanged();
  return useMutation({
    mutationFn: ({ file, fields, onProgress }: UploadVariables) =>
      uploadDocument(client, parent, file, file.name, fields, onProgress),
    onSuccess: changed,
  });
}

/** `DELETE /documents/{id}` with its reason. */
export function useDeleteDocument() {
  const client = useApiClient();
  const changed = useDocumentsChanged();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      deleteDocument(client, id, reason),
    onSuccess: changed,
  });
}

/** A document's bytes: its thumbnail, shown in the browser (`inline`), or to be saved. */
export type DocumentBytes = 'thumbnail' | 'inline' | 'download';

/** Reads a document's bytes with the session's client. */
export function useFetchDocument() {
  const client = useApiClient();
  return (id: number, bytes: DocumentBytes): Promise<Blob> =>
    bytes === 'thumbnail'
      ? fetchDocumentThumbnail(client, id)
      : fetchDocumentContent(client, id, { inline: bytes === 'inline' });
}

/**
 * A blob: URL of a document's bytes while `id` is given (null before it arrives or when it
 * failed), revoked when the component lets it go.
 */
export function useDocumentUrl(
  id: number | null,
  bytes: DocumentBytes,
): { url: string | null; failed: boolean } {
  const client = useApiClient();
  const [state, setState] = useState<{ key: string; url: string | null; failed: boolean }>({
    key: '',
    url: null,
    failed: false,
  });
  const key = id === null ? '' : `${id}:${bytes}`;
  useEffect(() => {
    if (id === null) return undefined;
    let url: string | null = null;
    let live = true;
    const read =
      bytes === 'thumbnail'
        ? fetchDocumentThumbnail(client, id)
        : fetchDocumentContent(client, id, { inline: bytes === 'inline' });
    read.then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ key: `${id}:${bytes}`, url, failed: false });
      },
      () => {
        if (live) setState({ key: `${id}:${bytes}`, url: null, failed: true });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [client, id, bytes]);
  return state.key === key && key !== ''
    ? { url: state.url, failed: state.failed }
    : { url: null, failed: false };
}
