import { lazy } from 'react';
import type { RemotePages } from 'shared-contracts';

/**
 * The `./pages` expose: one lazily loaded component per page id the route table gives
 * mf-services. The type makes a missing or an extra page a compile error, and each page is its own
 * chunk, so the host downloads only the page being visited (and renders it inside <Suspense>).
 */
const pages: RemotePages<'mf-services'> = {
  'services.list': lazy(() => import('./features/services/pages/services-list-page')),
  'services.create': lazy(() => import('./features/services/pages/services-create-page')),
  'services.edit': lazy(() => import('./features/services/pages/services-edit-page')),
  'services.types': lazy(() => import('./features/services/pages/services-types-page')),
  'services.departments': lazy(() => import('./features/services/pages/services-departments-page')),
  'services.axes': lazy(() => import('./features/services/pages/services-axes-page')),
};

export default pages;
