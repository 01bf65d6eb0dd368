import { lazy } from 'react';
import type { RemotePages } from 'shared-contracts';
import { resourcePages } from 'shared-ui';

/**
 * The `./pages` expose: one lazily loaded component per page id the route table gives
 * mf-admin. The type makes a missing or an extra page a compile error, and each page is its own
 * chunk, so the host downloads only the page being visited (and renders it inside <Suspense>).
 */
const pages: RemotePages<'mf-admin'> = {
  tasks: lazy(() => import('./features/tasks/pages/tasks-page')),
  'employees.list': lazy(() => import('./features/employees/pages/employees-list-page')),
  'permissions.list': lazy(() => import('./features/permissions/pages/permissions-list-page')),
  'permissions.create': lazy(() => import('./features/permissions/pages/permissions-create-page')),
  'permissions.edit': lazy(() => import('./features/permissions/pages/permissions-edit-page')),
  'activity-tracking': lazy(() => import('./features/activity-log/pages/activity-log-page')),
  releases: lazy(() => import('./features/releases/pages/releases-page')),
  calories: lazy(() => import('./features/calorie-settings/pages/calorie-settings-page')),
  // Conventional resources (shared-contracts `defineResource`, `pages: 'conventional'`) by their name.
  ...resourcePages.declared(
    'mf-admin',
    (name, file) => import(`./features/${name}/pages/${name}-${file}-page`),
  ),
};

export default pages;
