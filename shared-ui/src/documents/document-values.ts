import { countOf, todayIso, type FieldReader } from 'shared-contracts';
import { maySeeMedicalFields } from 'shared-contracts/beneficiaries';
import {
  DOCUMENT_KINDS,
  DOCUMENT_MIME_TYPES,
  formatFileSize,
  isMedicalDocumentKind,
  type DocumentKind,
} from 'shared-contracts/resources/documents-contracts';

// Said by the API's log too (the activity log's «الحجم»): one wording, in shared-contracts.
export { formatFileSize };

/** What the file picker offers: the types the API accepts (it checks the bytes itself). */
export const DOCUMENT_ACCEPT = DOCUMENT_MIME_TYPES.join(',');

/** A document's expiry is shown as near within this many days. */
export const EXPIRY_WARNING_DAYS = 30;

/** Days from `from` to `to` (ISO dates), negative when `to` is before. */
function daysBetween(from: string, to: string): number {
  const day = 24 * 60 * 60 * 1000;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / day);
}

export type ExpiryState =
  { kind: 'none' } | { kind: 'valid' } | { kind: 'soon'; days: number } | { kind: 'expired' };

/** Whether a document has expired or expires within `EXPIRY_WARNING_DAYS` (today in Riyadh). */
export function expiryStateOf(expiresOn: string | null, today: string = todayIso()): ExpiryState {
  if (!expiresOn) return { kind: 'none' };
  const days = daysBetween(today, expiresOn);
  if (days < 0) return { kind: 'expired' };
  if (days <= EXPIRY_WARNING_DAYS) return { kind: 'soon', days };
  return { kind: 'valid' };
}

/** The badge's words for an expiry state, or null when there is nothing to say. */
export function expiryLabel(state: ExpiryState): string | null {
  if (state.kind === 'expired') return 'منتهي الصلاحية';
  if (state.kind !== 'soon') return null;
  if (state.days === 0) return 'ينتهي اليوم';
  return `ينتهي خلال ${countOf(state.days, 'day', { case: 'oblique' })}`;
}

/**
 * The kinds this employee may choose: the medical kinds only for who may see medical fields
 * (the API refuses the upload and hides the document from the others).
 */
export function documentKindsFor(employee: FieldReader | undefined): DocumentKind[] {
  if (employee && maySeeMedicalFields(employee)) return [...DOCUMENT_KINDS];
  return DOCUMENT_KINDS.filter((kind) => !isMedicalDocumentKind(kind));
}
