import { UnderConstruction, pageTitle } from 'shared-ui';

/** /survey/show/:id: a placeholder naming the page until its issue is built. */
export default function SurveysShowPage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.show')} />;
}
