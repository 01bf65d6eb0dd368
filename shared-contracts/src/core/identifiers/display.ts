import { formatSaudiMobileLocal } from './phone';

/**
 * How identifiers are written for people (one phone format in the UI, one in exports;
 * README "Phone numbers"). Phones are stored normalised (`+9665XXXXXXXX` for Saudi mobiles).
 */

/**
 * A phone in the UI: a Saudi mobile in its local form `05XXXXXXXX` (what staff dial and type in
 * search); any other number as stored. Shown inside shared-ui's `PhoneNumber` (isolated
 * left-to-right, never wrapped).
 */
export function formatPhoneForDisplay(value: string | null | undefined): string {
  return typeof value === 'string' ? formatSaudiMobileLocal(value) : '';
}

/**
 * A phone in an XLSX/CSV export: the international form `+9665XXXXXXXX` (E.164, as stored), a
 * text cell, so a spreadsheet keeps every digit and an SMS or call system takes it as it is.
 * Other numbers as stored.
 */
export function formatPhoneForExport(value: string | null | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** An IBAN in groups of four, as printed on bank documents: "SA03 8000 0000 6080 1016 7519". */
export function formatIban(value: string | null | undefined): string {
  if (typeof value !== 'string') return '';
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}
