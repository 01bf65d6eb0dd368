import { lazy } from 'react';
import type { RemotePages } from 'shared-contracts';
import { resourcePages } from 'shared-ui';
import { loadReportPage } from './lib/report-preload';

/**
 * The `./pages` expose: one lazily loaded component per page id the route table gives
 * mf-finance. The type makes a missing or an extra page a compile error, and each page is its own
 * chunk, so the host downloads only the page being visited (and renders it inside <Suspense>):
 * chart.js, which only the report draws with, is not in the list's or the form's chunks (the
 * report's loader starts it beside the page's chunk, and the list preloads both at idle time).
 */
const pages: RemotePages<'mf-finance'> = {
  ...resourcePages(
    'financial',
    (page) => import(`./features/records/pages/financial-${page}-page`),
  ),
  'financial.report': lazy(loadReportPage),
  'financial.categories': lazy(
    () => import('./features/categories/pages/financial-categories-page'),
  ),
  // Conventional resources (shared-contracts `defineResource`, `pages: 'conventional'`) by their name.
  ...resourcePages.declared(
    'mf-finance',
    (name, file) => import(`./features/${name}/pages/${name}-${file}-page`),
  ),
};

export default pages;
