import type { ReactNode } from 'react';
import { Figure, Muted, ReportFigures, ReportSection } from 'shared-ui';

export interface SummaryFigure {
  readonly label: string;
  readonly value: string;
}

/**
 * A report's «الملخص»: its figures (label over value), then its notes (how the figures were
 * counted, the filters); kept on one printed page.
 */
export function ReportSummary({
  id,
  figures,
  children,
}: {
  id: string;
  figures: readonly SummaryFigure[];
  children?: ReactNode;
}) {
  return (
    <ReportSection id={id} title="الملخص" keep>
      <ReportFigures>
        {figures.map((figure) => (
          <Figure key={figure.label} label={figure.label} value={figure.value} />
        ))}
      </ReportFigures>
      {children}
    </ReportSection>
  );
}

/**
 * The named filters a report was computed with, one line each («القالب: …»); a filter left
 * unset says nothing.
 */
export function ParameterLines({
  lines,
}: {
  lines: readonly (readonly [label: string, value: string | null | undefined])[];
}) {
  return (
    <>
      {lines.map(([label, value]) =>
        value ? <Muted key={label}>{`${label}: ${value}`}</Muted> : null,
      )}
    </>
  );
}
