import { UnderConstruction, pageTitle } from 'shared-ui';

/** /seminar/edit/:id: a placeholder naming the page until its issue is built. */
export default function SeminarsEditPage() {
  return <UnderConstruction pageTitle={pageTitle('seminars.edit')} />;
}
