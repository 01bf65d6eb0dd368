import { PageHeader } from 'shared-ui';
import { OrgForm } from '../components/org-form';
import { OrgFromRoute } from '../components/org-from-route';

/** /orgs/edit/:id */
export default function OrgsEditPage() {
  return (
    <OrgFromRoute>
      {(org) => (
        <>
          <PageHeader title={`تعديل الجهة: ${org.name}`} />
          <OrgForm key={org.id} org={org} />
        </>
      )}
    </OrgFromRoute>
  );
}
