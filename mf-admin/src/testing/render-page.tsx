import type { ReactElement } from 'react';
import type { Employee } from 'shared-contracts';
import { renderPage as renderRemotePage, type FakeApi } from 'shared-ui/testing';

export interface RenderPageOptions {
  /** The URL the page opens at (path + query). */
  path: string;
  /** The logged-in employee, as the host leaves it in the current-user cache entry. */
  currentUser: Employee;
  api?: FakeApi;
  /** The route pattern ('/employee-permissions/permissions/edit/:id'); defaults to the path. */
  route?: string;
}

/** shared-ui's page harness (data router, fake API, the employee cached as the host does). */
export function renderPage(page: ReactElement, options: RenderPageOptions) {
  return renderRemotePage(page, {
    path: options.path,
    user: options.currentUser,
    ...(options.api ? { api: options.api } : {}),
    ...(options.route ? { route: options.route } : {}),
  });
}
