import type { ReactNode } from 'react';
import { EMPTY_VALUE } from './format';

export interface LtrTextProps {
  /** An ID, phone, IBAN, code, email, IP address… Null, undefined or '' shows '—'. */
  children: ReactNode;
}

/**
 * Left-to-right text isolated inside right-to-left text (DESIGN §4): `<bdi dir="ltr">`, so its
 * digits and punctuation are not reordered by the surrounding Arabic paragraph.
 */
export function LtrText({ children }: LtrTextProps) {
  if (children === null || children === undefined || children === '') return <>{EMPTY_VALUE}</>;
  // An ID or a file number broken over two lines is misread: keep it on one.
  return (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </bdi>
  );
}
