import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { countOf, pathTo } from 'shared-contracts';
import { taskEndpoints } from 'shared-contracts/resources/tasks-contracts';
import { ApiClientProvider, Icon, formatNumber, useEndpointQuery } from 'shared-ui';
import { useHostServices } from '../../../lib/host-services';

/** How often the bell asks again (ms); it also asks when the window regains focus. */
export const TASKS_BELL_REFRESH_MS = 60_000;

export const TASKS_BELL_LABEL = 'المهام المفتوحة';

/** The bell's accessible name: «المهام المفتوحة: 3 مهام» (no count while it is unknown). */
export function tasksBellLabel(total: number | undefined): string {
  return total === undefined ? TASKS_BELL_LABEL : `${TASKS_BELL_LABEL}: ${countOf(total, 'task')}`;
}

const BellLink = styled(Link)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  inline-size: 2.5rem;
  block-size: 2.5rem;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

/* Drawn over the bell's corner, so a count appearing moves nothing around it. */
const Count = styled.span`
  position: absolute;
  inset-block-start: 0.125rem;
  inset-inline-end: 0.125rem;
  min-inline-size: 1.25rem;
  padding-inline: 0.25rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onDanger};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: 1.25rem;
  text-align: center;
`;

/**
 * The top bar's bell: the number of open tasks of the signed-in employee (docs/tasks.md), asked
 * every minute, when the window regains focus and after moving to another page (where a task may
 * just have been done), linking to «مهامي». Never fresh for long (`staleTime: 0`): the host's
 * five minutes would make the focus refetch a no-op.
 */
function TasksBellLink() {
  const count = useEndpointQuery(
    taskEndpoints.count,
    {},
    {
      staleTime: 0,
      refetchInterval: TASKS_BELL_REFRESH_MS,
      refetchOnWindowFocus: true,
      select: (answer) => answer.data.total,
    },
  );
  const { pathname } = useLocation();
  const { refetch } = count;
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    void refetch();
  }, [pathname, refetch]);
  const total = count.data;
  return (
    <BellLink to={pathTo('tasks')} aria-label={tasksBellLabel(total)} data-testid="tasks-bell">
      <Icon name="bell" />
      {total !== undefined && total > 0 ? (
        <Count aria-hidden="true">{total > 99 ? '+99' : formatNumber(total)}</Count>
      ) : null}
    </BellLink>
  );
}

/** The bell, asking through the host's API client (the one the session's token goes with). */
export function TasksBell() {
  const { apiClient } = useHostServices();
  return (
    <ApiClientProvider client={apiClient}>
      <TasksBellLink />
    </ApiClientProvider>
  );
}
