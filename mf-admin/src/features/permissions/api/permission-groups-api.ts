import { keepPreviousData } from '@tanstack/react-query';
import {
  activityLogEndpoints,
  employeeEndpoints,
  permissionGroupEndpoints,
  type PermissionGroupInput,
} from 'shared-contracts/admin';
import { useEndpointCall, useEndpointQuery, useInvalidateEndpoints } from 'shared-ui';

/*
 * The permission groups API of this remote, every call from its one declaration
 * (`permissionGroupEndpoints`). A change refreshes the groups, the employees (whose effective
 * permissions show their groups) and the activity log.
 */

/** How the edit page loads a group: `<RecordFromRoute {...GROUP_RECORD}>`. */
export const GROUP_RECORD = {
  endpoint: permissionGroupEndpoints.show,
  loadingLabel: 'جارٍ تحميل مجموعة الصلاحيات...',
  notFoundTitle: 'مجموعة الصلاحيات غير موجودة',
};

/** One page of the groups list (the URL's list state). */
export function useGroupList(query: Readonly<Record<string, string>>) {
  return useEndpointQuery(
    permissionGroupEndpoints.list,
    { query },
    { placeholderData: keepPreviousData },
  );
}

function useGroupsChanged() {
  const invalidate = useInvalidateEndpoints();
  return () => void invalidate(permissionGroupEndpoints, employeeEndpoints, activityLogEndpoints);
}

/** Creates (`id` null) or updates a group; resolves to the API's answer. */
export function useSaveGroup(id: number | null) {
  const call = useEndpointCall();
  const changed = useGroupsChanged();
  return async (body: PermissionGroupInput) => {
    const answer =
      id === null
        ? await call(permissionGroupEndpoints.create, { body })
        : await call(permissionGroupEndpoints.update, { params: { id }, body });
    changed();
    return answer;
  };
}

/** Deletes an unused group. */
export function useDeleteGroup() {
  const call = useEndpointCall();
  const changed = useGroupsChanged();
  return async (id: number) => {
    const answer = await call(permissionGroupEndpoints.delete, { params: { id } });
    changed();
    return answer;
  };
}
