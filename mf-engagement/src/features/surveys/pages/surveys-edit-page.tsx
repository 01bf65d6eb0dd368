import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /survey/edit/:id: a placeholder naming the page until its issue is built. */
export default function SurveysEditPage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.edit')} />;
}
