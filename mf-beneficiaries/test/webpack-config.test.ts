import path from 'node:path';
import * as contracts from 'shared-contracts';
import { describeRemoteConfig } from 'build-config/jest/remote-config-suite';

describeRemoteConfig('mf-beneficiaries', { packageDir: path.join(__dirname, '..'), contracts });
