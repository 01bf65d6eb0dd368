import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /seminar/create: a placeholder naming the page until its issue is built. */
export default function SeminarsCreatePage() {
  return <UnderConstruction pageTitle={pageTitle('seminars.create')} />;
}
