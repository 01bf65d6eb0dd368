import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /activity-tracking: a placeholder naming the page until its issue is built. */
export default function ActivityTrackingPage() {
  return <UnderConstruction pageTitle={pageTitle('activity-tracking')} />;
}
