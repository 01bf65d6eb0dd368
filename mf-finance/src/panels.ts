import { lazy } from 'react';
import type { RemotePanels } from 'shared-contracts';

/**
 * The `./panels` expose: what mf-finance contributes to other remotes' pages (the slot table in
 * shared-contracts). The type makes a missing or an extra panel a compile error. The three slots
 * share one panel component (it reads which entity from its props), so one chunk serves them.
 */
const financePanel = lazy(() => import('./features/records/panels/finance-panel'));

const panels: RemotePanels<'mf-finance'> = {
  'families.show.finance': financePanel,
  'orgs.show.finance': financePanel,
  'seasons.show.finance': financePanel,
};

export default panels;
