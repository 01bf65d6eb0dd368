import { lazy } from 'react';
import type { RemotePages } from 'shared-contracts';
import { resourcePages } from 'shared-ui';

/**
 * The `./pages` expose: one lazily loaded component per page id the route table gives
 * mf-engagement. The type makes a missing or an extra page a compile error, and each page is its own
 * chunk, so the host downloads only the page being visited (and renders it inside <Suspense>).
 */
const pages: RemotePages<'mf-engagement'> = {
  'seminars.list': lazy(() => import('./features/seminars/pages/seminars-list-page')),
  'seminars.create': lazy(() => import('./features/seminars/pages/seminars-create-page')),
  'seminars.edit': lazy(() => import('./features/seminars/pages/seminars-edit-page')),
  'seminars.show': lazy(() => import('./features/seminars/pages/seminars-show-page')),
  'seminars.audience': lazy(() => import('./features/seminars/pages/seminars-audience-page')),
  'seminars.types': lazy(() => import('./features/seminars/pages/seminars-types-page')),
  'surveys.list': lazy(() => import('./features/surveys/pages/surveys-list-page')),
  'surveys.create': lazy(() => import('./features/surveys/pages/surveys-create-page')),
  'surveys.edit': lazy(() => import('./features/surveys/pages/surveys-edit-page')),
  'surveys.show': lazy(() => import('./features/surveys/pages/surveys-show-page')),
  'surveys.templates': lazy(() => import('./features/surveys/pages/surveys-templates-page')),
  'surveys.templates.create': lazy(
    () => import('./features/surveys/pages/surveys-templates-create-page'),
  ),
  'surveys.templates.edit': lazy(
    () => import('./features/surveys/pages/surveys-templates-edit-page'),
  ),
  'surveys.rates': lazy(() => import('./features/surveys/pages/surveys-rates-page')),
  'surveys.rates.create': lazy(() => import('./features/surveys/pages/surveys-rates-create-page')),
  'surveys.rates.show': lazy(() => import('./features/surveys/pages/surveys-rates-show-page')),
  'surveys.types': lazy(() => import('./features/surveys/pages/surveys-types-page')),
  // Conventional resources (shared-contracts `defineResource`, `pages: 'conventional'`) by their name.
  ...resourcePages.declared(
    'mf-engagement',
    (name, file) => import(`./features/${name}/pages/${name}-${file}-page`),
  ),
};

export default pages;
