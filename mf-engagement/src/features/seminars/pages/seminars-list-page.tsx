import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /seminar: a placeholder naming the page until its issue is built. */
export default function SeminarsListPage() {
  return <UnderConstruction pageTitle={pageTitle('seminars.list')} />;
}
