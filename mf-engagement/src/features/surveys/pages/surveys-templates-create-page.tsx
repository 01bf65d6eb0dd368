import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /survey/templates/create: a placeholder naming the page until its issue is built. */
export default function SurveysTemplatesCreatePage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.templates.create')} />;
}
