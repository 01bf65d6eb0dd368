import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /survey: a placeholder naming the page until its issue is built. */
export default function SurveysListPage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.list')} />;
}
