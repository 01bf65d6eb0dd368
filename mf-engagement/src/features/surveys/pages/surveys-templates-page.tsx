import { UnderConstruction, pageTitle } from 'shared-ui';

/** /survey/templates: a placeholder naming the page until its issue is built. */
export default function SurveysTemplatesPage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.templates')} />;
}
