import { PageHeader } from 'shared-ui';
import { OrgForm } from '../components/org-form';

/** /orgs/create */
export default function OrgsCreatePage() {
  return (
    <>
      <PageHeader title="إضافة جهة" />
      <OrgForm org={null} />
    </>
  );
}
