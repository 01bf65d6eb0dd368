import { PageHeader, RecordFromRoute } from 'shared-ui';
import { ORG_RECORD } from '../api/orgs-api';
import { OrgForm } from '../components/org-form';

/** /orgs/edit/:id */
export default function OrgsEditPage() {
  return (
    <RecordFromRoute {...ORG_RECORD}>
      {(org) => (
        <>
          <PageHeader title={`تعديل الجهة: ${org.name}`} />
          <OrgForm key={org.id} org={org} />
        </>
      )}
    </RecordFromRoute>
  );
}
