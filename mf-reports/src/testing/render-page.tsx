import type { ReactElement } from 'react';
import {
  renderPage as renderRemotePage,
  type RenderPageOptions as SharedOptions,
} from 'shared-ui/testing';
import { employee } from './fixtures';

export { currentLocation } from 'shared-ui/testing';

export type RenderPageOptions = Omit<SharedOptions, 'user' | 'navLink'> & {
  user?: SharedOptions['user'];
  navLink?: SharedOptions['navLink'];
};

/** shared-ui's page harness with this remote's defaults: a manager, a way back to /reports. */
export function renderPage(page: ReactElement, options: RenderPageOptions) {
  return renderRemotePage(page, {
    ...options,
    user: options.user ?? employee(),
    navLink: options.navLink ?? { to: '/reports', label: 'التقارير العامة' },
  });
}
