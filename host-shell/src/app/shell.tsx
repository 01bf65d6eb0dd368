// The authenticated shell, loaded as its own chunk (with react-router, TanStack Query and the
// federation registry): after login, or beside the session check on a returning visit, never on
// the login page's first load (bootstrap.tsx).
import './zod-without-eval';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import type { AxiosInstance } from 'axios';
import type { SessionStore } from 'shared-contracts';
import { preloadRoute } from '../features/federation/hooks/use-remote-pages';
import { App } from './app';
import { createAppRouter } from './app-router';
import { createHostEnvironment } from './host-environment';

export interface ShellStart {
  sessionStore: SessionStore;
  apiClient: AxiosInstance;
  /** Started by a login in this tab (its first page fades in from the login page), not by the load. */
  afterLogin: boolean;
}

/** Renders the whole app into `root` at the current URL. */
export function mountShell(root: Root, { sessionStore, apiClient, afterLogin }: ShellStart): void {
  const { services, registry } = createHostEnvironment({ sessionStore, apiClient });
  // Release flow (a): remotes.json is read at every start, in parallel with the session restore.
  void registry.start();
  // The page being opened starts loading now, beside the session check, not after it.
  void preloadRoute(registry, window.location.pathname);
  // After createHostEnvironment (it may rewrite the URL), and once per page: outside the React
  // tree, so StrictMode's double render does not create a second router listening to the history.
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <App
        services={services}
        registry={registry}
        router={router}
        preloadSections
        fadeFirstPage={afterLogin}
      />
    </StrictMode>,
  );
}
