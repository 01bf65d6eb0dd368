import { z } from 'zod';
import { listQuerySchema, type EndpointDefinition } from 'shared-contracts';
import { endpointAccess, type RouteDocs } from './access-control';

/**
 * Method, URL and access declaration of a route straight from a shared-contracts endpoint
 * table (e.g. BENEFICIARIES_ENDPOINTS), so the API registers exactly what the remote calls:
 * `app.route({ ...endpointRoute(E.familyList, docs), handler })`.
 */
export function endpointRoute(endpoint: EndpointDefinition, docs?: RouteDocs) {
  return {
    method: endpoint.method,
    url: endpoint.path,
    config: { ...endpointAccess(endpoint), ...(docs ? { docs } : {}) },
  };
}

/**
 * The OpenAPI description of a list query declared with `defineListQuery` (a preprocessing
 * pipe, not an object): the flat keys as they travel in the URL.
 */
export function listQueryDocs(definition: { sortable: readonly string[]; filters: Record<string, unknown> }, extra: z.ZodRawShape = {}) {
  const filters = Object.fromEntries(
    Object.keys(definition.filters).map((name) => [`filter[${name}]`, z.string().optional()]),
  );
  return listQuerySchema.extend({
    sort: z.enum(definition.sortable as [string, ...string[]]).optional(),
    ...filters,
    ...extra,
  });
}

/** `?format=csv` on exports (XLSX otherwise). */
export const exportFormatSchema = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });
