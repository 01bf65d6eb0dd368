import { lazy } from 'react';
import type { RemotePages } from 'shared-contracts';
import { resourcePages } from 'shared-ui';

/**
 * The `./pages` expose: one lazily loaded component per page id the route table gives
 * mf-beneficiaries. The type makes a missing or an extra page a compile error, and each page is its own
 * chunk, so the host downloads only the page being visited (and renders it inside <Suspense>).
 */
const pages: RemotePages<'mf-beneficiaries'> = {
  'families.list': lazy(() => import('./features/families/pages/families-list-page')),
  'families.create': lazy(() => import('./features/families/pages/families-create-page')),
  'families.edit': lazy(() => import('./features/families/pages/families-edit-page')),
  'families.show': lazy(() => import('./features/families/pages/families-show-page')),
  'families.members': lazy(() => import('./features/members/pages/members-list-page')),
  'families.import': lazy(() => import('./features/family-import/pages/family-import-list-page')),
  'families.import.show': lazy(
    () => import('./features/family-import/pages/family-import-review-page'),
  ),
  'visits.list': lazy(() => import('./features/visits/pages/visits-list-page')),
  'visits.route-sheet': lazy(() => import('./features/visits/pages/visits-route-sheet-page')),
  privacy: lazy(() => import('./features/privacy/pages/privacy-page')),
  ...resourcePages(
    'orgs',
    (page) => import(`./features/organisations/pages/organisations-${page}-page`),
  ),
  'seasons.list': lazy(() => import('./features/seasons/pages/seasons-list-page')),
  'seasons.create': lazy(() => import('./features/seasons/pages/seasons-create-page')),
  'seasons.edit': lazy(() => import('./features/seasons/pages/seasons-edit-page')),
  'seasons.show': lazy(() => import('./features/seasons/pages/seasons-show-page')),
  // Conventional resources (shared-contracts `defineResource`, `pages: 'conventional'`) by their name.
  ...resourcePages.declared(
    'mf-beneficiaries',
    (name, file) => import(`./features/${name}/pages/${name}-${file}-page`),
  ),
};

export default pages;
