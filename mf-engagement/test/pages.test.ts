import * as contracts from 'shared-contracts';
import { describeRemotePages, withoutPage } from 'build-config/jest/remote-pages-suite';
import packageJson from '../package.json';
import pages from '../src/pages';

// @ts-expect-error a map missing one of the remote's page ids is not a RemotePages<'mf-engagement'>
const incomplete: contracts.RemotePages<'mf-engagement'> = withoutPage(pages, 'seminars.list');

describeRemotePages('mf-engagement', { contracts, packageJson, pages, incomplete });
