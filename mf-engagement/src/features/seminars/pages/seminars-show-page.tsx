import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /seminar/show/:id: a placeholder naming the page until its issue is built. */
export default function SeminarsShowPage() {
  return <UnderConstruction pageTitle={pageTitle('seminars.show')} />;
}
