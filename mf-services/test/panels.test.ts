import * as contracts from 'shared-contracts';
import { describeRemotePanels, withoutPanel } from 'build-config/jest/remote-panels-suite';
import panels from '../src/panels';

// @ts-expect-error a map missing one of the remote's panels is not a RemotePanels<'mf-services'>
const incomplete: contracts.RemotePanels<'mf-services'> = withoutPanel(
  panels,
  'families.show.services',
);

describeRemotePanels('mf-services', { contracts, panels, incomplete });
