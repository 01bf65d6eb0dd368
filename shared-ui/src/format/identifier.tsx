import type { CSSProperties } from 'react';
import { formatIban, formatPhoneForDisplay } from 'shared-contracts';
import { EMPTY_VALUE, formatCurrency, type NumberInput } from './format';

/**
 * Identifiers never break (docs/architecture.md#shared-ui): phones, national IDs, file numbers,
 * IBANs, codes and amounts are isolated from the surrounding right-to-left text (`<bdi>`, CSS
 * `unicode-bidi: isolate`), so `+966…`, `(F-1447-00007)` or `1,500.00 ر.س.` are never reordered
 * or merged with a neighbouring number, and never wrapped (`white-space: nowrap`), so
 * `F-1447-` / `00001` cannot happen. `data-identifier` names the kind (the e2e check that no
 * Latin word shows in the UI skips identifiers by it).
 */
export type IdentifierKind =
  | 'phone'
  | 'national-id'
  | 'file-number'
  | 'iban'
  | 'code'
  | 'amount'
  | 'email'
  | 'url'
  | 'file-name';

// An inline style, not a styled component: identifiers fill every list (three a row in the
// families list), and a styled component per value cost a render and a CSS lookup each.
const ISOLATED: CSSProperties = { unicodeBidi: 'isolate', whiteSpace: 'nowrap' };

export interface IdentifierProps {
  /** Null, undefined or '' shows '—'. */
  value: string | number | null | undefined;
  /** What it is (default 'code'); a phone is shown in the UI's one phone format. */
  kind?: IdentifierKind;
  className?: string;
}

function textOf(value: string | number, kind: IdentifierKind): string {
  const text = String(value);
  if (kind === 'phone') return formatPhoneForDisplay(text);
  if (kind === 'iban') return formatIban(text);
  return text;
}

function isolated(
  value: IdentifierProps['value'],
  kind: IdentifierKind,
  className: string | undefined,
) {
  if (value === null || value === undefined || value === '') return <>{EMPTY_VALUE}</>;
  return (
    <bdi dir="ltr" data-identifier={kind} className={className} style={ISOLATED}>
      {textOf(value, kind)}
    </bdi>
  );
}

/** An identifier, isolated left-to-right and kept on one line (see the module's comment). */
export function Identifier({ value, kind = 'code', className }: IdentifierProps) {
  return isolated(value, kind, className);
}

type OneKindProps = Omit<IdentifierProps, 'kind'>;

// Each kind renders its element itself rather than an <Identifier>: a list row holds two or
// three identifiers, and the extra component each was a fiber more to render per value.

/** A phone: a Saudi mobile as `05XXXXXXXX` (the UI's one phone format; README "Phone numbers"). */
export function PhoneNumber({ value, className }: OneKindProps) {
  return isolated(value, 'phone', className);
}

/** A national ID or iqama number. */
export function NationalId({ value, className }: OneKindProps) {
  return isolated(value, 'national-id', className);
}

/** A family's file number (`F-1447-00007`), a voucher code… */
export function FileNumber({ value, className }: OneKindProps) {
  return isolated(value, 'file-number', className);
}

/**
 * An uploaded file's name («صورة-المنزل.png», «report.pdf»): isolated so its extension stays at
 * its end, but in the direction of its own first letter (an Arabic name reads right to left), and
 * free to wrap (a long name would push a table past the screen).
 */
export function FileName({ value, className }: OneKindProps) {
  if (value === null || value === undefined || value === '') return <>{EMPTY_VALUE}</>;
  return (
    <bdi dir="auto" data-identifier="file-name" className={className} style={FILE_NAME}>
      {String(value)}
    </bdi>
  );
}

const FILE_NAME: CSSProperties = { unicodeBidi: 'isolate', overflowWrap: 'anywhere' };

/** An IBAN in groups of four. */
export function Iban({ value, className }: OneKindProps) {
  return isolated(value, 'iban', className);
}

export interface MoneyProps {
  value: NumberInput;
  /** ISO 4217, default SAR. */
  currency?: string;
  className?: string;
}

/**
 * An amount with its currency (`1,500.00 ر.س.`), isolated and on one line. Its direction is
 * right-to-left: the currency is Arabic and follows the number as it is read, which a
 * left-to-right isolate would put first.
 */
export function Money({ value, currency, className }: MoneyProps) {
  const text = formatCurrency(value, currency);
  if (text === EMPTY_VALUE) return <>{EMPTY_VALUE}</>;
  return (
    <bdi dir="rtl" data-identifier="amount" className={className} style={ISOLATED}>
      {text}
    </bdi>
  );
}
