import type { ComponentProps, ReactNode } from 'react';
import { ReportSection, ReportTable } from 'shared-ui';

type TableSectionProps<T> = ComponentProps<typeof ReportTable<T>> & {
  id: string;
  title: string;
  keep?: boolean;
  /** The chart (or charts) whose figures the table gives, drawn above it. */
  chart?: ReactNode;
  /** Notes under the table. */
  children?: ReactNode;
};

/** A report section of one table: its heading, the chart it backs (if any), the table, notes. */
export function TableSection<T>({
  id,
  title,
  keep,
  chart,
  children,
  ...table
}: TableSectionProps<T>) {
  return (
    <ReportSection id={id} title={title} keep={keep}>
      {chart}
      <ReportTable {...table} />
      {children}
    </ReportSection>
  );
}
