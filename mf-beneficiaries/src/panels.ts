import { lazy } from 'react';
import type { RemotePanels } from 'shared-contracts';

/**
 * The `./panels` expose: what mf-beneficiaries contributes to pages through the slot table in
 * shared-contracts — the documents, the field visits, the consents and who looked at the file on the family page, each kept in its own
 * feature so the families feature does not import them. The type makes a missing or an extra
 * panel a compile error; each panel is its own chunk.
 */
const panels: RemotePanels<'mf-beneficiaries'> = {
  'families.show.visits': lazy(() => import('./features/visits/panels/family-visits-panel')),
  'families.show.documents': lazy(
    () => import('./features/documents/panels/family-documents-panel'),
  ),
  'families.show.consents': lazy(() => import('./features/consents/panels/family-consents-panel')),
  'families.show.access-log': lazy(
    () => import('./features/family-access/panels/family-access-panel'),
  ),
};

export default panels;
