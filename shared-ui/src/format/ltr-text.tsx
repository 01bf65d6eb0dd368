import type { ReactNode } from 'react';
import { EMPTY_VALUE } from './format';

export interface LtrTextProps {
  /** An ID, phone, IBAN, code, email, IP address… Null, undefined or '' shows '—'. */
  children: ReactNode;
  /**
   * Long free text that may wrap (a browser's user agent, a URL): broken anywhere rather than
   * cut. Identifiers never wrap (the default; prefer `Identifier` and its kinds for them).
   */
  wrap?: boolean;
}

/**
 * Left-to-right text isolated inside right-to-left text (docs/architecture.md#shared-ui): `<bdi
 * dir="ltr">`, so its digits and punctuation are not reordered by the surrounding Arabic paragraph.
 */
export function LtrText({ children, wrap = false }: LtrTextProps) {
  if (children === null || children === undefined || children === '') return <>{EMPTY_VALUE}</>;
  // An ID or a file number broken over two lines is misread: keep it on one.
  return (
    <bdi
      dir="ltr"
      style={
        wrap ? { overflowWrap: 'anywhere', wordBreak: 'break-word' } : { whiteSpace: 'nowrap' }
      }
    >
      {children}
    </bdi>
  );
}
