import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ROUTES, landingPathFor, type AppRoute, type PageIdOf } from 'shared-contracts';
import { useCurrentEmployee } from '../lib/session/current-employee';
import { LoginPage } from '../features/auth/pages/login-page';
import { AppErrorPage } from '../features/errors/pages/app-error-page';
import { NotFoundPage } from '../features/errors/pages/not-found-page';
import { UnauthorizedPage } from '../features/errors/pages/unauthorized-page';
import { RemotePage } from '../features/federation/components/remote-page';
import { AccessGate } from '../features/guard/components/access-gate';
import { SessionGate } from '../features/guard/components/session-gate';
import { ProfilePage } from '../features/profile/pages/profile-page';
import { ShellLayout } from './shell-layout';

/** The host's own pages; a missing one is a compile error, like a remote's page map. */
const HOST_PAGES: Record<PageIdOf<'host'>, ReactElement> = {
  profile: <ProfilePage />,
  unauthorized: <UnauthorizedPage />,
};

/**
 * Not found inside the shell: needs nothing but a valid, active login (docs/shell.md#permissions).
 */
const NOT_FOUND_ACCESS = { path: '*', permissions: [] } as const;

function pageFor(route: AppRoute): ReactElement {
  return route.owner === 'host' ? (
    HOST_PAGES[route.pageId]
  ) : (
    <RemotePage remote={route.owner} pageId={route.pageId} />
  );
}

function ShellNotFound() {
  const employee = useCurrentEmployee();
  return (
    <NotFoundPage homePath={landingPathFor(employee)} homeLabel="العودة إلى الصفحة الرئيسية" />
  );
}

/**
 * The route tree, built from the one route table (shared-contracts): `/` is the login page; every
 * route of the table sits behind the guard inside the shell; anything else is not found (inside
 * the shell for a logged-in employee, standalone for a visitor). Route objects, not <Routes>, so
 * a data router (createBrowserRouter) can serve them: remote pages rely on its useBlocker.
 */
export function createAppRoutes(): RouteObject[] {
  // One pathless root so any route's failure lands on the Arabic error page.
  return [{ errorElement: <AppErrorPage />, children: appRouteTree() }];
}

function appRouteTree(): RouteObject[] {
  return [
    { path: '/', element: <LoginPage /> },
    {
      element: (
        <SessionGate
          unknownPathFallback={
            <NotFoundPage standalone homePath="/" homeLabel="الذهاب إلى تسجيل الدخول" />
          }
        >
          <ShellLayout />
        </SessionGate>
      ),
      children: [
        ...ROUTES.map((route) => ({
          path: route.path,
          element: <AccessGate route={route}>{pageFor(route)}</AccessGate>,
        })),
        {
          path: '*',
          element: (
            <AccessGate route={NOT_FOUND_ACCESS}>
              <ShellNotFound />
            </AccessGate>
          ),
        },
      ],
    },
  ];
}
