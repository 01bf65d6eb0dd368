import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /survey/templates: a placeholder naming the page until its issue is built. */
export default function SurveysTemplatesPage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.templates')} />;
}
