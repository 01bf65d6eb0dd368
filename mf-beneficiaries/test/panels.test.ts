import * as contracts from 'shared-contracts';
import { describeRemotePanels, withoutPanel } from 'build-config/jest/remote-panels-suite';
import panels from '../src/panels';

// @ts-expect-error a map missing one of the remote's panels is not a RemotePanels<'mf-beneficiaries'>
const incomplete: contracts.RemotePanels<'mf-beneficiaries'> = withoutPanel(
  panels,
  'families.show.visits',
);

describeRemotePanels('mf-beneficiaries', { contracts, panels, incomplete });
