import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /calories: a placeholder naming the page until its issue is built. */
export default function CaloriesPage() {
  return <UnderConstruction pageTitle={pageTitle('calories')} />;
}
