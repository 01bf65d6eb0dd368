import { UnderConstruction, pageTitle } from 'shared-ui';

/** /survey/rates/:id: a placeholder naming the page until its issue is built. */
export default function SurveysRatesPage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.rates')} />;
}
