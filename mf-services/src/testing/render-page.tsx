import type { ReactElement } from 'react';
import {
  renderPage as renderRemotePage,
  type RenderPageOptions as SharedOptions,
} from 'shared-ui/testing';
import { employee } from './fixtures';

export { currentLocation } from 'shared-ui/testing';

export type RenderPageOptions = Omit<SharedOptions, 'user' | 'navLink'> & {
  user?: SharedOptions['user'];
};

/** shared-ui's page harness with this remote's defaults: a services officer, a way back to /services. */
export function renderPage(page: ReactElement, options: RenderPageOptions) {
  return renderRemotePage(page, {
    ...options,
    user: options.user ?? employee(),
    navLink: { to: '/services', label: 'الخدمات' },
  });
}
