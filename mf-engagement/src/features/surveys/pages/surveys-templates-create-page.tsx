import { UnderConstruction, pageTitle } from 'shared-ui';

/** /survey/templates/create: a placeholder naming the page until its issue is built. */
export default function SurveysTemplatesCreatePage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.templates.create')} />;
}
