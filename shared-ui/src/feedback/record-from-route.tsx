import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { Endpoint, EndpointResponse } from 'shared-contracts';
import { useEndpointQuery } from '../api/use-endpoint';
import { QueryView } from './query-view';

type ItemEndpoint = Endpoint & { readonly path: `${string}:id${string}` };
type ItemOf<E extends Endpoint> = EndpointResponse<E> extends { data: infer T } ? T : never;

export interface RecordFromRouteProps<E extends ItemEndpoint> {
  /** The record's show endpoint (`GET /things/:id` answering `{ data }`). */
  endpoint: E;
  /** While loading ('جارٍ تحميل الجهة...'). */
  loadingLabel: string;
  /** The 404 title ('الجهة غير موجودة'). */
  notFoundTitle: string;
  children: (record: ItemOf<E>) => ReactNode;
}

/**
 * The record named by the route's `:id`, for every show and edit page: loading, not found,
 * retry, then the page. The answer is cached under the endpoint's key, so a save that updates
 * or invalidates the resource refreshes it.
 */
export function RecordFromRoute<E extends ItemEndpoint>({
  endpoint,
  loadingLabel,
  notFoundTitle,
  children,
}: RecordFromRouteProps<E>) {
  // The id as typed in the address: one that cannot exist (`/orgs/show/abc`) is the server's 404.
  const id = useParams().id ?? '';
  // `as never`: every ItemEndpoint has exactly the `:id` parameter, which TypeScript cannot see
  // through the generic path type.
  const query = useEndpointQuery(endpoint, { params: { id } } as never, {
    select: (response) => (response as { data: ItemOf<E> }).data,
  });
  return (
    <QueryView query={query} loadingLabel={loadingLabel} notFoundTitle={notFoundTitle}>
      {children}
    </QueryView>
  );
}
