import {
  serviceDepartmentEndpoints,
  serviceDepartmentToInput,
  serviceEndpoints,
  serviceTypeEndpoints,
} from 'shared-contracts/services';
import { useEndpointQuery } from 'shared-ui';
import { defineCatalogueApi } from '../../../lib/catalogue-api';

/*
 * The service departments API of this remote, every call from its one declaration
 * (`serviceDepartmentEndpoints`). A change refreshes the departments and the service types
 * (which show their department's name).
 */
export const serviceDepartmentsApi = defineCatalogueApi(serviceDepartmentEndpoints, {
  toInput: serviceDepartmentToInput,
  refreshes: [serviceTypeEndpoints, serviceEndpoints],
});

/** One page of the departments list (the URL's list state); the last page stays while the next loads. */
export const useDepartmentList = serviceDepartmentsApi.useList;

/** The active employees a department may name as its manager. */
export function useDepartmentManagers() {
  return useEndpointQuery(
    serviceDepartmentEndpoints.managers,
    {},
    { select: (answer) => answer.data, staleTime: 5 * 60 * 1000 },
  );
}

/** Creates (`id` null) or updates a department; resolves to the API's answer. */
export const useSaveDepartment = serviceDepartmentsApi.useSave;

/** Deactivate / reactivate (the whole entry with its flag changed) and delete, for the list. */
export const useDepartmentActions = serviceDepartmentsApi.useActions;
