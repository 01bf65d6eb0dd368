import { EMPTY_VALUE } from 'shared-ui';

/** IDs, phones, codes and file numbers: left-to-right inside right-to-left text (DESIGN §4). */
export function LtrText({ children }: { children: string | number | null | undefined }) {
  if (children === null || children === undefined || children === '') return <>{EMPTY_VALUE}</>;
  return <bdi dir="ltr">{children}</bdi>;
}
