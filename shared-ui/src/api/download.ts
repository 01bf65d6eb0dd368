import { AxiosError, type AxiosInstance } from 'axios';
import { todayIso } from 'shared-contracts';

/** Exports can take longer than the client's 5 s default (the API builds the whole file). */
export const EXPORT_TIMEOUT_MS = 60_000;

/** `families-2025-03-01.xlsx`: the export's name with today's date (Riyadh). */
export function exportFileName(
  prefix: string,
  extension = 'xlsx',
  today: string = todayIso(),
): string {
  return `${prefix}-${today}.${extension}`;
}

/**
 * With `responseType: 'blob'` an error body arrives as a Blob too: read it back into JSON so
 * `readApiError` finds the server's Arabic message.
 */
async function decodeBlobError(error: unknown): Promise<unknown> {
  if (error instanceof AxiosError && error.response?.data instanceof Blob) {
    try {
      error.response.data = JSON.parse(await error.response.data.text()) as unknown;
    } catch {
      // Not JSON: leave it, readApiError falls back to its generic message.
    }
  }
  return error;
}

/** Saves a Blob under `fileName` through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * Downloads a file the API produces (XLSX exports) through the axios client, so the bearer
 * token is sent; the list's current filters are passed as `params`.
 */
export async function downloadFile(
  client: AxiosInstance,
  url: string,
  params: Record<string, string>,
  fileName: string,
): Promise<void> {
  try {
    const response = await client.get<Blob>(url, {
      params,
      responseType: 'blob',
      timeout: EXPORT_TIMEOUT_MS,
    });
    const blob =
      response.data instanceof Blob ? response.data : new Blob([response.data as BlobPart]);
    saveBlob(blob, fileName);
  } catch (error) {
    throw await decodeBlobError(error);
  }
}
