import { UnderConstruction, pageTitle } from 'shared-ui';

/** /seminar/audience/:id: a placeholder naming the page until its issue is built. */
export default function SeminarsAudiencePage() {
  return <UnderConstruction pageTitle={pageTitle('seminars.audience')} />;
}
