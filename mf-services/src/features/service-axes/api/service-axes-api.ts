import {
  serviceAxisEndpoints,
  serviceAxisToInput,
  serviceEndpoints,
  serviceTypeEndpoints,
} from 'shared-contracts/services';
import { defineCatalogueApi } from '../../../lib/catalogue-api';

/*
 * The service axes API of this remote, every call from its one declaration
 * (`serviceAxisEndpoints`). A change refreshes the axes and the service types (which show their
 * axis's name).
 */
export const serviceAxesApi = defineCatalogueApi(serviceAxisEndpoints, {
  toInput: serviceAxisToInput,
  refreshes: [serviceTypeEndpoints, serviceEndpoints],
});

/** One page of the axes list (the URL's list state); the last page stays while the next loads. */
export const useAxisList = serviceAxesApi.useList;

/** Creates (`id` null) or updates an axis; resolves to the API's answer. */
export const useSaveAxis = serviceAxesApi.useSave;

/** Deactivate / reactivate (the whole entry with its flag changed) and delete, for the list. */
export const useAxisActions = serviceAxesApi.useActions;
