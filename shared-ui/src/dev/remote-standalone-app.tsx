// The standalone development page of a remote (`pnpm --filter <remote> dev`): the remote's pages
// without the host, behind a plain index of links. Every remote's src/bootstrap.tsx mounts this;
// production builds expose only ./pages (the host renders those), so nothing here reaches them.
import { StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Link,
  Outlet,
  RouterProvider,
  createBrowserRouter,
  type RouteObject,
} from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from 'styled-components';
import {
  REMOTES,
  routesOf,
  titleForPath,
  type PageIdOf,
  type RemoteName,
  type RemotePages,
} from 'shared-contracts';
import { AppLinkProvider } from '../api/app-links';
import { LoadingState } from '../feedback/loading-state';
import { PageHeader } from '../layout/page-header';
import { GlobalStyle } from '../theme/global-style';
import { lightTheme } from '../theme/tokens';
import { ToastProvider } from '../toast/toast-provider';

export interface RemoteStandaloneOptions<R extends RemoteName> {
  remote: R;
  /** The remote's `./pages` map (the same object the host loads). */
  pages: RemotePages<R>;
  /** Where to mount; the dev HTML page's `#root` by default. */
  container?: HTMLElement | null;
}

/** Parameterised routes get a sample id so every page can be opened from the index. */
function samplePath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '1');
}

function DevIndex({ remote }: { remote: RemoteName }) {
  return (
    <main>
      <PageHeader
        title={REMOTES[remote].label}
        description="صفحات هذه الواجهة المستقلة (بيئة التطوير)"
      />
      <ul>
        {routesOf(remote).map((route) => (
          <li key={route.pageId}>
            <Link to={samplePath(route.path)}>{titleForPath(route.path)}</Link>{' '}
            <bdi dir="ltr">{route.path}</bdi>
          </li>
        ))}
      </ul>
    </main>
  );
}

/**
 * `/` is the index; every route the table gives the remote renders its page, inside <Suspense>
 * because each page is a lazy chunk. A data router (as the host's) so that pages using
 * react-router's useBlocker behave here as they do in the host.
 */
function remoteStandaloneRoutes<R extends RemoteName>(
  remote: R,
  pages: RemotePages<R>,
): RouteObject[] {
  return [
    {
      element: (
        <AppLinkProvider>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </AppLinkProvider>
      ),
      children: [
        { path: '/', element: <DevIndex remote={remote} /> },
        ...routesOf(remote).map((route) => {
          // Every page is a LazyExoticComponent<ComponentType>: it takes no props.
          const Page: ComponentType = pages[route.pageId as PageIdOf<R>];
          return { path: route.path, element: <Page /> };
        }),
      ],
    },
  ];
}

export interface RemoteStandalone {
  /** Unmounts the page and stops the router listening to the browser history. */
  unmount(): void;
}

/**
 * Mounts the standalone page: the pages get what the host would give them (light theme and
 * global styles, one QueryClient, the toast region, the router).
 */
export function mountRemoteStandalone<R extends RemoteName>({
  remote,
  pages,
  container = document.getElementById('root'),
}: RemoteStandaloneOptions<R>): RemoteStandalone {
  if (!container) throw new Error('#root is missing from the page');
  const queryClient = new QueryClient();
  const router = createBrowserRouter(remoteStandaloneRoutes(remote, pages));
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <ThemeProvider theme={lightTheme}>
        <GlobalStyle />
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  );
  return {
    unmount() {
      root.unmount();
      router.dispose();
    },
  };
}
