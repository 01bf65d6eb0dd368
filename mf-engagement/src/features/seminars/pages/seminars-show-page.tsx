import { UnderConstruction, pageTitle } from 'shared-ui';

/** /seminar/show/:id: a placeholder naming the page until its issue is built. */
export default function SeminarsShowPage() {
  return <UnderConstruction pageTitle={pageTitle('seminars.show')} />;
}
