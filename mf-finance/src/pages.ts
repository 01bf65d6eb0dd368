import { lazy } from 'react';
import type { RemotePages } from 'shared-contracts';

/**
 * The `./pages` expose: one lazily loaded component per page id the route table gives
 * mf-finance. The type makes a missing or an extra page a compile error, and each page is its own
 * chunk, so the host downloads only the page being visited (and renders it inside <Suspense>).
 */
const pages: RemotePages<'mf-finance'> = {
  'financial.list': lazy(() => import('./features/financial/pages/financial-list-page')),
  'financial.report': lazy(() => import('./features/financial/pages/financial-report-page')),
};

export default pages;
