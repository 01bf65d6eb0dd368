import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../controls/button';
import { useViewportTier } from '../hooks/use-viewport';

export const CLEAR_FILTERS_LABEL = 'مسح التصفية';
/** The one control the filters fold into on a phone. */
export const FILTERS_TOGGLE_LABEL = 'تصفية';
export const FILTERS_ACTIVE_LABEL = 'مفعّلة';
/** The disclosure of a list's secondary filters (from 768 px). */
export const MORE_FILTERS_LABEL = 'المزيد من عوامل التصفية';

/* 11rem columns: five fit a 1366 px screen beside the sidebar (the search box takes two). */
const Bar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space.md};
  margin-block-end: ${({ theme }) => theme.space.md};
`;

/** The search box takes two columns: its placeholder says what it searches, and is not cut. */
const PrimarySlot = styled.div`
  min-inline-size: 0;

  ${({ theme }) => theme.media.md} {
    grid-column: span 2;
  }
`;

const MorePanel = styled(Bar)`
  &[hidden] {
    display: none;
  }
`;

const Folded = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-block-end: ${({ theme }) => theme.space.md};
`;

const FoldRow = styled.div`
  display: flex;
  align-items: end;
  gap: ${({ theme }) => theme.space.sm};

  & > :first-child {
    flex: 1;
    min-inline-size: 0;
  }
`;

const FoldPanel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};

  &[hidden] {
    display: none;
  }
`;

export interface FilterBarProps {
  /** The search landmark's name ('تصفية الأسر'). */
  label: string;
  /** The fields: SearchField, SelectField, DateField, PageSizeField… */
  children: ReactNode;
  /** Kept in view when the filters fold on a phone (the search box), first in the bar. */
  primary?: ReactNode;
  /** A filter is set: the folded control says so ("تصفية (مفعّلة)"). */
  active?: boolean;
  /**
   * Secondary filters, collapsed behind «المزيد من عوامل التصفية» (a disclosure button), so the
   * bar stays one row and the results start on the first screen; on a phone they fold with the
   * rest. Hidden rather than unmounted, so a half-typed value survives.
   */
  more?: ReactNode;
  /** One of the secondary filters is set: the disclosure says so and opens at first. */
  moreActive?: boolean;
  /** Shows the clear button (last in the bar) when given: pass it only while filters are set. */
  onClear?: () => void;
  clearLabel?: string;
  /** Fold the fields into one "تصفية" button below 768 px (default true). */
  foldOnPhone?: boolean;
  className?: string;
}

/**
 * A list's filters: a `search` landmark whose fields sit side by side, wrap on narrow screens
 * and align on their bottom edge, with an optional "clear" button at the end. On a phone the
 * fields fold into one "تصفية" disclosure button (the `primary` field stays in view), so the
 * results start on the first screen.
 */
export function FilterBar({
  label,
  children,
  primary,
  active = false,
  more,
  moreActive = false,
  onClear,
  clearLabel = CLEAR_FILTERS_LABEL,
  foldOnPhone = true,
  className,
}: FilterBarProps) {
  const tier = useViewportTier();
  const [open, setOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(moreActive);
  const panelId = useId();
  const morePanelId = useId();
  const clear = onClear ? (
    // Wrapped so the button keeps its own width instead of stretching over a grid cell.
    <div>
      <Button variant="ghost" icon="close" onClick={onClear}>
        {clearLabel}
      </Button>
    </div>
  ) : null;

  if (foldOnPhone && tier === 'phone') {
    return (
      <Folded role="search" aria-label={label} className={className}>
        <FoldRow>
          {primary ?? <span />}
          <Button
            variant="secondary"
            icon="filter"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((current) => !current)}
          >
            {active ? `${FILTERS_TOGGLE_LABEL} (${FILTERS_ACTIVE_LABEL})` : FILTERS_TOGGLE_LABEL}
          </Button>
        </FoldRow>
        {/* Hidden rather than unmounted: a half-typed value survives folding. */}
        <FoldPanel id={panelId} hidden={!open}>
          {children}
          {more}
          {clear}
        </FoldPanel>
      </Folded>
    );
  }

  if (more === undefined || more === null || more === false) {
    return (
      <Bar role="search" aria-label={label} className={className}>
        {primary ? <PrimarySlot>{primary}</PrimarySlot> : null}
        {children}
        {clear}
      </Bar>
    );
  }

  return (
    <div role="search" aria-label={label} className={className}>
      <Bar>
        {primary ? <PrimarySlot>{primary}</PrimarySlot> : null}
        {children}
        <div>
          <Button
            variant="ghost"
            icon={moreOpen ? 'chevron-up' : 'chevron-down'}
            aria-expanded={moreOpen}
            aria-controls={morePanelId}
            onClick={() => setMoreOpen((current) => !current)}
          >
            {moreActive ? `${MORE_FILTERS_LABEL} (${FILTERS_ACTIVE_LABEL})` : MORE_FILTERS_LABEL}
          </Button>
        </div>
        {clear}
      </Bar>
      <MorePanel id={morePanelId} hidden={!moreOpen}>
        {more}
      </MorePanel>
    </div>
  );
}
