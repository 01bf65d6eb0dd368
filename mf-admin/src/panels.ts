import { lazy } from 'react';
import type { RemotePanels } from 'shared-contracts';

/**
 * The `./panels` expose: what mf-admin contributes to other remotes' pages (the slot table in
 * shared-contracts). The type makes a missing or an extra panel a compile error; each panel is
 * its own chunk, loaded only when a page shows its slot to someone allowed to see it.
 */
const panels: RemotePanels<'mf-admin'> = {
  'families.show.activity': lazy(
    () => import('./features/activity-log/panels/family-activity-panel'),
  ),
};

export default panels;
