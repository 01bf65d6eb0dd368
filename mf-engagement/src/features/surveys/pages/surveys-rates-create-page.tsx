import { UnderConstruction, pageTitle } from 'shared-ui';

/** /survey/rates/:id/create: a placeholder naming the page until its issue is built. */
export default function SurveysRatesCreatePage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.rates.create')} />;
}
