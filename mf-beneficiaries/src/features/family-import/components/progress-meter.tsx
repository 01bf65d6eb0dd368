import { useId } from 'react';
import styled from 'styled-components';
import { formatNumber } from 'shared-ui';

const Wrapper = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Bar = styled.progress`
  inline-size: 100%;
  block-size: 0.75rem;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

export interface ProgressMeterProps {
  /** What is progressing («رفع الملف»): the bar's accessible name. */
  label: string;
  value: number;
  max: number;
  /** The progress in words under the bar («تحقق من 40 صفاً من 100»). */
  detail?: string;
}

/**
 * A labelled progress bar (the native element, so screen readers announce its value) with the
 * percentage and a sentence in Arabic. shared-ui has no progress component yet; this one is
 * small and generic enough to move there when a second screen needs it.
 */
export function ProgressMeter({ label, value, max, detail }: ProgressMeterProps) {
  const labelId = useId();
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <Wrapper>
      <span id={labelId}>
        {label}: {formatNumber(percent)}٪
      </span>
      <Bar aria-labelledby={labelId} value={percent} max={100} />
      {detail ? <span>{detail}</span> : null}
    </Wrapper>
  );
}
