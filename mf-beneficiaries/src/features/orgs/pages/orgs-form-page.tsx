import { useParams } from 'react-router-dom';
import { PageHeader, RecordFromRoute } from 'shared-ui';
import { ORG_RECORD } from '../api/orgs-api';
import { OrgForm } from '../components/org-form';

/** /orgs/create and /orgs/edit/:id: one page, told apart by the route's `:id`. */
export default function OrgsFormPage() {
  if (useParams().id === undefined) {
    return (
      <>
        <PageHeader title="إضافة جهة" />
        <OrgForm org={null} />
      </>
    );
  }
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
