import { UnderConstruction, pageTitle } from 'shared-ui';

/** /calories: a placeholder naming the page until its issue is built. */
export default function CaloriesPage() {
  return <UnderConstruction pageTitle={pageTitle('calories')} />;
}
