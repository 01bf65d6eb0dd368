import { keepPreviousData, useMutation } from '@tanstack/react-query';
import {
  activityLogEndpoints,
  employeeEndpoints,
  permissionGroupEndpoints,
  type EmployeeCreateInput,
  type EmployeeUpdateInput,
} from 'shared-contracts/admin';
import { useEndpointCall, useEndpointQuery, useInvalidateEndpoints } from 'shared-ui';

/**
 * Every permission group by name (the form's groups and the list's group filter); a charity has
 * a handful, so one page of 200 is all of them. Cached under the groups resource.
 */
const ALL_GROUPS = { page: 1, per_page: 200, sort: 'name', order: 'asc' } as const;
export function useAllGroups() {
  return useEndpointQuery(
    permissionGroupEndpoints.list,
    { query: ALL_GROUPS },
    { staleTime: 30_000 },
  );
}

/** A save from the employee form: a new employee, or the changes to one. */
export type EmployeeSave =
  | { kind: 'create'; body: EmployeeCreateInput }
  | { kind: 'update'; id: number; body: EmployeeUpdateInput };

/**
 * One page of employees for the list's URL state (`employeeListQuery` params, sent as they are);
 * the previous page stays on screen (dimmed) while the next loads.
 */
export function useEmployeeList(query: Readonly<Record<string, string>>) {
  return useEndpointQuery(employeeEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

/**
 * After any change: every cached employees answer is stale, and so is the activity log (each
 * change writes a row there). Not awaited by the callers: a dialog closes at once while the
 * list refetches behind it.
 */
function useInvalidateAfterChange() {
  const invalidate = useInvalidateEndpoints();
  return () => void invalidate(employeeEndpoints, activityLogEndpoints);
}

/** Create or edit from the employee form; resolves to the saved employee. */
export function useSaveEmployee() {
  const call = useEndpointCall();
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: async (save: EmployeeSave) => {
      const answer =
        save.kind === 'create'
          ? await call(employeeEndpoints.create, { body: save.body })
          : await call(employeeEndpoints.update, { params: { id: save.id }, body: save.body });
      return answer.data;
    },
    onSuccess: invalidate,
  });
}

/** The list's quick activate / deactivate: only `active` is sent. */
export function useSetEmployeeActive() {
  const call = useEndpointCall();
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: async ({ id, active }: { id: number; active: boolean }) =>
      (await call(employeeEndpoints.update, { params: { id }, body: { active } })).data,
    onSuccess: invalidate,
  });
}
