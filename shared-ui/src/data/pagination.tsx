import styled from 'styled-components';
import { NEXT_ICON, PREVIOUS_ICON } from '../controls/button';
import { Icon } from '../controls/icon';
import { formatNumber } from '../format/format';

export const PAGINATION_LABEL = 'التنقل بين الصفحات';
export const PREVIOUS_LABEL = 'السابق';
export const NEXT_LABEL = 'التالي';
export const TOTAL_LABEL = 'الإجمالي';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-block-start: ${({ theme }) => theme.space.md};
`;

const Total = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const PageButton = styled.button<{ $current?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xxs};
  min-inline-size: 2.25rem;
  min-block-size: 2.25rem;
  padding-inline: ${({ theme }) => theme.space.sm};
  border: 1px solid
    ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme, $current }) => ($current ? theme.colors.onPrimary : theme.colors.text)};
  font-weight: ${({ theme, $current }) => ($current ? theme.font.weight.bold : theme.font.weight.regular)};
  cursor: pointer;

  &:hover:not(:disabled):not([aria-current]) {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }

  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

const Gap = styled.span`
  padding-inline: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** First, last, and a window of `siblings` around the current page, with gaps marked null. */
export function pageWindow(page: number, lastPage: number, siblings = 1): (number | null)[] {
  const pages = new Set<number>([1, lastPage]);
  for (let p = page - siblings; p <= page + siblings; p += 1)
    if (p >= 1 && p <= lastPage) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((p, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && p - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) result.push(null);
    result.push(p);
  });
  return result;
}

export interface PaginationProps {
  /** 1-based current page (the API's `meta.page`). */
  page: number;
  /** The API's `meta.last_page`; 0 (no rows) is treated as 1. */
  lastPage: number;
  /** The API's `meta.total`, shown with formatNumber. */
  total?: number;
  onPageChange: (page: number) => void;
  className?: string;
}

export function Pagination({ page, lastPage, total, onPageChange, className }: PaginationProps) {
  const last = Math.max(1, lastPage);
  const current = Math.min(Math.max(1, page), last);
  return (
    <Nav aria-label={PAGINATION_LABEL} className={className}>
      {total !== undefined ? (
        <Total>
          {TOTAL_LABEL}: {formatNumber(total)}
        </Total>
      ) : (
        <span />
      )}
      <List>
        <li>
          {/* In RTL "previous" points right, towards where reading started. */}
          <PageButton
            type="button"
            disabled={current <= 1}
            onClick={() => onPageChange(current - 1)}
          >
            <Icon name={PREVIOUS_ICON} size={16} />
            {PREVIOUS_LABEL}
          </PageButton>
        </li>
        {pageWindow(current, last).map((p, index) =>
          p === null ? (
            <li key={`gap-${index}`} aria-hidden="true">
              <Gap>…</Gap>
            </li>
          ) : (
            <li key={p}>
              <PageButton
                type="button"
                $current={p === current}
                aria-current={p === current ? 'page' : undefined}
                aria-label={`الصفحة ${formatNumber(p)}`}
                onClick={() => {
                  if (p !== current) onPageChange(p);
                }}
              >
                {formatNumber(p)}
              </PageButton>
            </li>
          ),
        )}
        <li>
          <PageButton
            type="button"
            disabled={current >= last}
            onClick={() => onPageChange(current + 1)}
          >
            {NEXT_LABEL}
            <Icon name={NEXT_ICON} size={16} />
          </PageButton>
        </li>
      </List>
    </Nav>
  );
}
