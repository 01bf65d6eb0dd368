import { keepPreviousData } from '@tanstack/react-query';
import {
  serviceDepartmentEndpoints,
  serviceDepartmentToInput,
  type ServiceDepartment,
  type ServiceDepartmentFormValues,
} from 'shared-contracts/services';
import {
  useEndpointCall,
  useEndpointQuery,
  useInvalidateResources,
  type LookupActions,
} from 'shared-ui';

/*
 * The service departments API of this remote, every call from its one declaration
 * (`serviceDepartmentEndpoints`). A change refreshes the departments and the service types
 * (which show their department's name).
 */

/** One page of the departments list (the URL's list state); the last page stays while the next loads. */
export function useDepartmentList(query: Readonly<Record<string, string>>) {
  return useEndpointQuery(
    serviceDepartmentEndpoints.list,
    { query },
    { placeholderData: keepPreviousData },
  );
}

/** The active employees a department may name as its manager. */
export function useDepartmentManagers() {
  return useEndpointQuery(
    serviceDepartmentEndpoints.managers,
    {},
    { select: (answer) => answer.data, staleTime: 5 * 60 * 1000 },
  );
}

function useDepartmentsChanged() {
  const invalidate = useInvalidateResources();
  return () => void invalidate('service-departments', 'service-types', 'services');
}

/** Creates (`id` null) or updates a department; resolves to the API's answer. */
export function useSaveDepartment(id: number | null) {
  const call = useEndpointCall();
  const changed = useDepartmentsChanged();
  return async (body: ServiceDepartmentFormValues) => {
    const answer =
      id === null
        ? await call(serviceDepartmentEndpoints.create, { body })
        : await call(serviceDepartmentEndpoints.update, { params: { id }, body });
    changed();
    return answer;
  };
}

/** Deactivate / reactivate (the whole entry with its flag changed) and delete, for the list. */
export function useDepartmentActions(): LookupActions<ServiceDepartment> {
  const call = useEndpointCall();
  const changed = useDepartmentsChanged();
  return {
    setActive: async (department, active) => {
      const body = { ...serviceDepartmentToInput(department), active };
      const answer = await call(serviceDepartmentEndpoints.update, {
        params: { id: department.id },
        body,
      });
      changed();
      return answer;
    },
    remove: async (department) => {
      const answer = await call(serviceDepartmentEndpoints.delete, {
        params: { id: department.id },
      });
      changed();
      return answer;
    },
  };
}
