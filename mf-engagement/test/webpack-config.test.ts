import path from 'node:path';
import * as contracts from 'shared-contracts';
import { describeRemoteConfig } from 'build-config/jest/remote-config-suite';

describeRemoteConfig('mf-engagement', { packageDir: path.join(__dirname, '..'), contracts });
