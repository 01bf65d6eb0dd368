import { createContext } from 'react';
import type { SidebarEntry } from 'shared-contracts';

/**
 * Whether the shell preloads the employee's sections while the browser is idle after login. On in
 * the real page (app/shell.tsx), off by default so component tests see only the loads they cause.
 */
export const SectionPreloadContext = createContext(false);

/** Every page path the sidebar offers, in its order (a group's links after the group). */
export function sidebarPagePaths(entries: readonly SidebarEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.kind === 'link' ? [entry.path] : entry.links.map((link) => link.path),
  );
}
