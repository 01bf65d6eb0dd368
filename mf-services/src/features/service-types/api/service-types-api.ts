import { keepPreviousData } from '@tanstack/react-query';
import {
  serviceTypeEndpoints,
  serviceTypeToInput,
  type ServiceType,
  type ServiceTypeFormValues,
} from 'shared-contracts/services';
import {
  useEndpointCall,
  useEndpointQuery,
  useInvalidateResources,
  type LookupActions,
} from 'shared-ui';

/*
 * The service types API of this remote, every call from its one declaration
 * (`serviceTypeEndpoints`). A change refreshes the types, and the departments and axes (which
 * count their types).
 */

/** One page of the types list (the URL's list state); the last page stays while the next loads. */
export function useServiceTypeList(query: Readonly<Record<string, string>>) {
  return useEndpointQuery(
    serviceTypeEndpoints.list,
    { query },
    { placeholderData: keepPreviousData },
  );
}

function useTypesChanged() {
  const invalidate = useInvalidateResources();
  return () => void invalidate('service-types', 'service-departments', 'service-axes');
}

/** Creates (`id` null) or updates a service type; resolves to the API's answer. */
export function useSaveServiceType(id: number | null) {
  const call = useEndpointCall();
  const changed = useTypesChanged();
  return async (body: ServiceTypeFormValues) => {
    const answer =
      id === null
        ? await call(serviceTypeEndpoints.create, { body })
        : await call(serviceTypeEndpoints.update, { params: { id }, body });
    changed();
    return answer;
  };
}

/** Deactivate / reactivate (the whole entry with its flag changed) and delete, for the list. */
export function useServiceTypeActions(): LookupActions<ServiceType> {
  const call = useEndpointCall();
  const changed = useTypesChanged();
  return {
    setActive: async (type, active) => {
      const body = { ...serviceTypeToInput(type), active };
      const answer = await call(serviceTypeEndpoints.update, { params: { id: type.id }, body });
      changed();
      return answer;
    },
    remove: async (type) => {
      const answer = await call(serviceTypeEndpoints.delete, { params: { id: type.id } });
      changed();
      return answer;
    },
  };
}
