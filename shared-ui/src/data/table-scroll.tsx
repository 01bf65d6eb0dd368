import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

/**
 * A wide table scrolls sideways inside its own region, never the page (a 375 px phone showed the
 * whole page, header included, scrolling sideways for one table). `contain: inline-size` keeps
 * the table's width out of the layout around it: without it a grid track or a card stretched to
 * the table's width and pushed the page wider anyway. Print shows every column.
 */
export const tableScrollStyles = css`
  display: block;
  inline-size: 100%;
  max-inline-size: 100%;
  min-inline-size: 0;
  overflow-x: auto;
  contain: inline-size;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  @media print {
    overflow: visible;
    contain: none;
  }
`;

/**
 * Below 768 px each row is a card: the head is kept for screen readers only and every cell
 * shows its column's name (`data-label`) before its value, so a row's buttons are on screen
 * instead of at the far end of a sideways scroll.
 */
const cardsOnPhoneStyles = css`
  @media not all and (min-width: 768px) {
    table,
    tbody,
    tr,
    td,
    tbody th {
      display: block;
      inline-size: 100%;
    }
    thead {
      position: absolute;
      inline-size: 1px;
      block-size: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    tbody tr {
      padding-block: ${({ theme }) => theme.space.sm};
      border-block-end: 1px solid ${({ theme }) => theme.colors.border};
    }
    tbody td,
    tbody th {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
      padding-block: ${({ theme }) => theme.space.xxs};
      padding-inline: 0;
      border: 0;
    }
    td[data-label]::before {
      content: attr(data-label);
      min-inline-size: 6rem;
      color: ${({ theme }) => theme.colors.textMuted};
      font-size: ${({ theme }) => theme.font.size.sm};
    }
  }
`;

const Region = styled.div<{ $cards: boolean }>`
  ${tableScrollStyles}
  ${({ $cards }) => ($cards ? cardsOnPhoneStyles : '')}
`;

export interface TableScrollProps {
  /** The region's name: the table's caption or the heading that names it. */
  label?: string;
  /** Or the id of the element that names it (the table's caption or section title). */
  labelledBy?: string;
  hidden?: boolean;
  /**
   * Rows become cards below 768 px instead of scrolling (give each `<td>` its column's name in
   * `data-label`): for a table whose rows hold buttons, like the seminar's audience.
   */
  cardsOnPhone?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * Where every table that is not a `DataTable` (report tables, a chart's figures, the seminar's
 * audience, the changes of a timeline entry) is put. It is a named, focusable region, so a
 * keyboard user can scroll it too (axe's scrollable-region-focusable).
 */
export function TableScroll({
  label,
  labelledBy,
  hidden,
  cardsOnPhone = false,
  className,
  children,
}: TableScrollProps) {
  return (
    <Region
      $cards={cardsOnPhone}
      role="region"
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      // A scrollable region takes focus, so it can be scrolled by keyboard.
      tabIndex={hidden ? undefined : 0}
      hidden={hidden}
      className={className}
      data-table-scroll=""
    >
      {children}
    </Region>
  );
}
