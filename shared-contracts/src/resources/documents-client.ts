import type { AxiosInstance } from 'axios';
import { ApiContractError, callEndpoint } from '../core/call-endpoint';
import { endpointUrl } from '../core/endpoint';
import {
  documentEndpoints,
  documentResponseSchema,
  type DocumentItem,
  type DocumentList,
  type DocumentParentKind,
  type DocumentTombstone,
  type DocumentUploadFieldsInput,
} from './documents-contracts';

/**
 * The documents' calls for the remotes (docs/documents.md). Lists, content, thumbnails and
 * deletion are plain declared calls; the upload is multipart, which `callEndpoint` (JSON) does not
 * send, so it is built here and its answer parsed with the same declaration.
 */

/** Each parent's upload and list declarations. */
export const DOCUMENT_PARENT_ENDPOINTS = {
  family: { upload: documentEndpoints.familyUpload, list: documentEndpoints.familyList },
  service: { upload: documentEndpoints.serviceUpload, list: documentEndpoints.serviceList },
  financial_record: { upload: documentEndpoints.recordUpload, list: documentEndpoints.recordList },
} as const satisfies Record<DocumentParentKind, unknown>;

/** An upload may take long on a slow line: more than the client's 5 s. */
export const DOCUMENT_UPLOAD_TIMEOUT_MS = 120_000;

export interface DocumentParentRef {
  kind: DocumentParentKind;
  id: number | string;
}

/** The multipart body of an upload: the fields first, then the file (as browsers send forms). */
export function documentUploadForm(
  file: Blob,
  fileName: string,
  fields: DocumentUploadFieldsInput,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined && value !== null && value !== '') form.append(name, String(value));
  form.append('file', file, fileName);
  return form;
}

/** Uploads a file to a family, a service or a financial record; resolves to the stored document. */
export async function uploadDocument(
  client: AxiosInstance,
  parent: DocumentParentRef,
  file: Blob,
  fileName: string,
  fields: DocumentUploadFieldsInput,
  onProgress?: (fraction: number) => void,
): Promise<DocumentItem> {
  const endpoint = DOCUMENT_PARENT_ENDPOINTS[parent.kind].upload;
  const response = await client.request({
    method: endpoint.method,
    url: endpointUrl(endpoint, { id: parent.id }),
    data: documentUploadForm(file, fileName, fields),
    timeout: DOCUMENT_UPLOAD_TIMEOUT_MS,
    ...(onProgress
      ? {
          onUploadProgress: (event: { loaded: number; total?: number }) =>
            onProgress(event.total ? event.loaded / event.total : 0),
        }
      : {}),
  });
  const parsed = documentResponseSchema.safeParse(response.data);
  if (!parsed.success) {
    const error = new ApiContractError(endpoint.id, parsed.error.issues);
    console.error(error.message);
    throw error;
  }
  return parsed.data.data;
}

/** A parent's documents and the tombstones of its deleted ones. */
export async function listDocuments(
  client: AxiosInstance,
  parent: DocumentParentRef,
): Promise<DocumentList> {
  const answer = await callEndpoint(client, DOCUMENT_PARENT_ENDPOINTS[parent.kind].list, {
    params: { id: parent.id },
  });
  return answer.data;
}

/** A document's bytes (a download, or `inline` to show a PDF or an image); each call is logged. */
export function fetchDocumentContent(
  client: AxiosInstance,
  id: number,
  options: { inline?: boolean } = {},
): Promise<Blob> {
  return callEndpoint(client, documentEndpoints.content, {
    params: { id },
    query: options.inline ? { inline: '1' } : {},
  });
}

/** An image document's thumbnail (WebP). */
export function fetchDocumentThumbnail(client: AxiosInstance, id: number): Promise<Blob> {
  return callEndpoint(client, documentEndpoints.thumbnail, { params: { id } });
}

/** Deletes a document with its reason; resolves to its tombstone. */
export async function deleteDocument(
  client: AxiosInstance,
  id: number,
  reason: string,
): Promise<DocumentTombstone> {
  const answer = await callEndpoint(client, documentEndpoints.remove, {
    params: { id },
    body: { reason },
  });
  return answer.data;
}
