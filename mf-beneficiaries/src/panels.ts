import { lazy } from 'react';
import type { RemotePanels } from 'shared-contracts';

/**
 * The `./panels` expose: what mf-beneficiaries contributes to pages through the slot table in
 * shared-contracts — the field visits on the family page, kept in their own feature so the
 * families feature does not import it. The type makes a missing or an extra panel a compile
 * error; each panel is its own chunk.
 */
const panels: RemotePanels<'mf-beneficiaries'> = {
  'families.show.visits': lazy(() => import('./features/visits/panels/family-visits-panel')),
};

export default panels;
