import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  activityLogQueryKeys,
  queryKeys,
  type EmployeeCreateInput,
  type EmployeeUpdateInput,
} from 'shared-contracts';
import { useApiClient } from 'shared-ui';
import { employeesRequests } from '../api/employees-api';

export type SaveEmployeeVariables =
  | { kind: 'create'; body: EmployeeCreateInput }
  | { kind: 'update'; id: number; body: EmployeeUpdateInput };

/**
 * After any change: every employees list and detail is stale, and so is the activity log
 * (each change writes a row there).
 */
function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.employees.all }),
      queryClient.invalidateQueries({ queryKey: activityLogQueryKeys.all }),
    ]);
}

/** Create or edit from the employee form. */
export function useSaveEmployee() {
  const client = useApiClient();
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (variables: SaveEmployeeVariables) =>
      variables.kind === 'create'
        ? employeesRequests.create(client, variables.body)
        : employeesRequests.update(client, variables.id, variables.body),
    // Not awaited: the dialog closes at once while the list refetches behind it.
    onSuccess: () => void invalidate(),
  });
}

/** The list's quick activate / deactivate: only `active` is sent. */
export function useSetEmployeeActive() {
  const client = useApiClient();
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      employeesRequests.update(client, id, { active }),
    onSuccess: () => void invalidate(),
  });
}
