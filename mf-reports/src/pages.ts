import { lazy } from 'react';
import type { RemotePages } from 'shared-contracts';
import { resourcePages } from 'shared-ui';

/**
 * The `./pages` expose: one lazily loaded component per page id the route table gives
 * mf-reports. The type makes a missing or an extra page a compile error, and each page is its own
 * chunk, so the host downloads only the page being visited (and renders it inside <Suspense>).
 */
const pages: RemotePages<'mf-reports'> = {
  dashboard: lazy(() => import('./features/dashboard/pages/dashboard-page')),
  'reports.general': lazy(() => import('./features/reports/pages/reports-general-page')),
  'reports.family-needs': lazy(() => import('./features/reports/pages/reports-family-needs-page')),
  'reports.family-needs.archive': lazy(
    () => import('./features/reports/pages/reports-family-needs-archive-page'),
  ),
  'reports.family-needs.archive-show': lazy(
    () => import('./features/reports/pages/reports-family-needs-archive-show-page'),
  ),
  'reports.financial-services': lazy(
    () => import('./features/reports/pages/reports-financial-services-page'),
  ),
  'reports.financial-services.archive': lazy(
    () => import('./features/reports/pages/reports-financial-services-archive-page'),
  ),
  'reports.financial-services.archive-show': lazy(
    () => import('./features/reports/pages/reports-financial-services-archive-show-page'),
  ),
  'reports.services': lazy(() => import('./features/reports/pages/reports-services-page')),
  'reports.services.archive': lazy(
    () => import('./features/reports/pages/reports-services-archive-page'),
  ),
  'reports.services.archive-show': lazy(
    () => import('./features/reports/pages/reports-services-archive-show-page'),
  ),
  'reports.medical': lazy(() => import('./features/reports/pages/reports-medical-page')),
  'reports.medical.archive': lazy(
    () => import('./features/reports/pages/reports-medical-archive-page'),
  ),
  'reports.medical.archive-show': lazy(
    () => import('./features/reports/pages/reports-medical-archive-show-page'),
  ),
  'reports.survey': lazy(() => import('./features/reports/pages/reports-survey-page')),
  'reports.survey.archive': lazy(
    () => import('./features/reports/pages/reports-survey-archive-page'),
  ),
  'reports.survey.archive-show': lazy(
    () => import('./features/reports/pages/reports-survey-archive-show-page'),
  ),
  'reports.seminar': lazy(() => import('./features/reports/pages/reports-seminar-page')),
  'reports.seminar.archive': lazy(
    () => import('./features/reports/pages/reports-seminar-archive-page'),
  ),
  'reports.seminar.archive-show': lazy(
    () => import('./features/reports/pages/reports-seminar-archive-show-page'),
  ),
  // Conventional resources (shared-contracts `defineResource`, `pages: 'conventional'`) by their name.
  ...resourcePages.declared(
    'mf-reports',
    (name, file) => import(`./features/${name}/pages/${name}-${file}-page`),
  ),
};

export default pages;
