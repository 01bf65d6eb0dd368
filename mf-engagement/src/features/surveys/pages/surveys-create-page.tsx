import { UnderConstruction, pageTitle } from 'shared-ui';

/** /survey/create: a placeholder naming the page until its issue is built. */
export default function SurveysCreatePage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.create')} />;
}
