import { UnderConstruction, pageTitle } from 'shared-ui';

/** /seminar/create: a placeholder naming the page until its issue is built. */
export default function SeminarsCreatePage() {
  return <UnderConstruction pageTitle={pageTitle('seminars.create')} />;
}
