import { lazy } from 'react';
import type { RemotePages } from 'shared-contracts';
import { resourcePages } from 'shared-ui';

/**
 * The `./pages` expose: one lazily loaded component per page id the route table gives
 * mf-services. The type makes a missing or an extra page a compile error, and each page is its own
 * chunk, so the host downloads only the page being visited (and renders it inside <Suspense>).
 */
const pages: RemotePages<'mf-services'> = {
  ...resourcePages('services', (page) => import(`./features/services/pages/services-${page}-page`)),
  'services.types': lazy(() => import('./features/service-types/pages/service-types-page')),
  'services.departments': lazy(
    () => import('./features/service-departments/pages/service-departments-page'),
  ),
  'services.axes': lazy(() => import('./features/service-axes/pages/service-axes-page')),
  // Conventional resources (shared-contracts `defineResource`, `pages: 'conventional'`) by their name.
  ...resourcePages.declared(
    'mf-services',
    (name, file) => import(`./features/${name}/pages/${name}-${file}-page`),
  ),
};

export default pages;
