import { UnderConstruction, pageTitle } from 'shared-ui';

/** /seminar: a placeholder naming the page until its issue is built. */
export default function SeminarsListPage() {
  return <UnderConstruction pageTitle={pageTitle('seminars.list')} />;
}
