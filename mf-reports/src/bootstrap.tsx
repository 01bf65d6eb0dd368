// Standalone development page (`pnpm --filter mf-reports dev`): the remote's pages without the host
// (shared-ui/src/dev). Production builds expose only ./pages; the host renders those.
import { mountRemoteStandalone } from 'shared-ui';
import pages from './pages';

mountRemoteStandalone({ remote: 'mf-reports', pages });
