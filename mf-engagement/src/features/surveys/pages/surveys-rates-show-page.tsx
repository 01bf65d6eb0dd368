import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /survey/rates/show/:id: a placeholder naming the page until its issue is built. */
export default function SurveysRatesShowPage() {
  return <UnderConstruction pageTitle={pageTitle('surveys.rates.show')} />;
}
