import { useParams } from 'react-router-dom';
import { PageHeader, RecordFromRoute } from 'shared-ui';
import { ORGANISATION_RECORD } from '../api/organisations-api';
import { OrganisationForm } from '../components/organisation-form';

/** /orgs/create and /orgs/edit/:id: one page, told apart by the route's `:id`. */
export default function OrganisationsFormPage() {
  if (useParams().id === undefined) {
    return (
      <>
        <PageHeader title="إضافة جهة" />
        <OrganisationForm organisation={null} />
      </>
    );
  }
  return (
    <RecordFromRoute {...ORGANISATION_RECORD}>
      {(organisation) => (
        <>
          <PageHeader title={`تعديل الجهة: ${organisation.name}`} />
          <OrganisationForm key={organisation.id} organisation={organisation} />
        </>
      )}
    </RecordFromRoute>
  );
}
