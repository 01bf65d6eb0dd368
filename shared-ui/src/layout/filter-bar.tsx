import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../controls/button';

export const CLEAR_FILTERS_LABEL = 'مسح التصفية';

const Bar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space.md};
  margin-block-end: ${({ theme }) => theme.space.md};
`;

export interface FilterBarProps {
  /** The search landmark's name ('تصفية الأسر'). */
  label: string;
  /** The fields: SearchField, SelectField, DateField, PageSizeField… */
  children: ReactNode;
  /** Shows the clear button (last in the bar) when given: pass it only while filters are set. */
  onClear?: () => void;
  clearLabel?: string;
  className?: string;
}

/**
 * A list's filters: a `search` landmark whose fields sit side by side, wrap on narrow screens
 * and align on their bottom edge, with an optional "clear" button at the end.
 */
export function FilterBar({
  label,
  children,
  onClear,
  clearLabel = CLEAR_FILTERS_LABEL,
  className,
}: FilterBarProps) {
  return (
    <Bar role="search" aria-label={label} className={className}>
      {children}
      {onClear ? (
        // Wrapped so the button keeps its own width instead of stretching over a grid cell.
        <div>
          <Button variant="ghost" icon="close" onClick={onClear}>
            {clearLabel}
          </Button>
        </div>
      ) : null}
    </Bar>
  );
}
