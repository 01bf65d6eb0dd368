import { keepPreviousData } from '@tanstack/react-query';
import {
  serviceAxisEndpoints,
  serviceAxisToInput,
  type ServiceAxis,
  type ServiceAxisFormValues,
} from 'shared-contracts/services';
import {
  useEndpointCall,
  useEndpointQuery,
  useInvalidateResources,
  type LookupActions,
} from 'shared-ui';

/*
 * The service axes API of this remote, every call from its one declaration
 * (`serviceAxisEndpoints`). A change refreshes the axes and the service types (which show their
 * axis's name).
 */

/** One page of the axes list (the URL's list state); the last page stays while the next loads. */
export function useAxisList(query: Readonly<Record<string, string>>) {
  return useEndpointQuery(
    serviceAxisEndpoints.list,
    { query },
    { placeholderData: keepPreviousData },
  );
}

function useAxesChanged() {
  const invalidate = useInvalidateResources();
  return () => void invalidate('service-axes', 'service-types', 'services');
}

/** Creates (`id` null) or updates an axis; resolves to the API's answer. */
export function useSaveAxis(id: number | null) {
  const call = useEndpointCall();
  const changed = useAxesChanged();
  return async (body: ServiceAxisFormValues) => {
    const answer =
      id === null
        ? await call(serviceAxisEndpoints.create, { body })
        : await call(serviceAxisEndpoints.update, { params: { id }, body });
    changed();
    return answer;
  };
}

/** Deactivate / reactivate (the whole entry with its flag changed) and delete, for the list. */
export function useAxisActions(): LookupActions<ServiceAxis> {
  const call = useEndpointCall();
  const changed = useAxesChanged();
  return {
    setActive: async (axis, active) => {
      const body = { ...serviceAxisToInput(axis), active };
      const answer = await call(serviceAxisEndpoints.update, { params: { id: axis.id }, body });
      changed();
      return answer;
    },
    remove: async (axis) => {
      const answer = await call(serviceAxisEndpoints.delete, { params: { id: axis.id } });
      changed();
      return answer;
    },
  };
}
