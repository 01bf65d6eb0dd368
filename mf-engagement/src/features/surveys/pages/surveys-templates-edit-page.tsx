import { UnderConstruction, pageTitle } from 'shared-ui';

/** /survey/templates/edit/:id: a placeholder naming the page until its issue is built. */
export default function SurveysTemplatesEditPage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.templates.edit')} />;
}
