import { UnderConstruction, pageTitle } from 'shared-ui';

/** /survey: a placeholder naming the page until its issue is built. */
export default function SurveysListPage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.list')} />;
}
