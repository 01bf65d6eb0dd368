import * as contracts from 'shared-contracts';
import { describeRemotePanels, withoutPanel } from 'build-config/jest/remote-panels-suite';
import panels from '../src/panels';

// @ts-expect-error a map missing one of the remote's panels is not a RemotePanels<'mf-finance'>
const incomplete: contracts.RemotePanels<'mf-finance'> = withoutPanel(
  panels,
  'families.show.finance',
);

describeRemotePanels('mf-finance', { contracts, panels, incomplete });
