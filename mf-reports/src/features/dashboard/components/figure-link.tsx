import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { pathTo, type PageId } from 'shared-contracts';
import { useCanVisit } from 'shared-ui';

/*
 * A figure of the dashboard: its label, then its value, as one link to the list behind it with
 * the list's own filters in the address (`filter[status]=pending_review`…), read there by the
 * list's URL codec. The route table decides whether the employee may open that list (the same
 * rule as shared-ui's PageLink, which takes no query string): without it, the figure is text.
 */

export const Figures = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Box = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  > a,
  > span {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.xs};
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    color: inherit;
    text-decoration: none;
  }
  > a:hover .figure-label,
  > a:focus-visible .figure-label {
    text-decoration: underline;
  }
  .figure-label {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  .figure-value {
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
  }
`;

/** The address of a list page with its filters: `{ status: 'delivered' }` → `?filter[status]=delivered`. */
export function listHref(pageId: PageId, filter: Record<string, string> = {}): string {
  const search = new URLSearchParams(
    Object.entries(filter).map(([name, value]) => [`filter[${name}]`, value]),
  ).toString();
  return search ? `${pathTo(pageId)}?${search}` : pathTo(pageId);
}

export function Figure({
  label,
  value,
  pageId,
  filter,
}: {
  label: string;
  value: ReactNode;
  pageId: PageId;
  filter?: Record<string, string>;
}) {
  const allowed = useCanVisit(pageId);
  const content = (
    <>
      <span className="figure-label">{label}</span> <span className="figure-value">{value}</span>
    </>
  );
  return (
    <Box>
      {allowed ? <Link to={listHref(pageId, filter)}>{content}</Link> : <span>{content}</span>}
    </Box>
  );
}
