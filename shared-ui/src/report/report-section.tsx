import type { ReactNode } from 'react';
import { Card } from '../layout/card';
import { SectionTitle, Stack } from '../layout/page-layout';

/**
 * A titled part of a report, a region named by its heading; `keep` marks it
 * `data-print-keep` so ReportPrintStyles keeps a short part on one printed page.
 */
export function ReportSection({
  id,
  title,
  keep = false,
  children,
}: {
  /** The heading's id: the region's accessible name points at it. */
  id: string;
  title: string;
  keep?: boolean;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id} {...(keep ? { 'data-print-keep': '' } : {})}>
      <Stack $gap="md">
        <SectionTitle id={id}>{title}</SectionTitle>
        {children}
      </Stack>
    </Card>
  );
}
