import { keepPreviousData } from '@tanstack/react-query';
import { taskEndpoints } from 'shared-contracts/resources/tasks-contracts';
import { useEndpointQuery } from 'shared-ui';

/*
 * «مهامي» from its one declaration (`taskEndpoints`). The tasks are computed live by the API, so
 * the page refetches when the window regains focus, like the host's bell.
 */

/** The signed-in employee's tasks for the page's filter and order (the URL's list state). */
export function useMyTasks(query: Readonly<Record<string, string>>) {
  return useEndpointQuery(
    taskEndpoints.list,
    { query },
    {
      placeholderData: keepPreviousData,
      // Never fresh for long: the host's five minutes would hide a task done a moment ago.
      staleTime: 0,
      refetchOnWindowFocus: true,
      select: (answer) => answer.data,
    },
  );
}
