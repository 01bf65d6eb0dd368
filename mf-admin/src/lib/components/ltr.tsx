import type { ReactNode } from 'react';

/**
 * Left-to-right text (emails, IP addresses, user agents) isolated inside Arabic text, so its
 * punctuation is not reordered by the surrounding right-to-left paragraph.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
