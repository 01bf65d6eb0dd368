import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /survey/templates/edit/:id: a placeholder naming the page until its issue is built. */
export default function SurveysTemplatesEditPage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.templates.edit')} />;
}
