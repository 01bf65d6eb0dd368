import { UnderConstruction, pageTitle } from 'shared-ui';

/** /survey/rates/show/:id: a placeholder naming the page until its issue is built. */
export default function SurveysRatesShowPage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.rates.show')} />;
}
