import * as contracts from 'shared-contracts';
import { describeRemotePages, withoutPage } from 'build-config/jest/remote-pages-suite';
import packageJson from '../package.json';
import pages from '../src/pages';

// @ts-expect-error a map missing one of the remote's page ids is not a RemotePages<'mf-beneficiaries'>
const incomplete: contracts.RemotePages<'mf-beneficiaries'> = withoutPage(pages, 'families.list');

describeRemotePages('mf-beneficiaries', { contracts, packageJson, pages, incomplete });
