import {
  serviceAxisEndpoints,
  serviceDepartmentEndpoints,
  serviceTypeEndpoints,
  serviceTypeToInput,
} from 'shared-contracts/services';
import { defineCatalogueApi } from '../../../lib/catalogue-api';

/*
 * The service types API of this remote, every call from its one declaration
 * (`serviceTypeEndpoints`). A change refreshes the types, and the departments and axes (which
 * count their types).
 */
export const serviceTypesApi = defineCatalogueApi(serviceTypeEndpoints, {
  toInput: serviceTypeToInput,
  refreshes: [serviceDepartmentEndpoints, serviceAxisEndpoints],
});

/** One page of the types list (the URL's list state); the last page stays while the next loads. */
export const useServiceTypeList = serviceTypesApi.useList;

/** Creates (`id` null) or updates a service type; resolves to the API's answer. */
export const useSaveServiceType = serviceTypesApi.useSave;

/** Deactivate / reactivate (the whole entry with its flag changed) and delete, for the list. */
export const useServiceTypeActions = serviceTypesApi.useActions;
