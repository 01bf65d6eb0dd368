import { UnderConstruction, pageTitle } from 'shared-ui';

/** /survey/edit/:id: a placeholder naming the page until its issue is built. */
export default function SurveysEditPage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.edit')} />;
}
